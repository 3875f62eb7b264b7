/**
 * The parts of Schedule E (Form 1040) Part I that are not sums of categories, pure and zod-free
 * (docs/reports-and-tax.md "Schedule E"): line 1b's type codes, line 2's day counts and their bounds, and the summary
 * across properties (lines 23a–26). A worksheet for a person's tax preparer, not tax advice.
 */
import type { Cents } from './money.js';
import { SCHEDULE_E_PROPERTY_TYPES } from './scheduleE.js';

/** Line 1b: the instructions' list of property types, by code. */
export const SCHEDULE_E_TYPE_CODES = [
  { code: 1, label: 'Single Family Residence' },
  { code: 2, label: 'Multi-Family Residence' },
  { code: 3, label: 'Vacation/Short-Term Rental' },
  { code: 4, label: 'Commercial' },
  { code: 5, label: 'Land' },
  { code: 6, label: 'Royalties' },
  { code: 7, label: 'Self-Rental' },
  { code: 8, label: 'Other' },
] as const;

export type ScheduleETypeCode = (typeof SCHEDULE_E_TYPE_CODES)[number]['code'];

export const scheduleETypeOf = (code: number) => SCHEDULE_E_TYPE_CODES.find((t) => t.code === code) ?? null;

/** The code a property's type suggests (null without a type): the preparer may choose another per year. */
export const defaultScheduleETypeCode = (propertyType: string | null | undefined): ScheduleETypeCode | null =>
  propertyType ? ((SCHEDULE_E_PROPERTY_TYPES[propertyType]?.code as ScheduleETypeCode | undefined) ?? null) : null;

/** Days in a calendar year (line 2 counts days of the tax year). */
export function daysInYear(year: string): number {
  const y = Number(year);
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365;
}

/** Why line 2's days cannot be saved, or null: each count is a whole number of days of that year. */
export function scheduleEDaysProblem(
  year: string,
  days: { fairRentalDays: number | null; personalUseDays: number },
): string | null {
  const most = daysInYear(year);
  if (days.fairRentalDays !== null && days.fairRentalDays > most)
    return `Fair rental days can be at most ${most} in ${year}.`;
  if (days.personalUseDays > most) return `Personal use days can be at most ${most} in ${year}.`;
  return null;
}

/** The per-property lines the summary adds up (a worksheet's lines, by number). */
interface SheetLines {
  lines: readonly { line: string; amount: Cents }[];
}

export interface ScheduleESummary {
  /** 23a: line 3 (rents) of every rental property. */
  rents: Cents;
  /** 23b: line 4 (royalties) of every royalty property. */
  royalties: Cents;
  /** 23c: line 12 (mortgage interest). */
  mortgageInterest: Cents;
  /** 23d: line 18 (depreciation). */
  depreciation: Cents;
  /** 23e: line 20 (total expenses). */
  totalExpenses: Cents;
  /** 24: the positive line 21 amounts. */
  income: Cents;
  /** 25: the negative line 21 amounts (a negative number), before any passive activity loss limit (Form 8582). */
  losses: Cents;
  /** 26: line 24 plus line 25. */
  total: Cents;
}

export const SCHEDULE_E_SUMMARY_LINES: readonly { line: string; label: string; key: keyof ScheduleESummary }[] = [
  { line: '23a', label: 'Total of all amounts on line 3 for all rental properties', key: 'rents' },
  { line: '23b', label: 'Total of all amounts on line 4 for all royalty properties', key: 'royalties' },
  { line: '23c', label: 'Total of all amounts on line 12 for all properties', key: 'mortgageInterest' },
  { line: '23d', label: 'Total of all amounts on line 18 for all properties', key: 'depreciation' },
  { line: '23e', label: 'Total of all amounts on line 20 for all properties', key: 'totalExpenses' },
  { line: '24', label: 'Income: the positive amounts on line 21', key: 'income' },
  { line: '25', label: 'Losses: the negative amounts on line 21 (no passive loss limit applied)', key: 'losses' },
  { line: '26', label: 'Total rental real estate and royalty income or (loss)', key: 'total' },
];

/** Why line 25 may not be what the return shows: the worksheet takes line 21's losses as they are. */
export const SCHEDULE_E_LOSS_NOTE =
  'Line 25 adds the losses on line 21 before any passive activity loss limit: the worksheet does not apply Form 8582, so line 22 is left to your preparer.';

/** Lines 23a–26 from the worksheets of the properties (money with no property is on no Schedule E: leave it out). */
export function scheduleESummary(sheets: readonly SheetLines[]): ScheduleESummary {
  const sum = { rents: 0, royalties: 0, mortgageInterest: 0, depreciation: 0, totalExpenses: 0, income: 0, losses: 0 };
  const amount = (sheet: SheetLines, line: string) => sheet.lines.find((l) => l.line === line)?.amount ?? 0;
  for (const sheet of sheets) {
    sum.rents += amount(sheet, '3');
    sum.royalties += amount(sheet, '4');
    sum.mortgageInterest += amount(sheet, '12');
    sum.depreciation += amount(sheet, '18');
    sum.totalExpenses += amount(sheet, '20');
    const result = amount(sheet, '21');
    if (result > 0) sum.income += result;
    else sum.losses += result;
  }
  const total = sum.income + sum.losses;
  return { ...sum, losses: sum.losses === 0 ? 0 : sum.losses, total: total === 0 ? 0 : total };
}
