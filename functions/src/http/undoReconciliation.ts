import * as reconciliationRoutes from '@rent/shared/api/routes/reconciliation';
import { http } from '../runtime/http.js';
import { undoReconciliation } from '../services/reconciliation/reconciliations.js';

export const handler = http(reconciliationRoutes.undoReconciliation, ({ caller, params }) =>
  undoReconciliation(caller, params.id, params.month),
);
