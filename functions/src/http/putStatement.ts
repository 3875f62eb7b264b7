import * as reconciliationRoutes from '@rent/shared/api/routes/reconciliation';
import { http } from '../runtime/http.js';
import { putStatement } from '../services/reconciliation/reconciliations.js';

export const handler = http(reconciliationRoutes.putStatement, ({ caller, params, body }) =>
  putStatement(caller, params.id, params.month, body),
);
