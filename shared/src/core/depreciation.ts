/**
 * The depreciation schedule (docs/reports-and-tax.md "Depreciation schedule"), pure and zod-free. A worksheet for a
 * person's tax preparer, not tax advice. MACRS GDS as IRS Publication 946 tabulates it:
 *   - residential rental property (the building, and roofs, HVAC/plumbing/electrical and renovations): 27.5
 *     years straight line, mid-month convention (Table A-6): the first year counts (12 - month + 0.5) months;
 *   - 5-year property (appliances, furniture): 200% declining balance, half-year convention, switching to
 *     straight line when that is larger (Table A-1, 5-year column);
 *   - 15-year property (fencing/landscaping, driveways/sidewalks): 150% declining balance, half-year
 *     convention, switching to straight line (Table A-1, 15-year column).
 * Security systems and capital spending without a subcategory are flagged for the preparer, not computed.
 * Rounding: every year is rounded to the cent on its own (half up) and never exceeds what is left; the last
 * year takes the remainder, so the years always add up to the basis exactly.
 */

import { categoryLabel } from './categories.js';
import type { Cents } from './money.js';

export type RecoveryClassId = 'residential27_5' | 'fiveYear' | 'fifteenYear';

export interface RecoveryClass {
  id: RecoveryClassId;
  label: string;
  /** Recovery period in years. */
  years: number;
}

export const RECOVERY_CLASSES: Record<RecoveryClassId, RecoveryClass> = {
  residential27_5: { id: 'residential27_5', label: '27.5-year residential, straight line, mid-month', years: 27.5 },
  fiveYear: { id: 'fiveYear', label: '5-year, 200% declining balance, half-year', years: 5 },
  fifteenYear: { id: 'fifteenYear', label: '15-year, 150% declining balance, half-year', years: 15 },
};

/** The class of each capital_expenditures category; null = flagged for the preparer. */
export const CAPEX_RECOVERY_CLASS: Record<string, RecoveryClassId | null> = {
  appliances: 'fiveYear',
  furniture: 'fiveYear',
  fencing_landscaping: 'fifteenYear',
  driveways_sidewalks: 'fifteenYear',
  roof_replacement: 'residential27_5',
  hvac_plumbing_electrical: 'residential27_5',
  renovations: 'residential27_5',
  security_systems: null,
  capital_expenditures: null,
};

export const DEPRECIATION_FLAGS = {
  security_systems: 'Security systems: the class depends on what was installed. Ask your preparer.',
  capital_expenditures: 'Capital spending without a subcategory: choose one so it can be depreciated.',
  noAcquisitionDate: 'No acquisition date: add it to the property to depreciate the building.',
  noAcquisitionPrice: 'No acquisition price: add it to the property to depreciate the building.',
  noLandValue: 'No land value: add it to the property (land is not depreciated) to depreciate the building.',
  landOverCost: 'The land value is more than the cost: check the property.',
  land: 'Land is not depreciated.',
  commercial: 'Nonresidential real property is depreciated over 39 years. Ask your preparer.',
} as const;

export interface YearAmount {
  year: number;
  amount: Cents;
}

const HALF_MONTHS_27_5 = 660; // 27.5 years x 12 months x 2

/** 27.5-year straight line, mid-month: counted in half months so every fraction is exact. */
function straightLineMidMonth(basis: Cents, year: number, month: number, through: number): YearAmount[] {
  const out: YearAmount[] = [];
  let remaining = basis;
  let used = 0;
  for (let y = year; remaining > 0 && y <= through; y++) {
    const halfMonths = Math.min(y === year ? 2 * (12 - month) + 1 : 24, HALF_MONTHS_27_5 - used);
    used += halfMonths;
    const amount = used >= HALF_MONTHS_27_5 ? remaining : Math.min(remaining, Math.round((basis * halfMonths) / 660));
    out.push({ year: y, amount });
    remaining -= amount;
  }
  return out;
}

/**
 * Declining balance at `rate` x 1/N with the half-year convention, switching to straight line over the
 * remaining life when that is larger; N + 1 tax years, the last one takes what is left.
 */
function decliningBalanceHalfYear(
  basis: Cents,
  year: number,
  years: number,
  multiplier: number,
  through: number,
): YearAmount[] {
  const rate = multiplier / years;
  const out: YearAmount[] = [];
  let remaining = basis;
  for (let n = 1; n <= years + 1 && remaining > 0 && year + n - 1 <= through; n++) {
    let amount: number;
    if (n === 1) amount = Math.round((basis * rate) / 2);
    else if (n === years + 1) amount = remaining;
    else {
      const life = years + 1.5 - n; // years left at the start of tax year n
      amount = Math.round(Math.max(remaining * rate, remaining / life));
    }
    amount = Math.min(amount, remaining);
    out.push({ year: year + n - 1, amount });
    remaining -= amount;
  }
  return out;
}

/**
 * The yearly amounts of an asset with `basis` cents placed in service in `placedInService` (YYYY-MM), every year
 * of its life or those up to `through` (a report of one year needs no later ones: each year's amount depends only
 * on the years before it).
 */
export function depreciationYears(
  basis: Cents,
  classId: RecoveryClassId,
  placedInService: string,
  through = Number.POSITIVE_INFINITY,
): YearAmount[] {
  if (basis <= 0) return [];
  const year = Number(placedInService.slice(0, 4));
  const month = Number(placedInService.slice(5, 7));
  if (classId === 'residential27_5') return straightLineMidMonth(basis, year, month, through);
  if (classId === 'fiveYear') return decliningBalanceHalfYear(basis, year, 5, 2, through);
  return decliningBalanceHalfYear(basis, year, 15, 1.5, through);
}

/** This year's amount, the accumulated amount through the end of `year`, and what is left after it. */
export function depreciationInYear(basis: Cents, schedule: readonly YearAmount[], year: number) {
  let accumulated = 0;
  let thisYear = 0;
  for (const entry of schedule) {
    if (entry.year > year) break;
    accumulated += entry.amount;
    if (entry.year === year) thisYear = entry.amount;
  }
  return { thisYear, accumulated, remaining: basis - accumulated };
}

/** The property fields the schedule reads (cents or null when not entered). */
export interface DepreciableProperty {
  propertyType: string | null;
  acquisitionDate: string | null;
  acquisitionPrice: Cents | null;
  closingCosts: Cents | null;
  initialRepairs: Cents | null;
  otherInitialCosts: Cents | null;
  landValue: Cents | null;
}

/** The building's basis (cost - land), or the reason it cannot be computed. */
export function buildingBasis(p: DepreciableProperty): { basis: Cents; flag: null } | { basis: null; flag: string } {
  if (p.propertyType === 'LAND') return { basis: null, flag: DEPRECIATION_FLAGS.land };
  if (p.propertyType === 'COMMERCIAL') return { basis: null, flag: DEPRECIATION_FLAGS.commercial };
  if (!p.acquisitionDate) return { basis: null, flag: DEPRECIATION_FLAGS.noAcquisitionDate };
  if (p.acquisitionPrice === null) return { basis: null, flag: DEPRECIATION_FLAGS.noAcquisitionPrice };
  if (p.landValue === null) return { basis: null, flag: DEPRECIATION_FLAGS.noLandValue };
  const cost = p.acquisitionPrice + (p.closingCosts ?? 0) + (p.initialRepairs ?? 0) + (p.otherInitialCosts ?? 0);
  if (p.landValue > cost) return { basis: null, flag: DEPRECIATION_FLAGS.landOverCost };
  return { basis: cost - p.landValue, flag: null };
}

/** Capital spending of one month and category for a property: the money spent (positive cents). */
export interface CapexSpend {
  month: string;
  category: string;
  spent: Cents;
}

export interface DepreciationAsset {
  /** "building" or the capex category. */
  asset: string;
  label: string;
  classId: RecoveryClassId | null;
  classLabel: string | null;
  /** YYYY-MM, or null when unknown. */
  placedInService: string | null;
  basis: Cents | null;
  thisYear: Cents;
  accumulated: Cents;
  remaining: Cents | null;
  flag: string | null;
}

export interface PropertyDepreciation {
  assets: DepreciationAsset[];
  /** The year's depreciation of every computed asset (Schedule E line 18). */
  total: Cents;
  /** Why the total may be incomplete (building basis unknown, assets for the preparer). */
  flags: string[];
}

/** An asset left to the preparer: nothing computed. */
const NOT_COMPUTED = { thisYear: 0, accumulated: 0, remaining: null };

/**
 * A property's depreciation for a tax year: the building from its acquisition, and each month's capital
 * spending per category as an asset placed in service in the month it was spent. Assets placed in service
 * after the year are left out; fully depreciated ones stay (this year 0).
 */
export function propertyDepreciation(
  property: DepreciableProperty,
  capex: readonly CapexSpend[],
  year: number,
): PropertyDepreciation {
  const assets: DepreciationAsset[] = [];
  const building = buildingBasis(property);
  const acquired = property.acquisitionDate?.slice(0, 7) ?? null;
  if (building.basis === null) {
    if (property.propertyType !== 'LAND') {
      assets.push({
        asset: 'building',
        label: 'Building',
        classId: null,
        classLabel: null,
        placedInService: acquired,
        basis: null,
        thisYear: 0,
        accumulated: 0,
        remaining: null,
        flag: building.flag,
      });
    }
  } else if (acquired && Number(acquired.slice(0, 4)) <= year) {
    const schedule = depreciationYears(building.basis, 'residential27_5', acquired, year);
    assets.push({
      asset: 'building',
      label: 'Building',
      classId: 'residential27_5',
      classLabel: RECOVERY_CLASSES.residential27_5.label,
      placedInService: acquired,
      basis: building.basis,
      ...depreciationInYear(building.basis, schedule, year),
      flag: null,
    });
  }
  const commercial = property.propertyType === 'COMMERCIAL' || property.propertyType === 'LAND';
  // Code-unit order: months and category keys are ASCII, and localeCompare was most of a report's sorting time.
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const spend of [...capex].sort((a, b) => byCode(a.month, b.month) || byCode(a.category, b.category))) {
    if (spend.spent <= 0 || Number(spend.month.slice(0, 4)) > year) continue;
    const mapped = CAPEX_RECOVERY_CLASS[spend.category] ?? null;
    const classId = mapped === 'residential27_5' && commercial ? null : mapped;
    const flag =
      classId !== null
        ? null
        : mapped === 'residential27_5'
          ? DEPRECIATION_FLAGS.commercial
          : (DEPRECIATION_FLAGS[spend.category as keyof typeof DEPRECIATION_FLAGS] ??
            DEPRECIATION_FLAGS.capital_expenditures);
    // One literal per asset, no spreads: a Schedule E of ten properties computes thousands of these.
    const { thisYear, accumulated, remaining } =
      classId === null
        ? NOT_COMPUTED
        : depreciationInYear(spend.spent, depreciationYears(spend.spent, classId, spend.month, year), year);
    assets.push({
      asset: spend.category,
      label: categoryLabel(spend.category),
      classId,
      classLabel: classId && RECOVERY_CLASSES[classId].label,
      placedInService: spend.month,
      basis: spend.spent,
      thisYear,
      accumulated,
      remaining,
      flag,
    });
  }
  const flags = [...new Set(assets.flatMap((a) => (a.flag ? [a.flag] : [])))];
  return { assets, total: assets.reduce((sum, a) => sum + a.thisYear, 0), flags };
}
