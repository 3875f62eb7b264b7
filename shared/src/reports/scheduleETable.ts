import { toCents } from '../core/money.js';
import { fairRentalDaysNote } from '../core/occupancy.js';
import { type ReportTable, type TableRow, tableCsv } from './table.js';
import type { ScheduleEData, ScheduleEWorksheetData as ScheduleEWorksheet } from './types.js';

const cents = (value: number) => toCents(value) ?? 0;

/** Line 1b as the screen and the files say it: the code and its label, and where it comes from. */
export function lineOneBText(sheet: Pick<ScheduleEWorksheet, 'propertyType' | 'choices'>): string {
  if (!sheet.propertyType) return 'Not set on the property';
  const text = `${sheet.propertyType.code} ${sheet.propertyType.label}`;
  return sheet.choices?.propertyTypeCode != null ? `${text} (chosen for the year)` : text;
}

/** Line 2's fair rental days as the screen and the files say them: entered for the year, or from the leases. */
export function fairRentalDaysText(sheet: Pick<ScheduleEWorksheet, 'fairRentalDays' | 'choices'>): string {
  if (sheet.choices?.fairRentalDays != null) return `${sheet.choices.fairRentalDays} days (entered for the year)`;
  return fairRentalDaysNote(sheet.fairRentalDays);
}

/** Line 2's other two boxes: personal use days and QJV (a property's only; null for money with no property). */
export function lineTwoRows(sheet: Pick<ScheduleEWorksheet, 'choices'>): { label: string; text: string }[] {
  if (!sheet.choices) return [];
  return [
    { label: 'Personal use days', text: `${sheet.choices.personalUseDays} days` },
    { label: 'QJV (qualified joint venture)', text: sheet.choices.qjv ? 'Yes' : 'No' },
  ];
}

/** One property's worksheet (CSV and PDF): every line (items under it), the mortgage flag, what needs a human, what is left out. */
export function scheduleETable(sheet: ScheduleEWorksheet, year: string, notice: string): ReportTable {
  const rows: TableRow[] = [
    { cells: ['1a', 'Physical address', '', null, sheet.address] },
    { cells: ['1b', 'Type of property', '', null, lineOneBText(sheet)] },
    { cells: ['2', 'Fair rental days', '', null, fairRentalDaysText(sheet)] },
    ...lineTwoRows(sheet).map((row) => ({ cells: ['2', row.label, '', null, row.text] })),
  ];
  for (const line of sheet.lines) {
    rows.push({ cells: [line.line, line.label, '', cents(line.amount), line.flag ?? ''], style: 'bold' });
    for (const item of line.items) rows.push({ cells: [line.line, '', item.label, cents(item.amount), ''] });
  }
  if (sheet.mortgage) {
    rows.push({ cells: ['', 'Mortgage payments', 'Mortgage', cents(sheet.mortgage.amount), sheet.mortgage.flag] });
  }
  for (const item of sheet.needsReview) {
    rows.push({ cells: ['', 'Needs your preparer', item.label, cents(item.amount), item.reason] });
  }
  for (const item of sheet.excluded) {
    rows.push({ cells: ['', 'Not on Schedule E', item.label, cents(item.amount), item.reason] });
  }
  return {
    preamble: [[`Schedule E worksheet ${year}`, sheet.address], [notice]],
    columns: [
      { label: 'Line', weight: 0.3 },
      { label: 'Description', weight: 1.4 },
      { label: 'Category', weight: 1.2 },
      { label: 'Amount', kind: 'money' },
      { label: 'Note', weight: 2 },
    ],
    rows,
    footer: notice,
  };
}

/** One property's worksheet as CSV. */
export function scheduleECsv(sheet: ScheduleEWorksheet, year: string, notice: string): string {
  return tableCsv(scheduleETable(sheet, year, notice));
}

/** Lines 23a–26 across the properties (CSV and PDF), with why line 25 may differ from the return. */
export function scheduleESummaryTable(report: Pick<ScheduleEData, 'year' | 'notice' | 'summary'>): ReportTable {
  return {
    preamble: [[`Schedule E summary ${report.year}`, 'All properties'], [report.notice]],
    columns: [
      { label: 'Line', weight: 0.3 },
      { label: 'Description', weight: 2.6 },
      { label: 'Amount', kind: 'money' },
    ],
    rows: [
      ...report.summary.lines.map((line) => ({
        cells: [line.line, line.label, cents(line.amount)],
        style: line.line === '26' ? ('bold' as const) : ('plain' as const),
      })),
      { cells: ['', report.summary.note, null] },
    ],
    footer: report.notice,
  };
}
