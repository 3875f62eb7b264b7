import { firstDayOf, lastDayOf, monthsBetween, type TransactionFilter } from '@rent/shared';
import { queryPages } from '../query.js';
import { filterExpression, queryInput, queryPlan } from './queryPlan.js';

/** Months counted at once (each its own Query of the month's key range). */
const PARALLEL_MONTHS = 6;

/**
 * How many transactions the ledger lists for a filter with a date range: the ledger's own Query (queryPlan.ts:
 * index, key range and FilterExpression), projected to the key alone, so the count equals the list by
 * construction. It reads the range's transactions, a month per Query and PARALLEL_MONTHS at once: callers give a
 * bounded period (the dashboard's).
 */
export async function countTransactions(
  orgId: string,
  filter: TransactionFilter & { from: string; to: string },
): Promise<number> {
  const expression = filterExpression(filter, { excludeIgnored: false });
  const ranges = monthsBetween(filter.from.slice(0, 7), filter.to.slice(0, 7)).map((month) => ({
    from: month === filter.from.slice(0, 7) ? filter.from : firstDayOf(month),
    to: month === filter.to.slice(0, 7) ? filter.to : lastDayOf(month),
  }));
  const countRange = async (range: { from: string; to: string }) => {
    const input = queryInput(queryPlan(orgId, range, filter.propertyId), expression);
    let count = 0;
    for await (const page of queryPages({ ...input, ProjectionExpression: '#pk' })) count += page.items.length;
    return count;
  };
  let total = 0;
  for (let i = 0; i < ranges.length; i += PARALLEL_MONTHS) {
    const counts = await Promise.all(ranges.slice(i, i + PARALLEL_MONTHS).map(countRange));
    total += counts.reduce((a, b) => a + b, 0);
  }
  return total;
}
