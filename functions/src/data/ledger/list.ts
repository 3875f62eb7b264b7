import type { TransactionFilter } from '@rent/shared';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { type Key, queryPage, queryPages } from '../query.js';
import { type TransactionRecord, toTransactionRecord } from './items.js';
import {
  type Expression,
  filterExpression,
  keyBelongs,
  keyOf,
  PageCursor,
  type QueryPlan,
  queryInput,
  queryPlan,
  queryPlans,
} from './queryPlan.js';

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
  if (filter.propertyId !== undefined) return listMerged(orgId, filter, page, budget);
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

/** A position in a merged listing: every transaction whose sort key is at or above `s` has been considered. */
const PositionCursor = z.strictObject({ v: z.literal(2), s: z.string().startsWith('TXN#').max(400) });

/**
 * A property's (or no property's) ledger: its own partition and the splits across properties, read side by side in
 * the one sort order they share (`TXN#date#createdAt#id`, newest first) and merged. The cursor is the position both
 * have been read down to, so each read starts there with its sort-key range (no ExclusiveStartKey per partition).
 */
async function listMerged(
  orgId: string,
  filter: TransactionFilter,
  page: { limit: number; cursor?: string },
  budget: { reads: number; items: number },
): Promise<TransactionPageResult> {
  const plans = queryPlans(orgId, filter, filter.propertyId);
  const expression = filterExpression(filter, { totals: false });
  const position = page.cursor
    ? decodeCursor(page.cursor, PositionCursor, (c) => c.s >= plans[0]!.skFrom && c.s <= plans[0]!.skTo).s
    : undefined;
  const reads = await Promise.all(
    plans.map((plan) => readDown({ ...plan, skTo: position ?? plan.skTo }, expression, page.limit, budget)),
  );
  // Read down to here in every partition: the highest point where a read stopped (its last key examined).
  const frontier = reads.reduce<string | undefined>(
    (high, read) =>
      read.stoppedAt !== undefined && (high === undefined || read.stoppedAt > high) ? read.stoppedAt : high,
    undefined,
  );
  const found = reads
    .flatMap((read) => read.items)
    .filter((item) => item.GSI2SK !== position && (frontier === undefined || (item.GSI2SK as string) >= frontier))
    .sort((a, b) => ((a.GSI2SK as string) < (b.GSI2SK as string) ? 1 : -1));
  const records = found.slice(0, page.limit);
  const next = found.length > page.limit ? (records.at(-1)!.GSI2SK as string) : frontier;
  return {
    records: records.map(toTransactionRecord),
    nextCursor: next ? encodeCursor({ v: 2, s: next }) : null,
  };
}

/**
 * One partition from the top of its range down, until more than a page is found or the reads run out. The first read
 * asks for a page and one more (enough when nothing is filtered out); the next ones for `budget.items`, as a filtered
 * ledger page does, so a partition whose matches are sparse is read far enough to fill the page.
 */
async function readDown(
  plan: QueryPlan,
  expression: Expression,
  limit: number,
  budget: { reads: number; items: number },
): Promise<{ items: Record<string, unknown>[]; stoppedAt?: string }> {
  const items: Record<string, unknown>[] = [];
  const input = queryInput(plan, expression);
  let stoppedAt: string | undefined;
  let start: Key | undefined;
  for (let reads = 0; reads < budget.reads; reads++) {
    const result = await queryPage({ ...input, Limit: reads === 0 ? limit + 1 : budget.items }, start);
    items.push(...result.items);
    start = result.next;
    stoppedAt = start?.[plan.skName] as string | undefined;
    if (!start || items.length > limit) break;
  }
  // A partition that found more than a page has been read exactly down to its last item.
  if (items.length > limit) stoppedAt = items.at(-1)!.GSI2SK as string;
  return { items, stoppedAt };
}
