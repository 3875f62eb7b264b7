/**
 * A person's per-asset depreciation choices (docs/reports-and-tax.md "Depreciation schedule"), pure and zod-free:
 *   - the bonus depreciation (the special depreciation allowance of section 168(k)): which assets may take it and at
 *     what rate for the month they were acquired and placed in service;
 *   - depreciation taken before the books began, carried in per asset.
 * An asset is named by its key: "building", or "<capex category>@<YYYY-MM placed in service>" (one capital asset is
 * one month x category of a property, core/depreciation.ts).
 */

import { depreciationInYear, type RecoveryClassId, type YearAmount } from './macrs.js';
import { type Cents, formatCurrency } from './money.js';

/** What a person chose for one asset of a property. */
export interface AssetChoice {
  /** Depreciation taken on the asset through the end of `priorThroughYear` (cents), before the books; null = none. */
  priorDepreciation: Cents | null;
  /** The last tax year the carried-in amount covers (YYYY); set together with `priorDepreciation`. */
  priorThroughYear: number | null;
  /** True = take the bonus depreciation, false = elected out, null = the default (`BONUS_BY_DEFAULT`). */
  bonus: boolean | null;
}

export const NO_CHOICE: AssetChoice = { priorDepreciation: null, priorThroughYear: null, bonus: null };

/**
 * Whether an eligible asset with no choice takes the bonus. The law's default is to take it unless elected out per
 * class and year; the books do not assume it (docs/reports-and-tax.md "Depreciation schedule": schedules already filed
 * from these books took none, and a silent change would rewrite them), so a person opts each asset in.
 */
export const BONUS_BY_DEFAULT = false;

/** Whether the asset takes the bonus under its choice. */
export const takesBonus = (choice: AssetChoice) => choice.bonus ?? BONUS_BY_DEFAULT;

export const BUILDING_ASSET = 'building';

/** The key of a capital asset: category and the month placed in service. */
export const assetKey = (category: string, month: string) => `${category}@${month}`;

/**
 * Classes that may take the bonus: MACRS property with a recovery period of 20 years or less (section 168(k)(2)(A));
 * never residential rental (27.5-year) or nonresidential real (39-year) property, nor improvements to them.
 */
export const BONUS_ELIGIBLE: Record<RecoveryClassId, boolean> = {
  residential27_5: false,
  nonresidential39: false,
  fiveYear: true,
  fifteenYear: true,
};

/** The bonus rate for an asset acquired and placed in service in `month` (YYYY-MM), with a note when unsure. */
export interface BonusRate {
  /** Whole percent of the basis, 0 to 100. */
  percent: number;
  /** Why the rate may not be the one that applies (shown to the preparer), or null. */
  note: string | null;
}

export const BONUS_NOTES = {
  january2025:
    'Acquired in January 2025: 40% if acquired by January 19, 100% if after (P.L. 119-21 section 70301). The ' +
    'books take 40%; tell your preparer the date.',
  before2018:
    'Placed in service before 2018: the bonus rate of that time (50% before September 28, 2017) is not ' +
    'computed here. Ask your preparer.',
} as const;

/**
 * The bonus rate by the month the asset was acquired and placed in service (the books know one month for both):
 * 100% from February 2025 on (P.L. 119-21 section 70301: property acquired after January 19, 2025, permanently);
 * before that the 2017 law's phase-down by the year placed in service: 100% through 2022, 80% in 2023, 60% in
 * 2024, 40% in 2025 (January 2025 is flagged: the new law's date falls inside it); before 2018 none is computed.
 */
export function bonusRate(month: string): BonusRate {
  const year = Number(month.slice(0, 4));
  if (month >= '2025-02') return { percent: 100, note: null };
  if (month === '2025-01') return { percent: 40, note: BONUS_NOTES.january2025 };
  if (year === 2024) return { percent: 60, note: null };
  if (year === 2023) return { percent: 80, note: null };
  if (year >= 2018) return { percent: 100, note: null };
  return { percent: 0, note: BONUS_NOTES.before2018 };
}

/** The bonus of a basis at a whole percent, to the cent (half up). */
export const bonusAmount = (basis: Cents, percent: number): Cents => Math.round((basis * percent) / 100);

const money = (cents: Cents) => formatCurrency(cents, 2);

/**
 * The flag of a carried-in amount that is not what the schedule gives for the same years: both, and the
 * difference. The books keep the schedule's yearly amounts and count the entered amount as taken.
 */
export function priorDifferenceFlag(entered: Cents, byTable: Cents, through: number): string {
  const diff = entered - byTable;
  return (
    `Depreciation taken through ${through} entered as ${money(entered)}; the schedule gives ${money(byTable)} ` +
    `(${diff > 0 ? 'more' : 'less'} by ${money(Math.abs(diff))}). The later years keep the schedule's amounts. ` +
    'Tell your preparer.'
  );
}

export const PRIOR_OVER_BASIS = (entered: Cents, basis: Cents) =>
  `Depreciation taken before the books (${money(entered)}) is more than the basis (${money(basis)}): check it.`;

/** The carry-in as the schedule shows it: what was entered, the years it covers, and what the schedule gives. */
export interface PriorDepreciation {
  entered: Cents;
  throughYear: number;
  byTable: Cents;
}

/**
 * The year's amount, accumulated and remaining of an asset with `basis` (cents) and its yearly `schedule` (computed
 * at least through `year` and the carry-in's last year), with the carry-in when one was entered. Through the
 * carry-in's last year the row is the schedule's; after it, accumulated is the entered amount plus the schedule's
 * years since, each never more than the basis not yet taken (no deduction beyond the basis). The yearly amounts
 * are never re-based: an entered amount unlike the schedule's is flagged, both shown.
 */
export function withPrior(basis: Cents, schedule: readonly YearAmount[], year: number, choice: AssetChoice) {
  const plain = depreciationInYear(basis, schedule, year);
  if (choice.priorDepreciation === null || choice.priorThroughYear === null) {
    return { ...plain, prior: null, flag: null };
  }
  const through = choice.priorThroughYear;
  const entered = choice.priorDepreciation;
  let byTable = 0;
  for (const entry of schedule) if (entry.year <= through) byTable += entry.amount;
  const prior: PriorDepreciation = { entered, throughYear: through, byTable };
  const flags: string[] = [];
  if (entered > basis) flags.push(PRIOR_OVER_BASIS(entered, basis));
  if (entered !== byTable) flags.push(priorDifferenceFlag(entered, byTable, through));
  const flag = flags.length > 0 ? flags.join(' ') : null;
  if (year <= through) return { ...plain, prior, flag };
  const open = Math.max(0, basis - entered);
  let left = open;
  let thisYear = 0;
  for (const entry of schedule) {
    if (entry.year <= through || entry.year > year) continue;
    const amount = Math.min(entry.amount, left);
    left -= amount;
    if (entry.year === year) thisYear = amount;
  }
  const accumulated = entered + (open - left);
  return { thisYear, accumulated, remaining: basis - accumulated, prior, flag };
}
