import {
  fromCents,
  monthsBetween,
  RENT_CATEGORIES,
  type RentRollMonth,
  type RentTotals,
  type ReportPeriodQuery,
  rentRollMonths,
  rentTotals,
} from '@rent/shared';
import { leaseRentOf, type RollupCell } from '../../data/ledger/rollupDeltas.js';
import { summarizeCell } from '../../data/ledger/rollupSums.js';
import { readRollupCells } from '../../data/ledger/rollups.js';
import { profilesOf } from '../../data/people/members.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { type LeaseRecord, leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { NotFound } from '../../domain-errors.js';

/**
 * The rent roll (docs/tenants-and-maintenance.md "Rent roll"; rent is credited by docs/ledger.md "Lease links"): per
 * lease and month of the period (capped at this month), rent due, received, balance and status. Rent received by a
 * lease is the rent linked to it (a transaction's leaseId), read from the monthly rollups' per-lease counters
 * (l#<leaseId>#in; one query over the period, never the transactions); rent on a property linked to no lease is
 * reported apart. The arithmetic is shared/src/core/leases.ts; the tenant's rental history reads the same counters
 * (`leaseRent`).
 */
const rentCategories: readonly string[] = RENT_CATEGORIES;
const today = () => new Date().toISOString().slice(0, 10);

export interface LeaseRent {
  /** `leaseId|month` -> cents of rent linked to the lease. */
  byLease: Map<string, number>;
  /** `propertyId|month` -> cents of the property's rent linked to no lease. */
  unlinked: Map<string, number>;
}

/** Rent per lease and month, and the rent linked to no lease per property and month, from rollup cells. */
export function leaseRentIn(cells: RollupCell[]): LeaseRent {
  const byLease = new Map<string, number>();
  const unlinked = new Map<string, number>();
  for (const cell of cells) {
    if (cell.propertyId === null) continue;
    let rent = 0;
    for (const [category, totals] of Object.entries(summarizeCell(cell).byCategory)) {
      if (rentCategories.includes(category)) rent += totals.in;
    }
    for (const [leaseId, cents] of leaseRentOf(cell)) {
      byLease.set(`${leaseId}|${cell.month}`, cents);
      rent -= cents;
    }
    if (rent !== 0) unlinked.set(`${cell.propertyId}|${cell.month}`, rent);
  }
  return { byLease, unlinked };
}

/** Rent per lease (and unlinked per property) over months from..to (YYYY-MM), from the rollups. */
export async function leaseRent(orgId: string, from: string, to: string): Promise<LeaseRent> {
  return leaseRentIn((await readRollupCells(orgId, { from, to })).cells);
}

const wireTotals = (t: RentTotals) => ({
  ...t,
  due: fromCents(t.due),
  received: fromCents(t.received),
  balance: fromCents(t.balance),
});
const wireMonth = (m: RentRollMonth) => ({
  ...m,
  due: fromCents(m.due),
  received: fromCents(m.received),
  balance: fromCents(m.balance),
});

/**
 * Per lease, its months of the period with rent due and received (the rent roll's arithmetic), from the
 * properties' leases and the rent received per property and month (`rentReceived`).
 */
export function rentRollRows<P extends { id: string }>(
  leasesByProperty: readonly { property: P; leases: LeaseRecord[] }[],
  query: { from: string; to: string },
  now: string,
  rent: LeaseRent,
) {
  return leasesByProperty.flatMap(({ property, leases }) =>
    leases.map((lease) => ({
      property,
      lease,
      months: rentRollMonths(
        lease,
        query,
        now,
        (month) => rent.byLease.get(`${lease.id}|${month}`) ?? 0,
        (month) => rent.unlinked.get(`${property.id}|${month}`) ?? 0,
      ),
    })),
  );
}

export async function rentRollReport(orgId: string, query: ReportPeriodQuery) {
  const now = today();
  // Independent reads, side by side: the properties, the rent over the period, and the leases followed by their
  // tenants' profiles (of the property asked for, or of every property).
  const leasesAndTenants = leasesByPropertyOf(orgId).then(async (leases) => {
    const { propertyId } = query;
    const shownLeases = propertyId === undefined ? [...leases.values()].flat() : leases.get(propertyId ?? '');
    return { leases, profiles: await profilesOf([...new Set((shownLeases ?? []).map((l) => l.userId))]) };
  });
  const [properties, rent, { leases, profiles }] = await Promise.all([
    listProperties(orgId),
    leaseRent(orgId, query.from, query.to),
    leasesAndTenants,
  ]);
  if (typeof query.propertyId === 'string' && !properties.some((p) => p.id === query.propertyId)) {
    throw new NotFound('Property');
  }
  const shown = query.propertyId === undefined ? properties : properties.filter((p) => p.id === query.propertyId);
  const leasesByProperty = shown.map((p) => ({ property: p, leases: leases.get(p.id) ?? [] }));
  const rows = rentRollRows(leasesByProperty, query, now, rent).map((row) => ({
    ...row,
    profile: profiles.get(row.lease.userId),
  }));
  const shownRows = rows
    .filter((r) => r.months.length > 0)
    .sort(
      (a, b) =>
        a.property.address.localeCompare(b.property.address) ||
        (a.lease.unitLabel ?? '').localeCompare(b.lease.unitLabel ?? '') ||
        a.lease.leaseStart.localeCompare(b.lease.leaseStart),
    );

  const allMonths = shownRows.flatMap((r) => r.months);
  const perMonth = monthsBetween(query.from, query.to).map((month) => {
    const those = allMonths.filter((m) => m.month === month);
    return {
      month,
      due: fromCents(those.reduce((sum, m) => sum + m.due, 0)),
      received: fromCents(those.reduce((sum, m) => sum + m.received, 0)),
    };
  });

  return {
    from: query.from,
    to: query.to,
    today: now,
    leases: shownRows.map(({ property, lease, months, profile }) => ({
      id: lease.id,
      propertyId: property.id,
      address: property.address,
      unitLabel: lease.unitLabel,
      tenant: { name: (profile?.name as string | null) ?? null, email: (profile?.email as string | null) ?? null },
      leaseStart: lease.leaseStart,
      leaseEnd: lease.leaseEnd,
      monthlyRent: fromCents(lease.monthlyRent),
      rentDueDay: lease.rentDueDay,
      graceDays: lease.graceDays,
      months: months.map(wireMonth),
      totals: wireTotals(rentTotals(months)),
    })),
    months: perMonth,
    totals: wireTotals(rentTotals(allMonths)),
  };
}
