import * as reconciliationRoutes from '@rent/shared/api/routes/reconciliation';
import { http } from '../runtime/http.js';
import { getReconciliation } from '../services/reconciliation/reconciliations.js';

export const handler = http(reconciliationRoutes.getReconciliation, ({ caller, params }) =>
  getReconciliation(caller, params.id, params.month),
);
