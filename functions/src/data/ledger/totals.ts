import {
  bookLineOf,
  CATEGORY_VALUES,
  categoriesInGroup,
  partsMatching,
  type SplitPart,
  type TransactionFilter,
  UNCATEGORIZED,
} from '@rent/shared';
import * as z from 'zod';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { type Key, queryPage } from '../query.js';
import { CursorKey, filterExpression, keyBelongs, queryInput, queryPlans } from './queryPlan.js';
import { sumCells } from './rollupSums.js';
import { readRollupCells } from './rollups.js';

/** Reads per totals call when transactions must be summed; each read is up to 1 MB (~2,000 transactions). */
export const TOTALS_READS = 20;

/**
 * Sums in cents. `transfers` and `uncategorized` are the nets of the parts of in + out that no report counts
 * (transfers, deposits and owner money; money not categorized yet): net minus both is what the reports count
 * (docs/ledger.md "Totals").
 */
export interface LedgerSums {
  in: number;
  out: number;
  count: number;
  transfers: number;
  uncategorized: number;
}

export const emptySums = (): LedgerSums => ({ in: 0, out: 0, count: 0, transfers: 0, uncategorized: 0 });

/** Counts one transaction's amount (cents) in the sums, on the book line its category goes to. */
export function addToSums(sums: LedgerSums, amount: number, category: string | null | undefined): void {
  if (amount >= 0) sums.in += amount;
  else sums.out += amount;
  sums.count++;
  const line = bookLineOf(category ?? UNCATEGORIZED);
  if (line === 'transfers') sums.transfers += amount;
  else if (line === 'uncategorized') sums.uncategorized += amount;
}

export interface TotalsResult {
  totals: LedgerSums;
  complete: boolean;
  cursor: string | null;
  source: 'rollups' | 'transactions';
}

const TotalsCursor = z.strictObject({
  v: z.literal(1),
  s: z.number().int().min(0),
  k: CursorKey.nullable(),
  t: z.strictObject({
    in: z.number().int(),
    out: z.number().int(),
    count: z.number().int().min(0),
    transfers: z.number().int(),
    uncategorized: z.number().int(),
  }),
});

/** Date helpers on ISO dates (UTC calendar arithmetic, no time zones involved). */
const monthStart = (month: string) => `${month}-01`;
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

interface TotalsPlan {
  /** Whole months read from the rollups (bounds inclusive, null = open), or null for none. */
  rollupMonths: { from: string | null; to: string | null } | null;
  /** Date ranges summed from the transactions themselves. */
  segments: { from?: string; to?: string }[];
}

/**
 * Rollups answer date range (whole months), property, category or group and direction, for transactions not
 * ignored. Totals of the ignored ones (`ignored=true`: the rows the list then shows) are summed from them.
 * The partial months at the edges of a date range are summed from their transactions (at most two
 * months' worth). hasReceipt, needsReview, search and the amount bounds are not in the rollups: then the whole
 * range is summed from the transactions, TOTALS_READS reads per call, continued by cursor.
 */
function totalsPlan(filter: TransactionFilter): TotalsPlan {
  const rollupable =
    filter.ignored !== true &&
    filter.hasReceipt === undefined &&
    filter.needsReview === undefined &&
    !filter.search &&
    filter.minAmount === undefined &&
    filter.maxAmount === undefined;
  if (!rollupable) return { rollupMonths: null, segments: [{ from: filter.from, to: filter.to }] };
  const { from, to } = filter;
  const firstFull = from
    ? from === monthStart(from.slice(0, 7))
      ? from.slice(0, 7)
      : shiftMonth(from.slice(0, 7), 1)
    : null;
  const lastFull = to ? (to === monthEnd(to.slice(0, 7)) ? to.slice(0, 7) : shiftMonth(to.slice(0, 7), -1)) : null;
  if (firstFull && lastFull && firstFull > lastFull) return { rollupMonths: null, segments: [{ from, to }] };
  const segments: TotalsPlan['segments'] = [];
  if (from && firstFull !== from.slice(0, 7)) segments.push({ from, to: monthEnd(from.slice(0, 7)) });
  if (to && lastFull !== to.slice(0, 7)) segments.push({ from: monthStart(to.slice(0, 7)), to });
  return { rollupMonths: { from: firstFull, to: lastFull }, segments };
}

/**
 * Totals of the whole filtered set: with `ignored=true` of the ignored transactions (what the list shows),
 * otherwise of the transactions not ignored. Pending bank transactions count once they post.
 */
export async function transactionTotals(
  orgId: string,
  filter: TransactionFilter,
  cursor?: string,
  budget: { reads: number; items?: number } = { reads: TOTALS_READS },
): Promise<TotalsResult> {
  const plan = totalsPlan(filter);
  const source = plan.rollupMonths ? 'rollups' : 'transactions';

  const segmentPlans = plan.segments.flatMap((segment) => queryPlans(orgId, segment, filter.propertyId));
  let segment = 0;
  let startKey: Key | undefined;
  let totals = emptySums();
  let reads = 0;
  if (cursor) {
    const state = decodeCursor(
      cursor,
      TotalsCursor,
      (c) =>
        c.s < segmentPlans.length &&
        (c.k === null || keyBelongs(c.k, orgId, segmentPlans[c.s]!)) &&
        c.t.in >= 0 &&
        c.t.out <= 0,
    );
    segment = state.s;
    startKey = state.k ?? undefined;
    totals = state.t;
  } else if (plan.rollupMonths) {
    const { cells, reads: rollupReads } = await readRollupCells(orgId, plan.rollupMonths);
    reads += rollupReads;
    const categories =
      filter.category !== undefined
        ? new Set([filter.category])
        : filter.categoryGroup
          ? new Set<string>(categoriesInGroup(filter.categoryGroup))
          : undefined;
    const selection = { propertyId: filter.propertyId, direction: filter.direction };
    const sum = (only?: ReadonlySet<string>) =>
      sumCells(cells, {
        ...selection,
        categories: only && categories ? intersect(only, categories) : (only ?? categories),
      });
    const all = sum();
    const transfers = sum(TRANSFER_KEYS);
    const uncategorized = sum(UNCATEGORIZED_KEYS);
    totals = {
      ...all,
      transfers: transfers.in + transfers.out,
      uncategorized: uncategorized.in + uncategorized.out,
    };
  }

  const expression = filterExpression(filter, { totals: true });
  while (segment < segmentPlans.length) {
    if (reads >= budget.reads) {
      return {
        totals,
        complete: false,
        cursor: encodeCursor({ v: 1, s: segment, k: startKey ?? null, t: totals }),
        source,
      };
    }
    const input = queryInput(segmentPlans[segment]!, expression);
    const result = await queryPage(
      {
        ...input,
        ProjectionExpression: '#amount, #category, #parts',
        ExpressionAttributeNames: {
          ...input.ExpressionAttributeNames,
          '#amount': 'amount',
          '#category': 'category',
          '#parts': 'parts',
        },
        Limit: budget.items,
      },
      startKey,
    );
    reads++;
    for (const item of result.items) {
      // A split counts the parts the filter matches, each on its own line (as the rollups count them).
      const parts = item.parts as SplitPart[] | null | undefined;
      if (!parts) addToSums(totals, item.amount as number, item.category as string | null);
      else for (const part of partsMatching(parts, filter)) addToSums(totals, part.amount, part.category);
    }
    startKey = result.next;
    if (!startKey) segment++;
  }
  return { totals, complete: true, cursor: null, source };
}

// What counts on the transfers line: the transfer group, less what the books count as debt service (loan principal,
// escrow).
const TRANSFER_KEYS: ReadonlySet<string> = new Set(CATEGORY_VALUES.filter((c) => bookLineOf(c) === 'transfers'));
const UNCATEGORIZED_KEYS: ReadonlySet<string> = new Set([UNCATEGORIZED]);
const intersect = (a: ReadonlySet<string>, b: ReadonlySet<string>) => new Set([...a].filter((key) => b.has(key)));
