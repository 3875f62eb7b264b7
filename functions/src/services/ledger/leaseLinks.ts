import { firstRentMonth, isRentIncome, type LinkableLease, leaseMisfit, payerKey, withLeaseLink } from '@rent/shared';
import { incomeIdsOfProperty } from '../../data/ledger/inRange.js';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { type TransactionChange, writeLedger } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import { profilesOf } from '../../data/people/members.js';
import { leasesByPropertyOf, teachLeasePayer } from '../../data/tenancy/tenancies.js';
import { InvalidReference, NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { type LedgerCaller, personActor } from './actors.js';

/**
 * Lease links on the ledger's write paths (docs/ledger.md "Lease links"). Each
 * write path reads the organization's leases once (`leaseBook`) and passes every record it writes through
 * `link` (the pure rule, shared/src/core/leaseLinks.ts); a person's explicit choice goes through `chosen`.
 */
export interface LeaseBook {
  onProperty(propertyId: string | null): readonly LinkableLease[];
  byId(id: string): LinkableLease | undefined;
}

/**
 * The organization's leases with what matching needs: rent, learned payers and, where a property has more than one
 * lease (so a payment may need telling apart), the tenant's name.
 */
export async function leaseBook(orgId: string): Promise<LeaseBook> {
  const byProperty = await leasesByPropertyOf(orgId);
  const all = [...byProperty.values()].flat();
  const shared = [...byProperty.values()].filter((leases) => leases.length > 1).flat();
  const profiles = shared.length === 0 ? new Map() : await profilesOf(shared.map((l) => l.userId));
  const named = new Map<string, LinkableLease>(
    all.map((l) => [l.id, { ...l, tenantName: (profiles.get(l.userId)?.name as string | undefined) ?? null }]),
  );
  return {
    onProperty: (propertyId) =>
      propertyId === null ? [] : (byProperty.get(propertyId) ?? []).map((l) => named.get(l.id)!),
    byId: (id) => named.get(id),
  };
}

/**
 * What a person's link teaches (docs/ledger.md "Lease links"): rent they linked to a lease by hand makes its payer
 * that lease's, so the next payment from them is linked on arrival; the lease it was linked to before forgets them.
 * Called after the transaction is written; what it teaches is a hint, so a failure is logged, never the write's.
 */
export async function learnPayer(orgId: string, before: TransactionRecord | null, after: TransactionRecord) {
  const key = payerKey(after.name);
  if (after.leaseLinkSource !== 'manual' || !isRentIncome(after) || key === '') return;
  const previous = before?.leaseId ?? null;
  if (after.leaseId === previous && before?.leaseLinkSource === 'manual') return;
  await teachLeasePayer(orgId, key, after.leaseId ?? null, previous).catch((error) =>
    logger.warn('payer not learned', { error: (error as Error)?.name ?? 'Error' }),
  );
}

/** The record with its lease link decided by the rule (a person's fitting choice stays). */
export const link = (book: LeaseBook, record: TransactionRecord): TransactionRecord =>
  withLeaseLink(record, book.onProperty(record.propertyId), book.byId);

/** Links the new states of a batch of changes (bank sync): one read of the leases, then the pure rule. */
export async function linkChanges(orgId: string, changes: TransactionChange[]): Promise<TransactionChange[]> {
  if (changes.length === 0) return changes;
  const book = await leaseBook(orgId);
  return changes.map(([current, next]) => [current, link(book, next)]);
}

/** What a person is told when the lease they chose cannot carry this transaction's link. */
export const MISFIT_MESSAGES = {
  notIncome: 'Only income can be linked to a lease',
  otherProperty: "Choose a lease of the transaction's property",
  notRunning:
    "This lease does not run in the transaction's month, nor start in the month after: choose a lease that does, or none",
} as const;

/**
 * A person's choice in the flyout: `leaseId` undefined = not chosen (the rule decides), null = no lease,
 * an id = that lease, which must be the organization's (else 404), and fit the transaction: income on its
 * property in a month the lease runs in (else 400).
 */
export function chosen(book: LeaseBook, record: TransactionRecord, leaseId: string | null | undefined) {
  if (leaseId === undefined) return link(book, record);
  if (leaseId !== null) {
    const lease = book.byId(leaseId);
    if (!lease) throw new NotFound('Lease');
    const misfit = leaseMisfit(record, lease);
    if (misfit) throw new InvalidReference('leaseId', MISFIT_MESSAGES[misfit]);
  }
  return { ...record, leaseId, leaseLinkSource: 'manual' as const, leaseLinkReason: null };
}

/** A lease's dates: rent can be linked to it from its first month's first day to its last month's end. */
export interface LeaseSpan {
  leaseStart: string;
  leaseEnd: string | null;
}

/**
 * After a lease of `propertyId` was added, changed or deleted: every income on the property dated in the months
 * of `spans` (the lease before and after) gets its link decided again by the rule, against the leases as they
 * are now, and what changed is written through the write plan as a change "by changing a lease". So a link
 * never outlives its lease or its lease's months, and rent the lease now covers is linked to it. Idempotent:
 * a second run writes nothing, so a lease save that failed part way is finished by saving again.
 *
 * It ignores the closed period on purpose: the lease decides which rent it is credited, and no amount,
 * category or property changes (docs/ledger.md "Lease links").
 */
export async function relinkLeaseRent(caller: LedgerCaller, propertyId: string, spans: LeaseSpan[]): Promise<number> {
  const orgId = caller.orgId;
  const firstStart = spans.map((s) => s.leaseStart).sort()[0]!;
  const ends = spans.map((s) => s.leaseEnd);
  const lastEnd = ends.includes(null) ? null : (ends as string[]).sort().at(-1)!;
  const from = `${firstRentMonth({ leaseStart: firstStart })}-01`;
  const to = lastEnd === null ? undefined : `${lastEnd.slice(0, 7)}-31`;
  const ids = await incomeIdsOfProperty(orgId, propertyId, { from, to });
  if (ids.length === 0) return 0;
  const book = await leaseBook(orgId);
  const now = new Date().toISOString();
  const changesOf = (records: Iterable<TransactionRecord>) =>
    [...records].flatMap((current): TransactionChange[] => {
      const next = link(book, current);
      return next === current ? [] : [[current, { ...next, updatedAt: now, version: current.version + 1 }]];
    });
  const read = (chunk: readonly string[]) => readTransactions(orgId, chunk, 1, 'categorization');
  const { written } = await writeLedger(orgId, changesOf((await read(ids)).values()), {
    actor: personActor(caller, 'lease_change'),
    concurrency: 1,
    replan: async (chunk) => changesOf((await read(chunk)).values()),
  });
  return written.length;
}
