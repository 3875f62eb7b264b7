/**
 * MACRS GDS recovery classes and yearly amounts as IRS Publication 946 tabulates them (docs/reports-and-tax.md
 * "Depreciation schedule"), pure and zod-free:
 *   - residential rental property: 27.5 years straight line, mid-month convention (Table A-6): the first year counts
 *     (12 - month + 0.5) months;
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

export interface YearAmount {
  year: number;
  amount: Cents;
}

const HALF_MONTHS_27_5 = 660; // 27.5 years x 12 months x 2

/** The basis decreases (refunds) of one year. */
const decreaseIn = (decreases: readonly YearAmount[], year: number) =>
  decreases.reduce((sum, d) => (d.year === year ? sum + d.amount : sum), 0);

/**
 * 27.5-year straight line, mid-month: counted in half months so every fraction is exact. A decrease in a later year
 * starts a new straight line: what is left over the half months left (Pub 946 without the tables); without one this
 * is basis x half months / 660, Table A-6.
 */
function straightLineMidMonth(
  basis: Cents,
  year: number,
  month: number,
  through: number,
  decreases: readonly YearAmount[],
): YearAmount[] {
  const out: YearAmount[] = [];
  let remaining = basis;
  let used = 0;
  let lineBasis = basis;
  let lineHalfMonths = HALF_MONTHS_27_5;
  for (let y = year; remaining > 0 && y <= through; y++) {
    const decrease = y === year ? 0 : decreaseIn(decreases, y);
    if (decrease > 0) {
      remaining = Math.max(0, remaining - decrease);
      if (remaining === 0) break;
      lineBasis = remaining;
      lineHalfMonths = HALF_MONTHS_27_5 - used;
    }
    const halfMonths = Math.min(y === year ? 2 * (12 - month) + 1 : 24, HALF_MONTHS_27_5 - used);
    used += halfMonths;
    const amount =
      used >= HALF_MONTHS_27_5 ? remaining : Math.min(remaining, Math.round((lineBasis * halfMonths) / lineHalfMonths));
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
  if (classId === 'residential27_5') return straightLineMidMonth(start, year, month, through, decreases);
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
