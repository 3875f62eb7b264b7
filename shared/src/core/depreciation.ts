/**
 * The depreciation schedule (docs/reports-and-tax.md "Depreciation schedule"), pure and zod-free. A worksheet for a
 * person's tax preparer, not tax advice. Which recovery class each kind of capital spending is in, per property;
 * the classes' yearly amounts (MACRS GDS, IRS Publication 946) are core/macrs.ts.
 * A COMMERCIAL property's building, and its spending that would be 27.5-year residential rental property, is
 * nonresidential real property: 39 years (section 168(c), Pub 946 Table A-7a).
 * Security systems and capital spending without a subcategory are flagged for the preparer, not computed.
 * Money back for a capital item (a refund or rebate) lowers the basis of the property's latest asset of that
 * category placed in service by then (Pub 551); in the asset's first year the tables apply to the lowered basis, in
 * a later year the years before stand and what is left is spread over the rest of the recovery period (Pub 946,
 * "Figuring the Deduction Without Using the Tables"). A basis never goes below what is already depreciated: more
 * money back than that is shown as a refund not applied. So the bases add up to the net capital spending plus the
 * refunds not applied, to the cent (`CapitalReconciliation`).
 */

import { categoryLabel } from './categories.js';
import {
  type AssetChoice,
  assetKey,
  BONUS_ELIGIBLE,
  BUILDING_ASSET,
  bonusAmount,
  bonusRate,
  NO_CHOICE,
  type PriorDepreciation,
  takesBonus,
  withPrior,
} from './depreciationChoices.js';
import { depreciationYears, RECOVERY_CLASSES, type RecoveryClassId, type YearAmount } from './macrs.js';
import { type Cents, formatCurrency } from './money.js';

/**
 * The class of each capital_expenditures category on a residential rental property; null = flagged for the
 * preparer. On a COMMERCIAL property the 27.5-year ones are 39-year (`recoveryClassOf`).
 */
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
  landImprovement:
    'Spending on land: its class depends on what was built (a building or a land improvement). Ask your preparer.',
} as const;

/** The building's class: nonresidential real property (39 years) for COMMERCIAL, residential rental otherwise. */
export const buildingClassOf = (propertyType: string | null): RecoveryClassId =>
  propertyType === 'COMMERCIAL' ? 'nonresidential39' : 'residential27_5';

/**
 * The class of a capital spending category on a property of this type, or the flag saying why it is left to the
 * preparer: improvements to a building (the 27.5-year categories) take the building's class; on LAND there is no
 * building to improve.
 */
export function recoveryClassOf(
  category: string,
  propertyType: string | null,
): { classId: RecoveryClassId; flag: null } | { classId: null; flag: string } {
  const mapped = CAPEX_RECOVERY_CLASS[category] ?? null;
  if (mapped === 'residential27_5') {
    if (propertyType === 'LAND') return { classId: null, flag: DEPRECIATION_FLAGS.landImprovement };
    return { classId: buildingClassOf(propertyType), flag: null };
  }
  if (mapped !== null) return { classId: mapped, flag: null };
  return {
    classId: null,
    flag: DEPRECIATION_FLAGS[category as keyof typeof DEPRECIATION_FLAGS] ?? DEPRECIATION_FLAGS.capital_expenditures,
  };
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
  if (!p.acquisitionDate) return { basis: null, flag: DEPRECIATION_FLAGS.noAcquisitionDate };
  if (p.acquisitionPrice === null) return { basis: null, flag: DEPRECIATION_FLAGS.noAcquisitionPrice };
  if (p.landValue === null) return { basis: null, flag: DEPRECIATION_FLAGS.noLandValue };
  const cost = p.acquisitionPrice + (p.closingCosts ?? 0) + (p.initialRepairs ?? 0) + (p.otherInitialCosts ?? 0);
  if (p.landValue > cost) return { basis: null, flag: DEPRECIATION_FLAGS.landOverCost };
  return { basis: cost - p.landValue, flag: null };
}

/**
 * Capital spending of one month and category for a property: the net money spent (cents, the cash flow's capital
 * spending of that month and category); negative when more came back than went out (a refund or rebate).
 */
export interface CapexSpend {
  month: string;
  category: string;
  spent: Cents;
}

/** The bonus depreciation an eligible asset takes (or would take) in its first year. */
export interface AssetBonus {
  /** Whole percent of the basis, by the month acquired and placed in service (core/depreciationChoices.ts). */
  percent: number;
  /** Cents taken in the year placed in service; 0 when not taken. */
  amount: Cents;
  /** Taken (chosen, or by default), or not. */
  taken: boolean;
}

export interface DepreciationAsset {
  /** "building" or the capex category. */
  asset: string;
  /** The asset's key for its choices: "building" or "<category>@<YYYY-MM>" (core/depreciationChoices.ts). */
  key: string;
  label: string;
  classId: RecoveryClassId | null;
  classLabel: string | null;
  /** YYYY-MM, or null when unknown (or for a refund that lowers no asset). */
  placedInService: string | null;
  basis: Cents | null;
  thisYear: Cents;
  accumulated: Cents;
  remaining: Cents | null;
  /** Eligible for the bonus (a recovery period of 20 years or less) and its rate; null when not eligible. */
  bonus: AssetBonus | null;
  /** Depreciation taken before the books, as entered, with what the schedule gives for the same years. */
  prior: PriorDepreciation | null;
  flag: string | null;
}

/**
 * A property's capital spending through the report's year against its assets' bases (cents): `basis` (every
 * capital asset's, flagged ones included) = `spending` (net, as the cash flow counts it) + `refundsNotApplied`
 * (money back that found no basis left to lower).
 */
export interface CapitalReconciliation {
  spending: Cents;
  basis: Cents;
  refundsNotApplied: Cents;
}

export interface PropertyDepreciation {
  assets: DepreciationAsset[];
  /** The year's depreciation of every computed asset (Schedule E line 18). */
  total: Cents;
  /** Why the total may be incomplete (building basis unknown, assets for the preparer). */
  flags: string[];
  capital: CapitalReconciliation;
}

/** An asset left to the preparer: nothing computed. */
const NOT_COMPUTED = { thisYear: 0, accumulated: 0, remaining: null, prior: null, flag: null };

/** "building", or a capital spending category with a real month; else null. */
export function parseAssetKey(key: string): { category: string; month: string | null } | null {
  if (key === BUILDING_ASSET) return { category: BUILDING_ASSET, month: null };
  const match = /^([a-z_]+)@(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (!match || !(match[1]! in CAPEX_RECOVERY_CLASS)) return null;
  return { category: match[1]!, month: `${match[2]}-${match[3]}` };
}

const money = (cents: Cents) => formatCurrency(cents, 2);

/** A capital asset's flag when refunds of years after it was placed in service lowered its basis. */
export function laterRefundFlag(amount: Cents, years: readonly number[]): string {
  return (
    `Basis lowered by ${money(amount)} refunded in ${years.join(', ')}, after the year it was placed in service ` +
    '(Pub 551): the years before keep their amounts and what is left is spread over the rest of the recovery ' +
    'period, not by the tables (Pub 946). Tell your preparer.'
  );
}

/** A refund of a category with no basis left to lower (nothing spent before it, or all of it depreciated). */
export function refundNotAppliedFlag(amount: Cents, label: string, months: readonly string[]): string {
  return (
    `${money(amount)} refunded (${months.join(', ')}) is more than what was left of this property's ${label} ` +
    'spending before it, so it lowers no basis. Ask your preparer: it may be income, or belong to another ' +
    'property or category.'
  );
}

/** Money back of one category that lowered no basis: how much, and the months it came in. */
interface NotApplied {
  amount: Cents;
  months: string[];
}

/** One capital asset while refunds are applied: its cost and the basis decreases taken off it, by year. */
interface CapitalAsset {
  month: string;
  year: number;
  category: string;
  classId: RecoveryClassId | null;
  /** The class's flag (security systems, no subcategory, spending on land), or null. */
  flag: string | null;
  cost: Cents;
  decreases: YearAmount[];
  applied: Cents;
  choice: AssetChoice;
}

/**
 * The bonus an asset takes in its first year: for an eligible class not elected out, its rate of the basis placed
 * in service (the cost less the money back of that year); null for a class that cannot take it.
 */
function assetBonus(asset: CapitalAsset): AssetBonus | null {
  if (asset.classId === null || !BONUS_ELIGIBLE[asset.classId]) return null;
  const { percent } = bonusRate(asset.month);
  if (!takesBonus(asset.choice)) return { percent, amount: 0, taken: false };
  const firstYear = asset.decreases.reduce((sum, d) => (d.year <= asset.year ? sum + d.amount : sum), 0);
  return { percent, amount: bonusAmount(Math.max(0, asset.cost - firstYear), percent), taken: true };
}

/**
 * An asset's yearly amounts through `through`: the bonus in the year placed in service, and the rest of the basis by
 * the class's table (Pub 946: the tables apply to the basis less the special allowance).
 */
function capitalSchedule(asset: CapitalAsset, through: number, bonus: AssetBonus | null): YearAmount[] {
  if (asset.classId === null) return [];
  const bonusCents = bonus?.amount ?? 0;
  const years = depreciationYears(asset.cost - bonusCents, asset.classId, asset.month, through, asset.decreases);
  if (bonusCents === 0 || through < asset.year) return years;
  if (years[0]?.year === asset.year)
    return [{ year: asset.year, amount: years[0].amount + bonusCents }, ...years.slice(1)];
  return [{ year: asset.year, amount: bonusCents }, ...years];
}

/**
 * How much of a refund received in `year` an asset can take: its basis left, less what was depreciated before that
 * year (a basis never goes below the depreciation already taken). In the asset's first year, or for an asset left to
 * the preparer, all of its basis.
 */
function room(asset: CapitalAsset, year: number): Cents {
  const basis = asset.cost - asset.applied;
  if (asset.classId === null || year <= asset.year || basis <= 0) return basis;
  let before = 0;
  for (const y of capitalSchedule(asset, year - 1, assetBonus(asset))) {
    before += y.amount;
  }
  return Math.max(0, basis - before);
}

/**
 * A property's depreciation for a tax year: the building from its acquisition, and each month's capital
 * spending per category as an asset placed in service in the month it was spent. A month and category with money
 * back (a net refund) is no asset: it lowers the basis of the latest asset of the category placed in service by then,
 * and the ones before it if it is larger (Pub 551), as far as their bases not yet depreciated go; the rest is shown
 * as a refund not applied. Assets placed in service and refunds received after the year are left out; fully
 * depreciated assets stay (this year 0).
 */
export function propertyDepreciation(
  property: DepreciableProperty,
  capex: readonly CapexSpend[],
  year: number,
  choices: ReadonlyMap<string, AssetChoice> = new Map(),
): PropertyDepreciation {
  const assets: DepreciationAsset[] = [];
  const choiceOf = (key: string) => choices.get(key) ?? NO_CHOICE;
  const building = buildingBasis(property);
  const acquired = property.acquisitionDate?.slice(0, 7) ?? null;
  if (building.basis === null) {
    if (property.propertyType !== 'LAND') {
      assets.push({
        asset: BUILDING_ASSET,
        key: BUILDING_ASSET,
        label: 'Building',
        classId: null,
        classLabel: null,
        placedInService: acquired,
        basis: null,
        thisYear: 0,
        accumulated: 0,
        remaining: null,
        bonus: null,
        prior: null,
        flag: building.flag,
      });
    }
  } else if (acquired && Number(acquired.slice(0, 4)) <= year) {
    const classId = buildingClassOf(property.propertyType);
    const choice = choiceOf(BUILDING_ASSET);
    const through = Math.max(year, choice.priorThroughYear ?? year);
    const schedule = depreciationYears(building.basis, classId, acquired, through);
    assets.push({
      asset: BUILDING_ASSET,
      key: BUILDING_ASSET,
      label: 'Building',
      classId,
      classLabel: RECOVERY_CLASSES[classId].label,
      placedInService: acquired,
      basis: building.basis,
      bonus: null,
      ...withPrior(building.basis, schedule, year, choice),
    });
  }
  // Code-unit order: months and category keys are ASCII, and localeCompare was most of a report's sorting time.
  // Within a month and category, spending before money back (the ledger nets them, so only a caller's list has both).
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...capex].sort(
    (a, b) => byCode(a.month, b.month) || byCode(a.category, b.category) || b.spent - a.spent,
  );
  const capitalAssets: CapitalAsset[] = [];
  const byCategory = new Map<string, CapitalAsset[]>();
  const notApplied = new Map<string, NotApplied>();
  let spending = 0;
  for (const spend of sorted) {
    const spendYear = Number(spend.month.slice(0, 4));
    if (spend.spent === 0 || spendYear > year) continue;
    spending += spend.spent;
    const list = byCategory.get(spend.category) ?? [];
    byCategory.set(spend.category, list);
    if (spend.spent > 0) {
      const { classId, flag } = recoveryClassOf(spend.category, property.propertyType);
      const asset: CapitalAsset = {
        month: spend.month,
        year: spendYear,
        category: spend.category,
        classId,
        flag,
        cost: spend.spent,
        decreases: [],
        applied: 0,
        choice: choiceOf(assetKey(spend.category, spend.month)),
      };
      list.push(asset);
      capitalAssets.push(asset);
      continue;
    }
    // Money back: the latest asset of the category first, then the ones before it.
    let left = -spend.spent;
    for (let i = list.length - 1; i >= 0 && left > 0; i--) {
      const asset = list[i]!;
      const take = Math.min(left, room(asset, spendYear));
      if (take <= 0) continue;
      asset.decreases.push({ year: spendYear, amount: take });
      asset.applied += take;
      left -= take;
    }
    if (left > 0) {
      const entry: NotApplied = notApplied.get(spend.category) ?? { amount: 0, months: [] };
      notApplied.set(spend.category, entry);
      entry.amount += left;
      entry.months.push(spend.month);
    }
  }
  let basisTotal = 0;
  for (const asset of capitalAssets) {
    const basis = asset.cost - asset.applied;
    basisTotal += basis;
    // One literal per asset, no spreads: a Schedule E of ten properties computes thousands of these.
    const bonus = assetBonus(asset);
    const through = Math.max(year, asset.choice.priorThroughYear ?? year);
    const {
      thisYear,
      accumulated,
      remaining,
      prior,
      flag: priorFlag,
    } = asset.classId === null
      ? NOT_COMPUTED
      : withPrior(basis, capitalSchedule(asset, through, bonus), year, asset.choice);
    let flag = asset.flag;
    const bonusNote = bonus?.taken ? bonusRate(asset.month).note : null;
    for (const note of [bonusNote, priorFlag]) if (note) flag = flag ? `${flag} ${note}` : note;
    const later = asset.decreases.length === 0 ? asset.decreases : asset.decreases.filter((d) => d.year > asset.year);
    if (later.length > 0) {
      const note = laterRefundFlag(
        later.reduce((sum, d) => sum + d.amount, 0),
        [...new Set(later.map((d) => d.year))],
      );
      flag = flag ? `${flag} ${note}` : note;
    }
    assets.push({
      asset: asset.category,
      key: assetKey(asset.category, asset.month),
      label: categoryLabel(asset.category),
      classId: asset.classId,
      classLabel: asset.classId && RECOVERY_CLASSES[asset.classId].label,
      placedInService: asset.month,
      basis,
      thisYear,
      accumulated,
      remaining,
      bonus,
      prior,
      flag,
    });
  }
  let refundsNotApplied = 0;
  for (const [category, { amount, months }] of [...notApplied].sort(([a], [b]) => byCode(a, b))) {
    refundsNotApplied += amount;
    const label = categoryLabel(category);
    assets.push({
      asset: category,
      key: `${category}@refund`,
      label: `${label}: refund not applied`,
      classId: null,
      classLabel: null,
      placedInService: null,
      basis: null,
      thisYear: 0,
      accumulated: 0,
      remaining: null,
      bonus: null,
      prior: null,
      flag: refundNotAppliedFlag(amount, label, months),
    });
  }
  const flags = [...new Set(assets.flatMap((a) => (a.flag ? [a.flag] : [])))];
  return {
    assets,
    total: assets.reduce((sum, a) => sum + a.thisYear, 0),
    flags,
    capital: { spending, basis: basisTotal, refundsNotApplied },
  };
}
