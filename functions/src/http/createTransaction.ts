import { routes } from '@rent/shared';
import { createTransaction } from '../data/repositories/transactions.js';
import { toTransactionWire } from '../data/transactionItems.js';
import { http } from '../lib/http.js';

export const handler = http(routes.createTransaction, async ({ caller, body }) => ({
  transaction: toTransactionWire(await createTransaction(caller, body)),
}));
