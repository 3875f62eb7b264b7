import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { createTransaction, transactionToApi } from '../services/ledger/transactions.js';

export const handler = http(routes.createTransaction, async ({ caller, body }) => ({
  transaction: transactionToApi(await createTransaction(caller, body)),
}));
