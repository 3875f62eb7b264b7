import {
  chargeCost,
  figuresOf,
  firstDayOf,
  fromCents,
  lastDayOf,
  MAINTENANCE_STATUSES,
  occupiedUnitDays,
  overdueOf,
  type ReportPeriodQuery,
} from '@rent/shared';
import { UNCATEGORIZED_KEY } from '../../data/ledger/rollupDeltas.js';
import { readRollupCells } from '../../data/ledger/rollups.js';
import { waitingTransactions } from '../../data/ledger/waiting.js';
import { maintenanceCounts } from '../../data/maintenance/requests.js';
import { leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { todayOf } from '../../lib/today.js';
import { leaseAccounts, leaseRentMonths } from '../tenancy/leaseAccounts.js';
import { attentionCounts, propertiesWithoutLandValue } from './attention.js';
import { periodBooks, wireFigures } from './statements.js';

// ISO dates and months (strings) order as the days and months do; Math.min would turn them into NaN.
const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The dashboard's key figures (docs/reports-and-tax.md "Dashboard") in one call: the period's figures and uncategorized
 * count from the monthly rollups, this month's rent collection with the rent roll's arithmetic, occupancy from the same
 * leases, and the counts that need attention. A fixed number of Queries whatever the number of properties; the KPI
 * arithmetic is shared (core/books.ts, core/occupancy.ts).
 */
export async function dashboardSummary(
  caller: { orgId: string; userId: string; today?: string },
  query: ReportPeriodQuery,
) {
  const now = todayOf(caller);
  const month = now.slice(0, 7);
  const leases = leasesByPropertyOf(caller.orgId);
  // One rollup read for both the period's figures and the leases' rent since the first lease began: with leases
  // older than the period, a read of the period's own would read its months twice.
  const rollups = leases.then(async (all) => {
    const rent = leaseRentMonths([...all.values()].flat(), now);
    const months = { from: earlier(rent.from, query.from), to: later(rent.to, query.to) };
    return (await readRollupCells(caller.orgId, months)).cells;
  });
  const books = periodBooks(caller.orgId, query, rollups);
  // One Promise.all (every read at once, no rejection left unhandled).
  const [{ cells, properties }, byProperty, { accounts }, maintenance, waiting, more] = await Promise.all([
    books,
    leases,
    leases.then((all) => leaseAccounts(caller.orgId, [...all.values()].flat(), now, { rollups })),
    maintenanceCounts(caller.orgId),
    waitingTransactions(caller.orgId, caller.userId, { ignored: false }),
    attentionCounts(
      caller.orgId,
      books.then(({ rollups }) => rollups),
      query.propertyId,
    ),
  ]);
  const leasesByProperty = properties
    .filter((p) => query.propertyId === undefined || p.id === query.propertyId)
    .map((p) => ({ property: p, leases: byProperty.get(p.id) ?? [] }));
  // This month's collection as the rent roll counts it: what the leases' charges due this month cost, and the rent
  // paid on those leases this month; and what the leases owe past their grace period, as the aging report has it.
  let due = 0;
  let paid = 0;
  const overdue = { leases: 0, amount: 0 };
  for (const lease of leasesByProperty.flatMap((x) => x.leases)) {
    const account = accounts.get(lease.id)!;
    for (const charge of account.charges) if (charge.dueDate.startsWith(month)) due += chargeCost(charge);
    paid += account.payments.get(month) ?? 0;
    const owed = overdueOf(account.allocated, lease.graceDays, now);
    if (owed > 0) {
      overdue.leases += 1;
      overdue.amount += owed;
    }
  }
  const last = earlier(lastDayOf(query.to), now);
  return {
    from: query.from,
    to: query.to,
    figures: wireFigures(figuresOf(cells)),
    collection: { month, due: fromCents(due), received: fromCents(paid) },
    occupancy: occupiedUnitDays(
      leasesByProperty.map(({ property }) => ({ propertyId: property.id, units: property.numberOfUnits ?? 1 })),
      leasesByProperty.flatMap((x) => x.leases),
      firstDayOf(query.from),
      last,
    ),
    attention: {
      uncategorized: cells.filter((c) => c.category === UNCATEGORIZED_KEY).reduce((n, c) => n + c.count, 0),
      waitingOnMe: waiting.length,
      openMaintenance: MAINTENANCE_STATUSES.filter((s) => s !== 'RESOLVED').reduce((n, s) => n + maintenance[s], 0),
      ...more,
      overdueRent: { leases: overdue.leases, amount: fromCents(overdue.amount) },
      noLandValue: propertiesWithoutLandValue(properties, query.propertyId),
    },
  };
}
