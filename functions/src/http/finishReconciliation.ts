import * as reconciliationRoutes from '@rent/shared/api/routes/reconciliation';
import { http } from '../runtime/http.js';
import { finishReconciliation } from '../services/reconciliation/reconciliations.js';

export const handler = http(reconciliationRoutes.finishReconciliation, ({ caller, params }) =>
  finishReconciliation(caller, params.id, params.month),
);
