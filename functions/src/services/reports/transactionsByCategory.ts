import {
  firstDayOf,
  fromCents,
  lastDayOf,
  type ReportPeriodQuery,
  TRANSACTIONS_BY_CATEGORY_LIMIT,
  transactionsByCategory,
} from '@rent/shared';
import { type TransactionLine, transactionsInRange } from '../../data/ledger/inRange.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { NotFound } from '../../domain-errors.js';

/**
 * The transactions-by-category detail report (docs/reports-and-tax.md "Transactions by category"): the ledger's
 * date-range query (not the rollups: it lists the transactions themselves), at most TRANSACTIONS_BY_CATEGORY_LIMIT of
 * them, grouped by shared/src/core/transactionsByCategory.ts. Its grand total equals the profit and loss's cash flow.
 */
export async function transactionsByCategoryReport(
  orgId: string,
  query: ReportPeriodQuery,
  limit = TRANSACTIONS_BY_CATEGORY_LIMIT,
) {
  // The properties (another organization's property is a 404) beside the period's transactions.
  const [properties, lines] = await Promise.all([
    listProperties(orgId),
    transactionsInRange(orgId, { from: firstDayOf(query.from), to: lastDayOf(query.to) }, query.propertyId, limit),
  ]);
  if (typeof query.propertyId === 'string' && !properties.some((p) => p.id === query.propertyId)) {
    throw new NotFound('Property');
  }
  return { ...transactionsByCategoryWire(lines, properties, limit), from: query.from, to: query.to };
}

/** The grouping on the wire: amounts as decimals, each transaction with its property's address. */
export function transactionsByCategoryWire(
  lines: readonly TransactionLine[],
  properties: readonly { id: string; address: string }[],
  limit: number,
) {
  const address = new Map(properties.map((p) => [p.id, p.address]));
  const grouped = transactionsByCategory(lines);
  return {
    limit,
    count: grouped.count,
    total: fromCents(grouped.total),
    notCounted: fromCents(grouped.notCounted),
    categories: grouped.categories.map((c) => ({
      category: c.category,
      label: c.label,
      line: c.line,
      lineLabel: c.lineLabel,
      counted: c.counted,
      subtotal: fromCents(c.subtotal),
      transactions: c.transactions.map((t) => ({
        id: t.id,
        date: t.date,
        name: t.name,
        propertyId: t.propertyId,
        property: t.propertyId === null ? 'No property' : (address.get(t.propertyId) ?? 'A deleted property'),
        amount: fromCents(t.amount),
      })),
    })),
  };
}
