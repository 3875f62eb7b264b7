/**
 * Leases and rent due (docs/tenants-and-maintenance.md "Leases").
 * Zod-free and pure: the server's rental history and the unit tests use the same arithmetic. Money is
 * integer cents; dates are YYYY-MM-DD strings and months YYYY-MM.
 */
import { shiftMonth } from './books.js';
import type { ChargeMonth } from './charges.js';
import { formatPercent } from './money.js';

export const RENT_DUE_DAY_DEFAULT = 1;
export const GRACE_DAYS_DEFAULT = 5;
/** Due days stop at 28 so every month has one. */
export const RENT_DUE_DAY_MAX = 28;
export const GRACE_DAYS_MAX = 60;

/**
 * How far back a lease may start: every month since its start is charged when it is saved, so a start mistyped by a
 * century (1926 for 2026) would post some thousands of charges in one request. Twenty years of rent and twenty fees
 * are about 5,000 charges.
 */
export const LEASE_START_YEARS_MAX = 20;
export const LEASE_START_TOO_EARLY = `A lease can start at most ${LEASE_START_YEARS_MAX} years ago`;
/** The earliest start a lease may have on `today` (YYYY-MM-DD). */
export const earliestLeaseStart = (today: string) =>
  `${String(Number(today.slice(0, 4)) - LEASE_START_YEARS_MAX).padStart(4, '0')}${today.slice(4)}`;

/** Income categories that count as rent received for a lease. */
export const RENT_CATEGORIES = ['rental_income', 'section_8_rents'] as const;

export type RentStatus = 'paid' | 'partial' | 'unpaid' | 'late' | 'upcoming';

export const RENT_STATUS_LABELS: Record<RentStatus, string> = {
  paid: 'Paid',
  partial: 'Partly paid',
  unpaid: 'Unpaid',
  late: 'Late',
  upcoming: 'Upcoming',
};

export interface LeaseTerms {
  leaseStart: string;
  leaseEnd: string | null;
  monthlyRent: number;
  rentDueDay: number;
  graceDays: number;
}

/** Do two leases share at least one day? A lease without an end runs on. */
export function leasesOverlap(
  a: { leaseStart: string; leaseEnd: string | null },
  b: { leaseStart: string; leaseEnd: string | null },
): boolean {
  return (a.leaseEnd === null || b.leaseStart <= a.leaseEnd) && (b.leaseEnd === null || a.leaseStart <= b.leaseEnd);
}

/**
 * The first month (YYYY-MM) whose rent may be linked to a lease: the month before its first, since the first month's
 * rent is often paid at signing. The rent roll credits such a payment to the first month.
 */
export const firstRentMonth = (lease: { leaseStart: string }) => shiftMonth(lease.leaseStart.slice(0, 7), -1);

/** May rent dated in this month (YYYY-MM) be linked to the lease? In the months it runs in, and `firstRentMonth`. */
export function leaseTakesRentIn(lease: { leaseStart: string; leaseEnd: string | null }, month: string): boolean {
  return month === firstRentMonth(lease) || leaseCoversMonth(lease, month);
}

/** Is the lease running at some point of the month (YYYY-MM)? */
export function leaseCoversMonth(lease: { leaseStart: string; leaseEnd: string | null }, month: string): boolean {
  return lease.leaseStart.slice(0, 7) <= month && (lease.leaseEnd === null || lease.leaseEnd.slice(0, 7) >= month);
}

export function leaseState(lease: { leaseStart: string; leaseEnd: string | null }, today: string) {
  if (lease.leaseStart > today) return 'upcoming' as const;
  if (lease.leaseEnd !== null && lease.leaseEnd < today) return 'past' as const;
  return 'active' as const;
}

/**
 * A tenant's current lease (currentAssignmentId): of the leases running today, the one that
 * started last; null when none runs. Derived from the dates on every read, not stored, because a lease
 * starts and ends by the calendar with no write to follow it (docs/tenants-and-maintenance.md "The current lease").
 */
export function currentLease<T extends { id: string; leaseStart: string; leaseEnd: string | null }>(
  leases: readonly T[],
  today: string,
): T | null {
  const running = leases.filter((lease) => leaseState(lease, today) === 'active');
  running.sort((a, b) => b.leaseStart.localeCompare(a.leaseStart) || b.id.localeCompare(a.id));
  return running[0] ?? null;
}

/** Has the lease not ended by `today` (running or upcoming)? Such a lease keeps its tenant a member. */
export const leaseNotEnded = (lease: { leaseEnd: string | null }, today: string) =>
  lease.leaseEnd === null || lease.leaseEnd >= today;

/** The day after `date` plus `days` (YYYY-MM-DD arithmetic in UTC). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---- the rent roll (docs/tenants-and-maintenance.md "Rent roll") --------------------------------------------

/**
 * Rent received is credited to a lease by its link (a transaction's leaseId; docs/ledger.md "Lease
 * links"). A month in which the property also received rent linked to no lease says so.
 */
export const RENT_UNLINKED_NOTE =
  'Some rent received on this property this month is not linked to a lease; link it in the transaction.';

export interface RentRollMonth extends ChargeMonth {
  /** RENT_UNLINKED_NOTE when the property received rent that month linked to no lease; else null. */
  note: string | null;
}

export interface RentTotals {
  due: number;
  received: number;
  balance: number;
  /** received / due, from integer cents; null when nothing was due. */
  collectionRate: number | null;
  /** "—" when nothing was due. */
  collectionRateText: string;
  /** Months in which the property also received rent linked to no lease (see RENT_UNLINKED_NOTE). */
  unlinkedMonths: number;
}

/** Totals of months (cents), with how many of them had rent on the property linked to no lease. */
export function rentTotals(months: readonly Pick<RentRollMonth, 'due' | 'received' | 'note'>[]): RentTotals {
  let due = 0;
  let received = 0;
  let unlinkedMonths = 0;
  for (const m of months) {
    due += m.due;
    received += m.received;
    if (m.note !== null) unlinkedMonths += 1;
  }
  const collectionRate = due > 0 ? received / due : null;
  return {
    due,
    received,
    balance: due - received,
    collectionRate,
    collectionRateText: collectionRate === null ? '—' : formatPercent(collectionRate),
    unlinkedMonths,
  };
}

const rentCategories: readonly string[] = RENT_CATEGORIES;

/** What decides whether money can be rent of a lease: its sign, date and property; the lease's property and dates. */
interface PlacedMoney {
  amount: number;
  date: string;
  propertyId: string | null;
}
interface PlacedLease {
  propertyId: string;
  leaseStart: string;
  leaseEnd: string | null;
}

/** Income in a rent category: what the rent roll credits to a linked lease. */
export const isRentIncome = (t: { amount: number; category: string | null }) =>
  t.amount > 0 && t.category !== null && rentCategories.includes(t.category);

/**
 * Why a transaction cannot carry a link to this lease, or null when it can: income on the lease's property, in a
 * month the lease runs in or the month before it starts (`leaseTakesRentIn`: the rent roll credits it to one of
 * the lease's months).
 */
export function leaseMisfit(t: PlacedMoney, lease: PlacedLease): 'notIncome' | 'otherProperty' | 'notRunning' | null {
  if (t.amount <= 0) return 'notIncome';
  if (t.propertyId !== lease.propertyId) return 'otherProperty';
  if (!leaseTakesRentIn(lease, t.date.slice(0, 7))) return 'notRunning';
  return null;
}

/** Can a transaction carry a link to this lease at all? */
export const leaseFits = (t: PlacedMoney, lease: PlacedLease | undefined) =>
  lease !== undefined && leaseMisfit(t, lease) === null;
