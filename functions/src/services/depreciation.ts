import {
  bookLineOf,
  CATEGORY_GROUPS,
  type CapexSpend,
  type DepreciationQuery,
  fromCents,
  type PropertyDepreciation,
  type PropertyRecord,
  propertyDepreciation,
  SCHEDULE_E_NOTICE,
} from '@rent/shared';
import { listProperties } from '../data/repositories/properties.js';
import { readRollupCells } from '../data/repositories/rollups.js';
import { type RollupCell, summarizeCell } from '../data/rollups.js';
import { NotFound } from '../domain-errors.js';

/**
 * The depreciation schedule (issue 13): each property's building from its acquisition fields, and its capital
 * spending from the monthly rollups (one query over every month up to the end of the year, O(months x
 * properties) items of which only the capital categories' counters are read; never the transactions). Capital spending is placed in service in the month it
 * was spent, one asset per month x category (refunds lower it). The arithmetic is core/depreciation.ts.
 */

/**
 * Capital spending per property, one entry per month x category with money spent, up to December of `year`.
 * A caller that has already read the year's cells (Schedule E) passes them, and only the earlier months are read.
 */
export async function capexByProperty(
  orgId: string,
  year: string,
  yearCells?: Promise<RollupCell[]>,
): Promise<Map<string, CapexSpend[]>> {
  const through = yearCells ? `${Number(year) - 1}-12` : `${year}-12`;
  const [earlier, thisYear] = await Promise.all([
    readRollupCells(orgId, { from: null, to: through }, { categories: CATEGORY_GROUPS.capital_expenditures }),
    yearCells ?? [],
  ]);
  const out = new Map<string, CapexSpend[]>();
  for (const cell of [...earlier.cells, ...thisYear]) {
    if (!cell.propertyId) continue; // money with no property is depreciated once assigned
    for (const [category, totals] of Object.entries(summarizeCell(cell).byCategory)) {
      const spent = -(totals.in + totals.out);
      if (bookLineOf(category) !== 'capitalSpending' || spent <= 0) continue;
      const list = out.get(cell.propertyId) ?? [];
      list.push({ month: cell.month, category, spent });
      out.set(cell.propertyId, list);
    }
  }
  return out;
}

/** Each property's depreciation for the year (cents), in the order of the property list. */
export function depreciationByProperty(
  year: string,
  properties: readonly PropertyRecord[],
  capex: Map<string, CapexSpend[]>,
): Map<string, PropertyDepreciation> {
  return new Map(
    properties.map((p) => [
      p.id,
      propertyDepreciation({ ...p, landValue: p.landValue ?? null }, capex.get(p.id) ?? [], Number(year)),
    ]),
  );
}

const money = (cents: number | null) => (cents === null ? null : fromCents(cents));

export async function depreciationReport(orgId: string, query: DepreciationQuery) {
  const [all, capex] = await Promise.all([listProperties(orgId), capexByProperty(orgId, query.year)]);
  const properties = query.propertyId === undefined ? all : all.filter((p) => p.id === query.propertyId);
  if (query.propertyId !== undefined && properties.length === 0) throw new NotFound('Property');
  const byProperty = depreciationByProperty(query.year, properties, capex);
  let total = 0;
  const rows = properties.map((p) => {
    const result = byProperty.get(p.id) as PropertyDepreciation;
    total += result.total;
    return {
      propertyId: p.id,
      address: p.address,
      assets: result.assets.map((a) => ({
        ...a,
        basis: money(a.basis),
        thisYear: fromCents(a.thisYear),
        accumulated: fromCents(a.accumulated),
        remaining: money(a.remaining),
      })),
      total: fromCents(result.total),
      flags: result.flags,
    };
  });
  return { year: query.year, notice: SCHEDULE_E_NOTICE, properties: rows, total: fromCents(total) };
}
