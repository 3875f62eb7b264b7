import { routes } from '@rent/shared';
import { transactionToApi } from '../data/transactionItems.js';
import { http } from '../runtime/http.js';
import { createTransaction } from '../services/transactions.js';

export const handler = http(routes.createTransaction, async ({ caller, body }) => ({
  transaction: transactionToApi(await createTransaction(caller, body)),
}));
