import {
  type AssetChoice,
  type CapexSpend,
  type DepreciationQuery,
  fromCents,
  lineAmount,
  midQuarterYears,
  type PropertyDepreciation,
  type PropertyRecord,
  propertyDepreciation,
  SCHEDULE_E_NOTICE,
  withMidQuarterFlags,
} from '@rent/shared';
import { readCapitalCells } from '../../data/ledger/rollups.js';
import { depreciationChoicesOfOrg } from '../../data/reports/depreciationChoices.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { NotFound } from '../../domain-errors.js';

/**
 * The depreciation schedule (docs/reports-and-tax.md "Depreciation schedule"): each property's building from its
 * acquisition fields, and its capital spending from the capital ledger (data/ledger/rollupDeltas.ts: one small item per
 * property and year with capital spending, one query for every year up to this one; never the transactions). Capital
 * spending is placed in service in the month it was spent, one asset per month x category; a month and category with
 * money back (a refund or rebate) lowers the basis of the category's assets before it. The arithmetic, and the
 * reconciliation of the bases with the cash flow's capital spending, is core/depreciation.ts.
 */

/**
 * Capital spending per property, one entry per month x category with money in or out, up to December of `year`: the
 * net as the cash flow counts it (books' lineAmount), so money back is negative.
 */
async function capexByProperty(orgId: string, year: string): Promise<Map<string, CapexSpend[]>> {
  const cells = await readCapitalCells(orgId, `${year}-12`);
  const out = new Map<string, CapexSpend[]>();
  for (const cell of cells) {
    if (!cell.propertyId) continue; // money with no property is depreciated once assigned
    for (const category in cell.counters) {
      const spent = lineAmount(category, cell.counters[category]!);
      if (spent === 0) continue;
      const list = out.get(cell.propertyId) ?? [];
      list.push({ month: cell.month, category, spent });
      out.set(cell.propertyId, list);
    }
  }
  return out;
}

/** What the schedule reads besides the properties: capital spending, and each property's per-asset choices. */
export interface DepreciationInputs {
  capex: Map<string, CapexSpend[]>;
  choices: Map<string, Map<string, AssetChoice>>;
}

/** The capital ledger through the year and the organization's depreciation choices (two Queries, in parallel). */
export async function depreciationInputs(orgId: string, year: string): Promise<DepreciationInputs> {
  const [capex, choices] = await Promise.all([capexByProperty(orgId, year), depreciationChoicesOfOrg(orgId)]);
  return { capex, choices };
}

/**
 * Each property's depreciation for the year (cents), in the order of the property list: pass every property of the
 * organization, since the mid-quarter test counts them all (core/depreciation.ts `midQuarterYears`).
 */
export function depreciationByProperty(
  year: string,
  properties: readonly PropertyRecord[],
  { capex, choices }: DepreciationInputs,
): Map<string, PropertyDepreciation> {
  const results = properties.map((p) =>
    propertyDepreciation(
      { ...p, landValue: p.landValue ?? null },
      capex.get(p.id) ?? [],
      Number(year),
      choices.get(p.id),
    ),
  );
  const midQuarter = midQuarterYears(results.flatMap((r) => r.assets));
  return new Map(properties.map((p, i) => [p.id, withMidQuarterFlags(results[i]!, midQuarter)]));
}

const money = (cents: number | null) => (cents === null ? null : fromCents(cents));

export async function depreciationReport(orgId: string, query: DepreciationQuery) {
  const [all, inputs] = await Promise.all([listProperties(orgId), depreciationInputs(orgId, query.year)]);
  const properties = query.propertyId === undefined ? all : all.filter((p) => p.id === query.propertyId);
  if (query.propertyId !== undefined && properties.length === 0) throw new NotFound('Property');
  const byProperty = depreciationByProperty(query.year, all, inputs);
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
        bonus: a.bonus && { ...a.bonus, amount: fromCents(a.bonus.amount) },
        prior: a.prior && { ...a.prior, entered: fromCents(a.prior.entered), byTable: fromCents(a.prior.byTable) },
      })),
      total: fromCents(result.total),
      flags: result.flags,
      capital: {
        spending: fromCents(result.capital.spending),
        basis: fromCents(result.capital.basis),
        refundsNotApplied: fromCents(result.capital.refundsNotApplied),
      },
    };
  });
  return { year: query.year, notice: SCHEDULE_E_NOTICE, properties: rows, total: fromCents(total) };
}
