import {
  figuresOf,
  firstDayOf,
  fromCents,
  lastDayOf,
  MAINTENANCE_STATUSES,
  occupiedUnitDays,
  type ReportPeriodQuery,
  rentTotals,
} from '@rent/shared';
import { UNCATEGORIZED_KEY } from '../../data/ledger/rollupDeltas.js';
import { readRollupCells } from '../../data/ledger/rollups.js';
import { waitingTransactions } from '../../data/ledger/waiting.js';
import { maintenanceCounts } from '../../data/maintenance/requests.js';
import { leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { attentionCounts, propertiesWithoutLandValue } from './attention.js';
import { leaseRentIn, rentRollRows } from './rentRoll.js';
import { periodBooks, wireFigures } from './statements.js';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The dashboard's key figures (docs/reports-and-tax.md "Dashboard") in one call: the period's figures and uncategorized
 * count from the monthly rollups, this month's rent collection with the rent roll's arithmetic, occupancy from the same
 * leases, and the counts that need attention. A fixed number of Queries whatever the number of properties; the KPI
 * arithmetic is shared (core/books.ts, core/occupancy.ts).
 */
export async function dashboardSummary(caller: { orgId: string; userId: string }, query: ReportPeriodQuery) {
  const now = today();
  const month = now.slice(0, 7);
  const books = periodBooks(caller.orgId, query);
  // This month's rent comes from the period's own rollup read when the period includes this month.
  const thisMonth =
    query.from <= month && month <= query.to
      ? books.then(({ rollups }) => rollups.filter((cell) => cell.month === month))
      : readRollupCells(caller.orgId, { from: month, to: month }).then(({ cells }) => cells);
  // One Promise.all (every read at once, no rejection left unhandled).
  const [{ cells, properties }, leases, received, maintenance, waiting, more] = await Promise.all([
    books,
    leasesByPropertyOf(caller.orgId),
    thisMonth.then(leaseRentIn),
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
    .map((p) => ({ property: p, leases: leases.get(p.id) ?? [] }));
  const collected = rentTotals(
    rentRollRows(leasesByProperty, { from: month, to: month }, now, received).flatMap((row) => row.months),
  );
  const last = lastDayOf(query.to) < now ? lastDayOf(query.to) : now;
  return {
    from: query.from,
    to: query.to,
    figures: wireFigures(figuresOf(cells)),
    collection: { month, due: fromCents(collected.due), received: fromCents(collected.received) },
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
      noLandValue: propertiesWithoutLandValue(properties, query.propertyId),
    },
  };
}
