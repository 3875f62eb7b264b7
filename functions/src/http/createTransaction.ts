import { routes } from '@rent/shared';
import { transactionToApi } from '../data/ledger/items.js';
import { http } from '../runtime/http.js';
import { createTransaction } from '../services/transactions.js';

export const handler = http(routes.createTransaction, async ({ caller, body }) => ({
  transaction: transactionToApi(await createTransaction(caller, body)),
}));
