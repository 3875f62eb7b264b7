import {
  fromCents,
  monthsBetween,
  type RentRollMonth,
  type RentTotals,
  type ReportPeriodQuery,
  rentTotals,
} from '@rent/shared';
import { nameAndEmail, profilesOf } from '../../data/people/members.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { NotFound } from '../../domain-errors.js';
import { accountMonths, leaseAccounts } from '../tenancy/leaseAccounts.js';

/**
 * The rent roll (docs/tenants-and-maintenance.md "Rent roll"): per lease and month of the period (capped at this
 * month), what its charges due that month cost, what was paid, the balance and a status, from the lease accounts
 * (services/tenancy/leaseAccounts.ts) the tenant ledger and the aging report read too.
 */

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

/** The rent roll as of `now`: the caller's day (lib/today.ts); the tax package's job, which acts for nobody, the UTC date. */
export async function rentRollReport(orgId: string, query: ReportPeriodQuery, now: string) {
  // Independent reads, side by side: the properties, and the leases followed at once by their tenants' profiles (of
  // the property asked for, or of every property) and their accounts (charges and the rent over the period).
  const leasesRead = leasesByPropertyOf(orgId);
  const profilesRead = leasesRead.then((leases) => {
    const { propertyId } = query;
    const shownLeases = propertyId === undefined ? [...leases.values()].flat() : leases.get(propertyId ?? '');
    return profilesOf([...new Set((shownLeases ?? []).map((l) => l.userId))]);
  });
  const accountsRead = leasesRead.then((leases) =>
    leaseAccounts(orgId, [...leases.values()].flat(), now, { from: query.from }),
  );
  const [properties, { accounts, rent }, leases, profiles] = await Promise.all([
    listProperties(orgId),
    accountsRead,
    leasesRead,
    profilesRead,
  ]);
  if (typeof query.propertyId === 'string' && !properties.some((p) => p.id === query.propertyId)) {
    throw new NotFound('Property');
  }
  const shown = query.propertyId === undefined ? properties : properties.filter((p) => p.id === query.propertyId);
  const rows = shown.flatMap((property) =>
    (leases.get(property.id) ?? []).map((lease) => ({
      property,
      lease,
      months: accountMonths(accounts.get(lease.id)!, query, now, rent),
      profile: profiles.get(lease.userId),
    })),
  );
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
      tenant: nameAndEmail(profile),
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
