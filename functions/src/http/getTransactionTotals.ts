import { fromCents, routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { transactionTotals } from '../services/ledger/transactions.js';

export const handler = http(routes.getTransactionTotals, async ({ caller, query }) => {
  const { totals, ...rest } = await transactionTotals(caller, query);
  const net = totals.in + totals.out;
  return {
    ...rest,
    totals: { in: fromCents(totals.in), out: fromCents(totals.out), net: fromCents(net), count: totals.count },
  };
});
