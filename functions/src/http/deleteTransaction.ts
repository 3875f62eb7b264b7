import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { deleteTransaction } from '../services/ledger/transactions.js';

export const handler = http(routes.deleteTransaction, async ({ caller, params }) => {
  await deleteTransaction(caller, params.id);
  return { id: params.id };
});
