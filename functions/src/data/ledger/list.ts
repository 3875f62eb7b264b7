import type { TransactionFilter } from '@rent/shared';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { type Key, queryPages } from '../query.js';
import { type TransactionRecord, toTransactionRecord } from './items.js';
import { filterExpression, keyBelongs, keyOf, PageCursor, queryInput, queryPlan } from './queryPlan.js';

/**
 * With a FilterExpression a page may need several reads. Each read examines at most this many
 * transactions, and a page request makes at most FILTERED_READS reads, so the worst case is
 * 4 x 1000 transactions examined (about 2.4 MB, ~300 read units eventually consistent). If the
 * page is not full by then it is returned short, with a cursor to continue from.
 */
export const FILTERED_READS = 4;
export const FILTERED_READ_ITEMS = 1000;

export interface TransactionPageResult {
  records: TransactionRecord[];
  nextCursor: string | null;
}

/**
 * One page of the ledger, newest first (date, then createdAt, then id). Unfiltered and by property
 * (or "no property"), with or without a date range: ONE Query (Limit = page size + 1, so the last
 * page is known to be last). Other filters: a bounded loop, see FILTERED_READS.
 */
export async function listTransactions(
  orgId: string,
  filter: TransactionFilter,
  page: { limit: number; cursor?: string },
  budget = { reads: FILTERED_READS, items: FILTERED_READ_ITEMS },
): Promise<TransactionPageResult> {
  const plan = queryPlan(orgId, filter, filter.propertyId);
  const expression = filterExpression(filter, { totals: false });
  const filtered = expression.conditions.length > 0;
  const start: Key | undefined = page.cursor
    ? decodeCursor(page.cursor, PageCursor, (c) => c.i === plan.index && keyBelongs(c.k, orgId, plan)).k
    : undefined;

  const found: Record<string, unknown>[] = [];
  let startKey: Key | undefined;
  let reads = 0;
  const input = { ...queryInput(plan, expression), Limit: filtered ? budget.items : page.limit + 1 };
  for await (const result of queryPages(input, start)) {
    found.push(...result.items);
    startKey = result.next;
    if (found.length > page.limit || ++reads >= (filtered ? budget.reads : 1)) break;
  }

  const records = found.slice(0, page.limit);
  let next: Record<string, unknown> | undefined;
  if (found.length > page.limit) next = keyOf(records.at(-1)!, plan);
  else if (startKey) next = startKey;
  return {
    records: records.map(toTransactionRecord),
    nextCursor: next ? encodeCursor({ v: 1, i: plan.index, k: next }) : null,
  };
}
