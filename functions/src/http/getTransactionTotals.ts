import { fromCents } from '@rent/shared';
import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { transactionTotals } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.getTransactionTotals, async ({ caller, query }) => {
  const { totals: t, ...rest } = await transactionTotals(caller, query);
  const net = t.in + t.out;
  return {
    ...rest,
    totals: {
      in: fromCents(t.in),
      out: fromCents(t.out),
      net: fromCents(net),
      count: t.count,
      transfers: fromCents(t.transfers),
      uncategorized: fromCents(t.uncategorized),
      counted: fromCents(net - t.transfers - t.uncategorized),
    },
  };
});
