import { routes } from '@rent/shared';
import { updateTransaction } from '../data/repositories/transactions.js';
import { toTransactionWire } from '../data/transactionItems.js';
import { http } from '../lib/http.js';

export const handler = http(routes.updateTransaction, async ({ caller, params, body }) => ({
  transaction: toTransactionWire(await updateTransaction(caller.orgId, params.id, body)),
}));
