import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { getTransaction, transactionToApi } from '../services/ledger/transactions.js';

export const handler = http(routes.getTransaction, async ({ caller, params }) => ({
  transaction: transactionToApi(await getTransaction(caller, params.id)),
}));
