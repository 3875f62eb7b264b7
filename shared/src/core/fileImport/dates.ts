/**
 * Dates in bank files. Three orders cover the layouts seen: year first (2024-03-01, 2024/03/01,
 * 20240301), month first (03/01/2024, 3/1/24) and day first (01/03/2024, 1.3.24). Separators `/`,
 * `-` and `.`; two-digit years 00-69 are 20xx, 70-99 are 19xx. Pure and zod-free.
 */

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** How each order is shown when the file does not say (M/D/YY is the month-first order with a short year). */
export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  'YYYY-MM-DD': 'Year-month-day (2024-03-01)',
  'MM/DD/YYYY': 'Month/day/year (03/01/2024 or 3/1/24)',
  'DD/MM/YYYY': 'Day/month/year (01/03/2024 or 1.3.24)',
};

const YEAR_FIRST = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})(?:[T\s].*)?$/;
const YEAR_LAST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:\s.*)?$/;

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

function iso(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** One date in one order, as YYYY-MM-DD, or null when it is not a real date in that order. */
export function parseDate(text: string, format: DateFormat): string | null {
  const value = text.trim();
  if (format === 'YYYY-MM-DD') {
    const match = YEAR_FIRST.exec(value);
    if (!match) return null;
    // 20240301 must be exactly 8 digits; with separators 1-2 digit parts are fine.
    if (/^\d+$/.test(value.split(/[T\s]/)[0]!) && value.split(/[T\s]/)[0]!.length !== 8) return null;
    return iso(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  const match = YEAR_LAST.exec(value);
  if (!match) return null;
  const [a, b] = [Number(match[1]), Number(match[2])];
  const year = fullYear(match[3]!);
  return format === 'MM/DD/YYYY' ? iso(year, a, b) : iso(year, b, a);
}

export interface DateDetection {
  /** The one order every value reads in, or null when none or several do. */
  format: DateFormat | null;
  /** Every order in which all values are real dates: two or more means the person must choose. */
  candidates: DateFormat[];
}

/**
 * Reads all values (not a sample): an order fits when every non-blank value is a real date in it. A
 * file whose days are all 12 or less fits both month-first and day-first: ambiguous, so asked.
 */
export function detectDateFormat(values: readonly string[]): DateDetection {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  if (present.length === 0) return { format: null, candidates: [] };
  const candidates = DATE_FORMATS.filter((format) => present.every((value) => parseDate(value, format) !== null));
  return { format: candidates.length === 1 ? candidates[0]! : null, candidates };
}

/** Whole days from `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  const at = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((at(b) - at(a)) / 86_400_000);
}

/** The date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const at = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Does this text look like a date in any order? (header detection) */
export function looksLikeDate(text: string): boolean {
  return DATE_FORMATS.some((format) => parseDate(text, format) !== null);
}
