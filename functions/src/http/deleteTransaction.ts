import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { deleteTransaction } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.deleteTransaction, async ({ caller, params }) => {
  await deleteTransaction(caller, params.id);
  return { id: params.id };
});
