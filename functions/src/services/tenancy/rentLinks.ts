import {
  fromCents,
  inClosedPeriod,
  isRentIncome,
  type MatchableLease,
  payerKey,
  type RentLinkReview,
  suggestLease,
  suggestSplit,
} from '@rent/shared';
import { incomeIdsOfProperties } from '../../data/ledger/inRange.js';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { type TransactionChange, writeLedger } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import { profilesOf } from '../../data/people/members.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { Conflict } from '../../domain-errors.js';
import { type LedgerCaller, personActor } from '../ledger/actors.js';
import { learnPayer } from '../ledger/leaseLinks.js';
import { closedThroughFor } from '../ledger/periods.js';
import { splitTransaction } from '../ledger/splits.js';

/**
 * "Link past rent to leases" (docs/tenants-and-maintenance.md "Linking past rent"): rent received on a property with
 * leases but linked to none (a person's explicit "no lease" stays, split transactions are linked part by part in the
 * flyout) gets a suggested lease with the reason (shared/src/core/rentMatching.ts), learning from the payer's
 * payments already linked. Applying links the suggestions a person kept, through the ledger's write plan, recomputed
 * from the ledger as it is then: a payment changed or linked meanwhile is left alone.
 */
interface Found {
  record: TransactionRecord;
  /** One lease, or several paid together (`parts`, cents). */
  leaseId: string | null;
  parts: { leaseId: string; amount: number }[] | null;
  reason: RentLinkReview['suggestions'][number]['reason'];
}

type NamedLease = MatchableLease & { unitLabel: string | null };

/**
 * The suggestions: rent linked to no lease, outside the closed period (a link moves the lease's counters of its
 * month, and the closed books do not change).
 */
async function findLinks(caller: LedgerCaller): Promise<{ found: Found[]; unmatched: number; leases: NamedLease[] }> {
  const orgId = caller.orgId;
  const [byProperty, closedThrough] = await Promise.all([
    leasesByPropertyOf(orgId),
    closedThroughFor(orgId, personActor(caller)),
  ]);
  const all = [...byProperty.values()].flat();
  // Each property's rent since its first lease began, read beside the tenants' names.
  const ranges = [...byProperty].map(([propertyId, onProperty]) => ({
    propertyId,
    from: `${onProperty
      .map((l) => l.leaseStart)
      .sort()[0]!
      .slice(0, 7)}-01`,
  }));
  const [profiles, ids] = await Promise.all([
    profilesOf([...new Set(all.map((l) => l.userId))]),
    incomeIdsOfProperties(orgId, ranges),
  ]);
  const leases: NamedLease[] = all.map((l) => ({
    ...l,
    tenantName: (profiles.get(l.userId)?.name as string | null | undefined) ?? null,
  }));
  const records = [...(await readTransactions(orgId, ids, 8, 'categorization')).values()];
  const rent = records.filter((r) => !r.isIgnored && !r.pending && !(r.parts && r.parts.length > 0) && isRentIncome(r));
  const learned = new Map<string, Map<string, number>>();
  for (const r of rent) {
    const key = payerKey(r.name);
    if (!r.leaseId || key === '') continue;
    const counts = learned.get(key) ?? new Map<string, number>();
    counts.set(r.leaseId, (counts.get(r.leaseId) ?? 0) + 1);
    learned.set(key, counts);
  }
  const unlinked = rent.filter(
    (r) => !r.leaseId && r.leaseLinkSource !== 'manual' && !inClosedPeriod(r.date, closedThrough),
  );
  const found: Found[] = [];
  for (const record of unlinked) {
    const suggestion = suggestLease(record, leases, learned);
    if (suggestion) {
      found.push({ record, ...suggestion, parts: null });
      continue;
    }
    const split = suggestSplit(record, leases);
    if (split) found.push({ record, leaseId: null, ...split });
  }
  found.sort((a, b) => b.record.date.localeCompare(a.record.date) || a.record.id.localeCompare(b.record.id));
  return { found, unmatched: unlinked.length - found.length, leases };
}

export async function rentLinkReview(caller: LedgerCaller): Promise<RentLinkReview> {
  const [{ found, unmatched, leases }, properties] = await Promise.all([
    findLinks(caller),
    listProperties(caller.orgId),
  ]);
  const address = new Map(properties.map((p) => [p.id, p.address]));
  const leaseById = new Map(leases.map((l) => [l.id, l]));
  return {
    suggestions: found.map(({ record, leaseId, parts, reason }) => ({
      transactionId: record.id,
      date: record.date,
      name: record.name,
      amount: fromCents(record.amount),
      propertyId: record.propertyId!,
      address: address.get(record.propertyId!) ?? '',
      leaseId,
      tenant: leaseId === null ? null : (leaseById.get(leaseId)?.tenantName ?? null),
      unitLabel: leaseId === null ? null : (leaseById.get(leaseId)?.unitLabel ?? null),
      parts:
        parts?.map((p) => ({
          leaseId: p.leaseId,
          tenant: leaseById.get(p.leaseId)?.tenantName ?? null,
          unitLabel: leaseById.get(p.leaseId)?.unitLabel ?? null,
          amount: fromCents(p.amount),
        })) ?? null,
      reason,
    })),
    unmatched,
  };
}

/**
 * Links the kept suggestions (`transactionIds`) as suggested now: one lease each in one pass of the write plan, and a
 * payment of several leases split into one part per lease (the split's own write, each on its own). Answers how many
 * payments were linked.
 */
export async function applyRentLinks(caller: LedgerCaller, transactionIds: string[]): Promise<{ linked: number }> {
  const kept = new Set(transactionIds);
  const chosen = (await findLinks(caller)).found.filter((f) => kept.has(f.record.id));
  const now = new Date().toISOString();
  const changes: TransactionChange[] = chosen.flatMap(({ record, leaseId }): TransactionChange[] =>
    leaseId === null
      ? []
      : [[record, { ...record, leaseId, leaseLinkSource: 'manual', updatedAt: now, version: record.version + 1 }]],
  );
  let linked = 0;
  if (changes.length > 0) {
    // isolate: a payment changed since it was read is left alone (refused), the others are linked.
    const { written } = await writeLedger(caller.orgId, changes, {
      actor: personActor(caller, 'rent_links'),
      concurrency: 1,
      isolate: true,
    });
    linked += written.length;
    for (const [before, after] of written) if (after) await learnPayer(caller.orgId, before, after);
  }
  for (const { record, parts } of chosen) {
    if (parts === null) continue;
    try {
      await splitTransaction(caller, record.id, {
        version: record.version,
        parts: parts.map((p) => ({
          amount: p.amount,
          category: record.category,
          propertyId: record.propertyId,
          leaseId: p.leaseId,
          memo: null,
        })),
      });
      linked += 1;
    } catch (error) {
      // Changed since it was read: left alone, as a single link is.
      if (!(error instanceof Conflict && error.code === 'CONFLICT')) throw error;
    }
  }
  return { linked };
}
