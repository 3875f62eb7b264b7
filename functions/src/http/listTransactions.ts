import { PAGE_SIZE_DEFAULT, routes } from '@rent/shared';
import { listTransactions } from '../data/repositories/transactions.js';
import { toTransactionWire } from '../data/transactionItems.js';
import { http } from '../lib/http.js';

export const handler = http(routes.listTransactions, async ({ caller, query }) => {
  const { limit = PAGE_SIZE_DEFAULT, cursor, ...filter } = query;
  const page = await listTransactions(caller.orgId, filter, { limit, cursor });
  return { transactions: page.records.map(toTransactionWire), nextCursor: page.nextCursor };
});
