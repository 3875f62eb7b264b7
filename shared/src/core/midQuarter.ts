/**
 * The mid-quarter convention's test (Pub 946, chapter 4, docs/reports-and-tax.md "Depreciation schedule"): detected
 * over the organization's assets and flagged for the preparer, not computed. Pure and zod-free.
 */
import type { DepreciationAsset, PropertyDepreciation } from './depreciation.js';
import type { RecoveryClassId } from './macrs.js';
import type { Cents } from './money.js';

/** The classes the mid-quarter test counts: all but buildings (residential rental and nonresidential real property). */
const MID_QUARTER_CLASSES: ReadonlySet<RecoveryClassId> = new Set(['fiveYear', 'fifteenYear']);

const yearOf = (asset: Pick<DepreciationAsset, 'classId' | 'placedInService' | 'basis'>) =>
  asset.classId !== null && MID_QUARTER_CLASSES.has(asset.classId) && asset.placedInService !== null
    ? Number(asset.placedInService.slice(0, 4))
    : null;

/**
 * The years in which the mid-quarter convention applies (Pub 946, chapter 4, "Mid-quarter convention"): more than 40%
 * of the depreciable basis of the property placed in service in the year, buildings not counted, was placed in
 * service in its last three months. Counted over every property's assets: the test is the taxpayer's, and an
 * organization keeps one owner's books.
 */
export function midQuarterYears(
  assets: Iterable<Pick<DepreciationAsset, 'classId' | 'placedInService' | 'basis'>>,
): Set<number> {
  const total = new Map<number, Cents>();
  const lastQuarter = new Map<number, Cents>();
  for (const asset of assets) {
    const year = yearOf(asset);
    if (year === null || asset.basis === null || asset.basis <= 0) continue;
    total.set(year, (total.get(year) ?? 0) + asset.basis);
    if (Number(asset.placedInService!.slice(5, 7)) >= 10)
      lastQuarter.set(year, (lastQuarter.get(year) ?? 0) + asset.basis);
  }
  // More than 40%, in integers: 5 × the last quarter's basis > 2 × the year's.
  return new Set([...total].filter(([year, basis]) => 5 * (lastQuarter.get(year) ?? 0) > 2 * basis).map(([y]) => y));
}

/** An asset's flag when it was placed in service in a year the mid-quarter convention applies to. */
export const midQuarterFlag = (year: number) =>
  `More than 40% of the equipment and land improvements placed in service in ${year} was placed in service in October to December, so the mid-quarter convention applies to them (Pub 946, chapter 4). This schedule uses the half-year convention: your preparer recomputes them.`;

/** `result` with the mid-quarter flag on each asset placed in service in one of `years` (and in the property's flags). */
export function withMidQuarterFlags(result: PropertyDepreciation, years: ReadonlySet<number>): PropertyDepreciation {
  if (years.size === 0) return result;
  let flagged = false;
  const assets = result.assets.map((asset) => {
    const year = yearOf(asset);
    if (year === null || !years.has(year)) return asset;
    flagged = true;
    const note = midQuarterFlag(year);
    return { ...asset, flag: asset.flag ? `${asset.flag} ${note}` : note };
  });
  if (!flagged) return result;
  return { ...result, assets, flags: [...new Set(assets.flatMap((a) => (a.flag ? [a.flag] : [])))] };
}
