import { categoriesInGroup, type TransactionFilter, UNCATEGORIZED } from '@rent/shared';
import * as z from 'zod';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { TransactionRecord } from './items.js';
import { readTransactions } from './read.js';
import { transactionsWaitingOn } from './reviews.js';
import { addToSums, emptySums } from './totals.js';

/**
 * "Waiting on me": the transactions with an open review request assigned to the caller. The sparse GSI1
 * partition ORG#o#WAITING#u holds exactly the caller's open requests (one Query, a handful of items), their
 * transactions come by one consistent BatchGet, and the other filters apply here in the same terms as the
 * ledger's FilterExpression (queryPlan.ts). Pages follow the ledger order (date, createdAt, id, newest first);
 * the cursor is the last row's ledger key.
 */
const ledgerKey = (t: TransactionRecord) => `${t.date}#${t.createdAt}#${t.id}`;
const WaitingCursor = z.strictObject({ v: z.literal(1), w: z.string().max(200) });

/** Does the transaction match the ledger filter? For `totals`, as the totals count it (pending ones left out). */
export function matchesFilter(t: TransactionRecord, f: TransactionFilter, totals = false): boolean {
  if (f.from && t.date < f.from) return false;
  if (f.to && t.date > f.to) return false;
  if (f.propertyId !== undefined && t.propertyId !== f.propertyId) return false;
  if (f.category === UNCATEGORIZED && t.category !== null) return false;
  if (f.category && f.category !== UNCATEGORIZED && t.category !== f.category) return false;
  if (f.categoryGroup && !(categoriesInGroup(f.categoryGroup) as string[]).includes(t.category ?? '')) return false;
  if (f.direction === 'in' && t.amount < 0) return false;
  if (f.direction === 'out' && t.amount >= 0) return false;
  const ignored = totals ? f.ignored === true : f.ignored;
  if (ignored !== undefined && t.isIgnored !== ignored) return false;
  if (totals && t.pending) return false;
  if (f.hasReceipt !== undefined && t.hasReceipt !== f.hasReceipt) return false;
  if (f.minAmount !== undefined && Math.abs(t.amount) < f.minAmount) return false;
  if (f.maxAmount !== undefined && Math.abs(t.amount) > f.maxAmount) return false;
  if (f.needsReview !== undefined && t.hasOpenReviewRequests !== f.needsReview) return false;
  if (f.search && !t.name.toLowerCase().includes(f.search)) return false;
  return true;
}

/** Every transaction waiting on the reviewer that matches the other filters, newest first. */
export async function waitingTransactions(
  orgId: string,
  reviewerId: string,
  filter: TransactionFilter,
  totals = false,
): Promise<TransactionRecord[]> {
  const ids = await transactionsWaitingOn(orgId, reviewerId);
  const found = await readTransactions(orgId, ids);
  return [...found.values()]
    .filter((t) => t.hasOpenReviewRequests && matchesFilter(t, filter, totals))
    .sort((a, b) => ledgerKey(b).localeCompare(ledgerKey(a)));
}

export async function listWaitingOn(
  orgId: string,
  reviewerId: string,
  filter: TransactionFilter,
  page: { limit: number; cursor?: string },
): Promise<{ records: TransactionRecord[]; nextCursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor, WaitingCursor, () => true).w : null;
  const all = await waitingTransactions(orgId, reviewerId, filter);
  const rest = after === null ? all : all.filter((t) => ledgerKey(t) < after);
  const records = rest.slice(0, page.limit);
  const nextCursor = rest.length > page.limit ? encodeCursor({ v: 1, w: ledgerKey(records.at(-1)!) }) : null;
  return { records, nextCursor };
}

/** Totals of "Waiting on me", counted as the ledger's totals count: a sum over its few rows. */
export async function waitingTotals(orgId: string, reviewerId: string, filter: TransactionFilter) {
  const totals = emptySums();
  for (const t of await waitingTransactions(orgId, reviewerId, filter, true)) addToSums(totals, t.amount, t.category);
  return { totals, complete: true, cursor: null, source: 'transactions' as const };
}
