/**
 * The dashboard's lease KPIs (docs/reports-and-tax.md "Dashboard"): collection rate and occupancy. Zod-free and pure;
 * money is integer cents, dates YYYY-MM-DD. Each is a Kpi: a value with its text, or "—" with the reason an input is
 * missing.
 */
import type { Kpi } from './books.js';
import { formatPercent } from './money.js';

/** Collection rate = rent received ÷ rent due on the leases of the period (may pass 100% with prepayments). */
export function collectionRate(dueCents: number, receivedCents: number): Kpi {
  if (dueCents <= 0) return { value: null, text: '—', reason: 'No rent was due on a lease' };
  const value = receivedCents / dueCents;
  return { value, text: formatPercent(value) };
}

export interface OccupancyUnits {
  propertyId: string;
  /** Units of the property; a property without a count has one. */
  units: number;
}

export interface OccupancyLease {
  propertyId: string;
  leaseStart: string;
  leaseEnd: string | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * Occupied unit-days and unit-days of the properties over from..to (inclusive days). On each day a property
 * has as many occupied units as leases running that day, at most its units (two leases of one unit that
 * overlap by a day do not make it 200% occupied). A sweep over the leases' start and end days: O(leases).
 */
export function occupiedUnitDays(
  properties: readonly OccupancyUnits[],
  leases: readonly OccupancyLease[],
  from: string,
  to: string,
): { unitDays: number; occupiedUnitDays: number } {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (last < first) return { unitDays: 0, occupiedUnitDays: 0 };
  let unitDays = 0;
  let occupied = 0;
  for (const property of properties) {
    const units = Math.max(1, property.units);
    unitDays += units * (last - first + 1);
    // +1 on the first day a lease runs, -1 on the day after its last one; days outside from..to are clipped.
    const changes = new Map<number, number>();
    for (const lease of leases) {
      if (lease.propertyId !== property.propertyId) continue;
      const start = Math.max(first, dayNumber(lease.leaseStart));
      const end = Math.min(last, lease.leaseEnd === null ? last : dayNumber(lease.leaseEnd));
      if (end < start) continue;
      changes.set(start, (changes.get(start) ?? 0) + 1);
      changes.set(end + 1, (changes.get(end + 1) ?? 0) - 1);
    }
    let running = 0;
    let since = first;
    for (const day of [...changes.keys()].sort((a, b) => a - b)) {
      occupied += Math.min(running, units) * (day - since);
      running += changes.get(day)!;
      since = day;
    }
  }
  return { unitDays, occupiedUnitDays: occupied };
}

/**
 * Occupancy = occupied unit-days ÷ unit-days. No lease in the period says so rather than 0%: occupancy is known only
 * from leases, and a portfolio whose leases were never recorded is not empty.
 */
export function occupancyRate(days: { unitDays: number; occupiedUnitDays: number }): Kpi {
  if (days.unitDays === 0) return { value: null, text: '—', reason: 'No properties' };
  if (days.occupiedUnitDays === 0) return { value: null, text: '—', reason: 'No lease ran in this period' };
  const value = days.occupiedUnitDays / days.unitDays;
  return { value, text: formatPercent(value) };
}

/**
 * Schedule E line 2, fair rental days: the days of the tax year on which at least one lease of the property that
 * charges rent ran (a worksheet figure for the preparer). A lease without rent is not a fair rental (Pub 527: a day
 * rented below a fair price, such as to family for free, is a day of personal use). null = no such lease recorded.
 */
export function fairRentalDays(
  propertyId: string,
  leases: readonly (OccupancyLease & { monthlyRent: number })[],
  year: string,
): number | null {
  const own = leases.filter((lease) => lease.propertyId === propertyId && lease.monthlyRent > 0);
  if (own.length === 0) return null;
  return occupiedUnitDays([{ propertyId, units: 1 }], own, `${year}-01-01`, `${year}-12-31`).occupiedUnitDays;
}

export const fairRentalDaysNote = (days: number | null) =>
  days === null ? 'No lease with rent recorded for the property' : `${days} days under a lease with rent`;
