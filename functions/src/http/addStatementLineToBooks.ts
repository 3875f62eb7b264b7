import * as reconciliationRoutes from '@rent/shared/api/routes/reconciliation';
import { http } from '../runtime/http.js';
import { addStatementLineToBooks } from '../services/reconciliation/reconciliations.js';

export const handler = http(reconciliationRoutes.addStatementLineToBooks, ({ caller, params }) =>
  addStatementLineToBooks(caller, params.id, params.month, params.lineId),
);
