import { PAGE_SIZE_DEFAULT, routes } from '@rent/shared';
import { transactionToApi } from '../data/ledger/items.js';
import { listTransactions } from '../data/ledger/list.js';
import { listWaitingOn } from '../data/ledger/waiting.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.listTransactions, async ({ caller, query }) => {
  const { limit = PAGE_SIZE_DEFAULT, cursor, waitingOnMe, ...filter } = query;
  const page = waitingOnMe
    ? await listWaitingOn(caller.orgId, caller.userId, filter, { limit, cursor })
    : await listTransactions(caller.orgId, filter, { limit, cursor });
  return { transactions: page.records.map(transactionToApi), nextCursor: page.nextCursor };
});
