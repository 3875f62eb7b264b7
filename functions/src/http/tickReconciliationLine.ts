import * as reconciliationRoutes from '@rent/shared/api/routes/reconciliation';
import { http } from '../runtime/http.js';
import { tickLine } from '../services/reconciliation/reconciliations.js';

export const handler = http(reconciliationRoutes.tickReconciliationLine, ({ caller, params, body }) =>
  tickLine(caller, params.id, params.month, body),
);
