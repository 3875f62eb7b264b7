import { toCents } from '../core/money.js';
import { fairRentalDaysNote } from '../core/occupancy.js';
import { type ReportTable, type TableRow, tableCsv } from './table.js';
import type { ScheduleEWorksheetData as ScheduleEWorksheet } from './types.js';

const cents = (value: number) => toCents(value) ?? 0;

/** One property's worksheet (CSV and PDF): every line (items under it), the mortgage flag, what needs a human, what is left out. */
export function scheduleETable(sheet: ScheduleEWorksheet, year: string, notice: string): ReportTable {
  const rows: TableRow[] = [
    {
      cells: [
        '1b',
        'Type of property',
        '',
        null,
        sheet.propertyType ? `${sheet.propertyType.code} ${sheet.propertyType.label}` : 'Not set on the property',
      ],
    },
    { cells: ['2', 'Fair rental days', '', null, fairRentalDaysNote(sheet.fairRentalDays)] },
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
