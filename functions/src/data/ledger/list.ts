import type { TransactionFilter } from '@rent/shared';
import * as z from 'zod';
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
 *
 * Each partition first reads a page and one more, both at once. Only then is the partition read least far (the
 * frontier) read further, and only down to where the other one stopped: so a page of a property whose splits are
 * few examines a few split items, not a megabyte of them.
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
  const partitions: Partition[] = plans.map((plan) => ({ plan: { ...plan, skTo: position ?? plan.skTo }, items: [] }));
  await Promise.all(partitions.map((p) => readDown(p, expression, p.plan.skFrom, page.limit + 1)));
  const ready = () => {
    const frontier = frontierOf(partitions);
    const found = partitions
      .flatMap((p) => p.items)
      .filter((item) => item.GSI2SK !== position && (frontier === undefined || (item.GSI2SK as string) >= frontier));
    return { frontier, found };
  };
  for (let reads = 1; reads < budget.reads; reads++) {
    const { frontier, found } = ready();
    if (frontier === undefined || found.length > page.limit) break;
    const behind = partitions.find((p) => p.below === frontier)!;
    const lower = partitions.map((p) => p.below!).filter((below) => below !== undefined && below < frontier);
    await readDown(behind, expression, lower.sort().at(-1) ?? behind.plan.skFrom, budget.items);
  }
  const { frontier, found } = ready();
  found.sort((a, b) => ((a.GSI2SK as string) < (b.GSI2SK as string) ? 1 : -1));
  const records = found.slice(0, page.limit);
  const next = found.length > page.limit ? (records.at(-1)!.GSI2SK as string) : frontier;
  return {
    records: records.map(toTransactionRecord),
    nextCursor: next ? encodeCursor({ v: 2, s: next }) : null,
  };
}

/** One partition of a merged listing: what it found, and the sort key it has been read down to (inclusive). */
interface Partition {
  plan: QueryPlan;
  items: Record<string, unknown>[];
  below?: string;
}

/** Everything at or above this has been read in every partition; undefined when every one was read to its end. */
const frontierOf = (partitions: Partition[]) =>
  partitions
    .filter((p) => p.below !== p.plan.skFrom)
    .map((p) => p.below!)
    .sort()
    .at(-1);

/** Reads a partition further down, to `floor` at most, `limit` items examined. */
async function readDown(p: Partition, expression: Expression, floor: string, limit: number) {
  const top = p.below ?? p.plan.skTo;
  const result = await queryPage({ ...queryInput({ ...p.plan, skFrom: floor, skTo: top }, expression), Limit: limit });
  // The key read down to before was examined then: a match there is already in `items`.
  p.items.push(...result.items.filter((item) => p.below === undefined || item.GSI2SK !== p.below));
  p.below = result.next ? (result.next[p.plan.skName] as string) : floor;
}
