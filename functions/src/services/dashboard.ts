import {
  figuresOf,
  firstDayOf,
  lastDayOf,
  MAINTENANCE_STATUSES,
  occupiedUnitDays,
  type ReportPeriodQuery,
} from '@rent/shared';
import { maintenanceCounts } from '../data/repositories/maintenance.js';
import { leasesOfProperty } from '../data/repositories/tenancies.js';
import { UNCATEGORIZED_KEY } from '../data/rollups.js';
import { waitingTransactions } from '../data/transactions/waiting.js';
import { rentRollReport } from './rentRoll.js';
import { periodBooks, wireFigures } from './reports.js';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The dashboard's key figures (issue 13) in one call: the period's figures and uncategorized count from the
 * monthly rollups, this month's rent collection from the rent roll, occupancy from the leases, and the counts
 * that need attention. O(months + properties) reads; the KPI arithmetic is shared (core/books.ts, core/occupancy.ts).
 */
export async function dashboardSummary(caller: { orgId: string; userId: string }, query: ReportPeriodQuery) {
  const now = today();
  const month = now.slice(0, 7);
  const { properties, cells } = await periodBooks(caller.orgId, query);
  const shown = query.propertyId === undefined ? properties : properties.filter((p) => p.id === query.propertyId);
  const [rentRoll, leases, maintenance, waiting] = await Promise.all([
    rentRollReport(caller.orgId, { from: month, to: month, propertyId: query.propertyId }),
    Promise.all(shown.map((p) => leasesOfProperty(caller.orgId, p.id))),
    maintenanceCounts(caller.orgId),
    waitingTransactions(caller.orgId, caller.userId, {}, true),
  ]);
  const last = lastDayOf(query.to) < now ? lastDayOf(query.to) : now;
  return {
    from: query.from,
    to: query.to,
    figures: wireFigures(figuresOf(cells)),
    collection: { month, due: rentRoll.totals.due, received: rentRoll.totals.received },
    occupancy: occupiedUnitDays(
      shown.map((p) => ({ propertyId: p.id, units: p.numberOfUnits ?? 1 })),
      leases.flat(),
      firstDayOf(query.from),
      last,
    ),
    attention: {
      uncategorized: cells.filter((c) => c.category === UNCATEGORIZED_KEY).reduce((n, c) => n + c.count, 0),
      waitingOnMe: waiting.length,
      openMaintenance: MAINTENANCE_STATUSES.filter((s) => s !== 'RESOLVED').reduce((n, s) => n + maintenance[s], 0),
    },
  };
}
