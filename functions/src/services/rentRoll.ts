import {
  fromCents,
  leaseCoversMonth,
  monthsBetween,
  RENT_CATEGORIES,
  type RentRollMonth,
  type RentTotals,
  type ReportPeriodQuery,
  rentRollMonths,
  rentTotals,
} from '@rent/shared';
import { profilesOf } from '../data/repositories/members.js';
import { listProperties } from '../data/repositories/properties.js';
import { readRollupCells } from '../data/repositories/rollups.js';
import { type LeaseRecord, leasesByPropertyOf } from '../data/repositories/tenancies.js';
import { type RollupCell, summarizeCell } from '../data/rollups.js';
import { NotFound } from '../domain-errors.js';

/**
 * The rent roll (issue 10; docs/decisions.md "Tenants: the rent roll"): per lease and month of the period
 * (capped at this month), rent due, received, balance and status. Rent received on a property in a month is
 * its rent-category income from the monthly rollups (one query over the period, never the transactions),
 * credited to a lease only when it is the only lease running on the property that month; the arithmetic is
 * shared/src/core/leases.ts, the same as the tenant's rental history.
 */
const rentCategories: readonly string[] = RENT_CATEGORIES;
const today = () => new Date().toISOString().slice(0, 10);

/** Rent received per property and month (cents), from the rollup cells of the period. */
export async function rentReceived(orgId: string, from: string, to: string): Promise<Map<string, number>> {
  return rentReceivedIn((await readRollupCells(orgId, { from, to })).cells);
}

/** Rent received per `propertyId|month`, in cents, from rollup cells already read. */
export function rentReceivedIn(cells: RollupCell[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const cell of cells) {
    if (cell.propertyId === null) continue;
    let cents = 0;
    for (const [category, totals] of Object.entries(summarizeCell(cell).byCategory)) {
      if (rentCategories.includes(category)) cents += totals.in;
    }
    if (cents !== 0) out.set(`${cell.propertyId}|${cell.month}`, cents);
  }
  return out;
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
  received: m.received === null ? null : fromCents(m.received),
  balance: m.balance === null ? null : fromCents(m.balance),
});

/**
 * Per lease, its months of the period with rent due and received (the rent roll's arithmetic), from the
 * properties' leases and the rent received per property and month (`rentReceived`).
 */
export function rentRollRows<P extends { id: string }>(
  leasesByProperty: readonly { property: P; leases: LeaseRecord[] }[],
  query: { from: string; to: string },
  now: string,
  received: Map<string, number>,
) {
  return leasesByProperty.flatMap(({ property, leases }) =>
    leases.map((lease) => ({
      property,
      lease,
      months: rentRollMonths(
        lease,
        query,
        now,
        (month) => leases.filter((l) => leaseCoversMonth(l, month)).length,
        (month) => received.get(`${property.id}|${month}`) ?? 0,
      ),
    })),
  );
}

export async function rentRollReport(orgId: string, query: ReportPeriodQuery) {
  const now = today();
  const properties = await listProperties(orgId);
  if (typeof query.propertyId === 'string' && !properties.some((p) => p.id === query.propertyId)) {
    throw new NotFound('Property');
  }
  const shown = query.propertyId === undefined ? properties : properties.filter((p) => p.id === query.propertyId);
  const [received, leases] = await Promise.all([rentReceived(orgId, query.from, query.to), leasesByPropertyOf(orgId)]);
  const leasesByProperty = shown.map((p) => ({ property: p, leases: leases.get(p.id) ?? [] }));
  const profiles = await profilesOf([...new Set(leasesByProperty.flatMap((x) => x.leases.map((l) => l.userId)))]);
  const rows = rentRollRows(leasesByProperty, query, now, received).map((row) => ({
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
    const those = allMonths.filter((m) => m.month === month && m.received !== null);
    return {
      month,
      due: fromCents(those.reduce((sum, m) => sum + m.due, 0)),
      received: fromCents(those.reduce((sum, m) => sum + (m.received ?? 0), 0)),
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
