/**
 * MACRS GDS recovery classes and yearly amounts as IRS Publication 946 tabulates them (docs/reports-and-tax.md
 * "Depreciation schedule"), pure and zod-free:
 *   - residential rental property: 27.5 years straight line, mid-month convention (Table A-6): the first year counts
 *     (12 - month + 0.5) months, each year basis x half months / 660;
 *   - nonresidential real property: 39 years straight line, mid-month convention (Table A-7a, section 168(c)),
 *     counted in the same half months (936 of them) with the table's own rates: 0.107% of the basis per half month
 *     of the first year (the table rounds a month to 0.214%, not 1/468), 2.564% in each full year, and the last
 *     year takes what is left, so every year is the published percentage of the basis;
 *   - 5-year property: 200% declining balance, half-year convention, switching to straight line when that is larger
 *     (Table A-1, 5-year column);
 *   - 15-year property: 150% declining balance, half-year convention, switching to straight line (Table A-1, 15-year
 *     column).
 * A basis decrease in the first year lowers the basis the tables apply to; a later one is spread over the rest of the
 * recovery period (Pub 946, "Figuring the Deduction Without Using the Tables").
 * Rounding: every year is rounded to the cent on its own (half up) and never exceeds what is left; the last year
 * takes the remainder, so the years always add up to the basis exactly.
 */

import type { Cents } from './money.js';

/** Every recovery class, in the order the schedule's class list reads (the wire schema's enum is this list). */
export const RECOVERY_CLASS_IDS = ['residential27_5', 'nonresidential39', 'fiveYear', 'fifteenYear'] as const;

export type RecoveryClassId = (typeof RECOVERY_CLASS_IDS)[number];

export interface RecoveryClass {
  id: RecoveryClassId;
  label: string;
  /** Recovery period in years. */
  years: number;
}

export const RECOVERY_CLASSES: Record<RecoveryClassId, RecoveryClass> = {
  residential27_5: { id: 'residential27_5', label: '27.5-year residential, straight line, mid-month', years: 27.5 },
  nonresidential39: {
    id: 'nonresidential39',
    label: '39-year nonresidential real property, straight line, mid-month',
    years: 39,
  },
  fiveYear: { id: 'fiveYear', label: '5-year, 200% declining balance, half-year', years: 5 },
  fifteenYear: { id: 'fifteenYear', label: '15-year, 150% declining balance, half-year', years: 15 },
};

export interface YearAmount {
  year: number;
  amount: Cents;
}

/** The straight-line, mid-month classes: their length in half months and each year's amount while the table applies. */
interface MidMonthClass {
  halfMonths: number;
  /** The year's amount of `basis` (cents) for `halfMonths` of it, the first year or a full one; not the last. */
  table: (basis: Cents, halfMonths: number, first: boolean) => Cents;
}

const MID_MONTH: Record<'residential27_5' | 'nonresidential39', MidMonthClass> = {
  // 27.5 x 12 x 2 half months; Table A-6 is basis x half months / 660 to its 3 decimals.
  residential27_5: { halfMonths: 660, table: (basis, halfMonths) => Math.round((basis * halfMonths) / 660) },
  // 39 x 12 x 2 half months. Table A-7a's percentages in thousandths of a percent: 107 per half month in the
  // first year (2.461% from January, 0.107% from December), 2,564 in each of years 2-39.
  nonresidential39: {
    halfMonths: 936,
    table: (basis, halfMonths, first) => Math.round((basis * (first ? 107 * halfMonths : 2_564)) / 100_000),
  },
};

/** The basis decreases (refunds) of one year. */
const decreaseIn = (decreases: readonly YearAmount[], year: number) =>
  decreases.reduce((sum, d) => (d.year === year ? sum + d.amount : sum), 0);

/**
 * Straight line, mid-month, counted in half months so every fraction is exact: the class's table while the basis
 * is the one placed in service; a decrease in a later year starts a new straight line, what is left over the half
 * months left (Pub 946 without the tables).
 */
function straightLineMidMonth(
  basis: Cents,
  klass: MidMonthClass,
  year: number,
  month: number,
  through: number,
  decreases: readonly YearAmount[],
): YearAmount[] {
  const total = klass.halfMonths;
  const out: YearAmount[] = [];
  let remaining = basis;
  let used = 0;
  let lineBasis = basis;
  let lineHalfMonths = 0; // 0 while the table applies
  for (let y = year; remaining > 0 && y <= through; y++) {
    const decrease = y === year ? 0 : decreaseIn(decreases, y);
    if (decrease > 0) {
      remaining = Math.max(0, remaining - decrease);
      if (remaining === 0) break;
      lineBasis = remaining;
      lineHalfMonths = total - used;
    }
    const halfMonths = Math.min(y === year ? 2 * (12 - month) + 1 : 24, total - used);
    used += halfMonths;
    const amount =
      used >= total
        ? remaining
        : Math.min(
            remaining,
            lineHalfMonths === 0
              ? klass.table(lineBasis, halfMonths, y === year)
              : Math.round((lineBasis * halfMonths) / lineHalfMonths),
          );
    out.push({ year: y, amount });
    remaining -= amount;
  }
  return out;
}

/**
 * Declining balance at `rate` x 1/N with the half-year convention, switching to straight line over the
 * remaining life when that is larger; N + 1 tax years, the last one takes what is left. Each year after the first
 * works on what is left (the adjusted basis less the depreciation before it), so a decrease in a later year is
 * taken off what is left at that year's start (Pub 946 without the tables).
 */
function decliningBalanceHalfYear(
  basis: Cents,
  year: number,
  years: number,
  multiplier: number,
  through: number,
  decreases: readonly YearAmount[],
): YearAmount[] {
  const rate = multiplier / years;
  const out: YearAmount[] = [];
  let remaining = basis;
  for (let n = 1; n <= years + 1 && remaining > 0 && year + n - 1 <= through; n++) {
    const decrease = n === 1 ? 0 : decreaseIn(decreases, year + n - 1);
    if (decrease > 0) {
      remaining = Math.max(0, remaining - decrease);
      if (remaining === 0) break;
    }
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
 * The yearly amounts of an asset costing `basis` cents placed in service in `placedInService` (YYYY-MM), every year
 * of its life or those up to `through` (a report of one year needs no later ones: each year's amount depends only
 * on the years before it). `decreases` are basis decreases (refunds) by year: those of the first year lower the
 * basis the tables apply to; a later one is taken off what is left at the start of its year, and the rest of the
 * recovery period depreciates what remains. The amounts add up to the basis less the decreases (never more than
 * what is left: a decrease larger than that is cut to it).
 */
export function depreciationYears(
  basis: Cents,
  classId: RecoveryClassId,
  placedInService: string,
  through = Number.POSITIVE_INFINITY,
  decreases: readonly YearAmount[] = [],
): YearAmount[] {
  const year = Number(placedInService.slice(0, 4));
  const month = Number(placedInService.slice(5, 7));
  const firstYear = decreases.reduce((sum, d) => (d.year <= year ? sum + d.amount : sum), 0);
  const start = basis - firstYear;
  if (start <= 0) return [];
  if (classId === 'residential27_5' || classId === 'nonresidential39') {
    return straightLineMidMonth(start, MID_MONTH[classId], year, month, through, decreases);
  }
  if (classId === 'fiveYear') return decliningBalanceHalfYear(start, year, 5, 2, through, decreases);
  return decliningBalanceHalfYear(start, year, 15, 1.5, through, decreases);
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
