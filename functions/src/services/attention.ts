import { ListTransactionsQuery, missingReceiptFilter, needsAttention, type ReportPeriodQuery } from '@rent/shared';
import { listInstitutions } from '../data/repositories/banks.js';
import { countTransactions } from '../data/transactions/count.js';

/**
 * The dashboard's newer "Needs attention" counts (issue 13), each equal to the list its link opens: bank
 * connections someone must reconnect (the ones Org Settings → Bank connections and the bank banner flag), and the
 * period's expenses over $75 without a receipt, counted with the very ledger filter the link carries
 * (core/attention.ts, read through the ledger's own query schema).
 */
export async function attentionCounts(orgId: string, query: ReportPeriodQuery) {
  const filter = ListTransactionsQuery.parse(missingReceiptFilter(query));
  const [institutions, missingReceipts] = await Promise.all([
    listInstitutions(orgId),
    countTransactions(orgId, { ...filter, from: filter.from!, to: filter.to! }),
  ]);
  return {
    connectionsToReconnect: institutions.filter((i) => needsAttention(i.status)).length,
    expensesWithoutReceipt: missingReceipts,
  };
}
