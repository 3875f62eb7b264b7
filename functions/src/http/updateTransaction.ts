import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { transactionToApi, updateTransaction } from '../services/ledger/transactions.js';

export const handler = http(routes.updateTransaction, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await updateTransaction(caller, params.id, body)),
}));
