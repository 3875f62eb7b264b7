/**
 * Lease links (docs/ledger.md "Lease links"). Zod-free and pure: every write path
 * (creation, edit, bulk edit, rule apply, file import, bank sync) decides a transaction's lease with it.
 *
 * - A person's choice (`leaseLinkSource` "manual": a lease, or none) is never changed by automation, as long
 *   as it still fits: a link to a lease of another property, to a lease that does not run in the transaction's
 *   month (the rent roll could credit it to no month), or on something that is not income, is dropped (and the
 *   transaction may be linked automatically again).
 * - Otherwise, rent received (income in a rent category on a property) is linked to the one lease on that
 *   property whose dates include the transaction's date, when exactly one does ("auto"); no or several
 *   fitting leases leave it unlinked.
 */
import { leaseCoversMonth, RENT_CATEGORIES } from './leases.js';

export const LEASE_LINK_SOURCES = ['manual', 'auto'] as const;
export type LeaseLinkSource = (typeof LEASE_LINK_SOURCES)[number];

export interface LeaseLinkFields {
  leaseId?: string | null;
  leaseLinkSource?: LeaseLinkSource | null;
}

export interface LinkableTransaction extends LeaseLinkFields {
  amount: number;
  date: string;
  category: string | null;
  propertyId: string | null;
}

export interface LinkableLease {
  id: string;
  propertyId: string;
  leaseStart: string;
  leaseEnd: string | null;
}

const rentCategories: readonly string[] = RENT_CATEGORIES;

/** Income in a rent category: what the rent roll credits to a linked lease. */
export const isRentIncome = (t: { amount: number; category: string | null }) =>
  t.amount > 0 && t.category !== null && rentCategories.includes(t.category);

/**
 * Why a transaction cannot carry a link to this lease, or null when it can: income on the lease's property, in a
 * month the lease runs in (so the rent roll credits it to one of the lease's months).
 */
export function leaseMisfit(
  t: LinkableTransaction,
  lease: LinkableLease,
): 'notIncome' | 'otherProperty' | 'notRunning' | null {
  if (t.amount <= 0) return 'notIncome';
  if (t.propertyId !== lease.propertyId) return 'otherProperty';
  if (!leaseCoversMonth(lease, t.date.slice(0, 7))) return 'notRunning';
  return null;
}

/** Can a transaction carry a link to this lease at all? */
export const leaseFits = (t: LinkableTransaction, lease: LinkableLease | undefined) =>
  lease !== undefined && leaseMisfit(t, lease) === null;

const runsOn = (lease: LinkableLease, date: string) =>
  lease.leaseStart <= date && (lease.leaseEnd === null || date <= lease.leaseEnd);

/**
 * The lease link a transaction should carry. `leasesOnProperty` holds (at least) the leases of the
 * transaction's property; `leaseById` finds a linked lease wherever it is (undefined = no such lease).
 */
export function leaseLink(
  t: LinkableTransaction,
  leasesOnProperty: readonly LinkableLease[],
  leaseById: (id: string) => LinkableLease | undefined,
): { leaseId: string | null; leaseLinkSource: LeaseLinkSource | null } {
  const current = t.leaseId ?? null;
  if (t.leaseLinkSource === 'manual' && (current === null || leaseFits(t, leaseById(current)))) {
    return { leaseId: current, leaseLinkSource: 'manual' };
  }
  if (t.propertyId === null || !isRentIncome(t)) return { leaseId: null, leaseLinkSource: null };
  const fitting = leasesOnProperty.filter((l) => l.propertyId === t.propertyId && runsOn(l, t.date));
  return fitting.length === 1
    ? { leaseId: fitting[0]!.id, leaseLinkSource: 'auto' }
    : { leaseId: null, leaseLinkSource: null };
}

/** The record with its lease link decided; the same object when nothing changes (callers compare). */
export function withLeaseLink<T extends LinkableTransaction>(
  t: T,
  leasesOnProperty: readonly LinkableLease[],
  leaseById: (id: string) => LinkableLease | undefined,
): T {
  const link = leaseLink(t, leasesOnProperty, leaseById);
  if ((t.leaseId ?? null) === link.leaseId && (t.leaseLinkSource ?? null) === link.leaseLinkSource) return t;
  return { ...t, ...link };
}
