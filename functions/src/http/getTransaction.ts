import { routes } from '@rent/shared';
import { getTransaction } from '../data/repositories/transactions.js';
import { toTransactionWire } from '../data/transactionItems.js';
import { http } from '../lib/http.js';

export const handler = http(routes.getTransaction, async ({ caller, params }) => ({
  transaction: toTransactionWire(await getTransaction(caller.orgId, params.id)),
}));
