import { fromCents, routes } from '@rent/shared';
import { transactionTotals } from '../data/ledger/totals.js';
import { waitingTotals } from '../data/ledger/waiting.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.getTransactionTotals, async ({ caller, query }) => {
  const { cursor, waitingOnMe, ...filter } = query;
  const { totals, ...rest } = waitingOnMe
    ? await waitingTotals(caller.orgId, caller.userId, filter)
    : await transactionTotals(caller.orgId, filter, cursor);
  const net = totals.in + totals.out;
  return {
    ...rest,
    totals: { in: fromCents(totals.in), out: fromCents(totals.out), net: fromCents(net), count: totals.count },
  };
});
