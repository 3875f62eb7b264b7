import * as reconciliationRoutes from '@rent/shared/api/routes/reconciliation';
import { http } from '../runtime/http.js';
import { listReconciliations } from '../services/reconciliation/reconciliations.js';

export const handler = http(reconciliationRoutes.listReconciliations, ({ caller, params }) =>
  listReconciliations(caller, params.id),
);
