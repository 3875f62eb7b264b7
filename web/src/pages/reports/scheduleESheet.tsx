import Alert from '@cloudscape-design/components/alert';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import { fairRentalDaysText, lineOneBText, lineTwoRows } from '@rent/shared/reports/scheduleETable';
import type { ScheduleEReport, ScheduleEWorksheet } from '../../api/reports';

/** What the Schedule E worksheet's tables (a desktop) and lists (a phone) both show. */
export interface ScheduleESheetProps {
  sheet: ScheduleEWorksheet;
  summary: ScheduleEReport['summary'] | null;
}

/** A category's amount and why it is set apart (what needs a preparer, what is left out). */
export type ReasonRow = ScheduleEWorksheet['needsReview'][number];

export const money = (value: number) => formatCurrency(toCents(value) ?? 0, 2);

export interface LineRow {
  id: string;
  line: string;
  label: string;
  amount: number | null;
  note: string;
  item: boolean;
}

export function lineRows(sheet: ScheduleEWorksheet): LineRow[] {
  // Line 1b and line 2 in the same words as the CSV and the PDF (shared/src/reports/scheduleETable.ts).
  const rows: LineRow[] = [
    { id: '1b', line: '1b', label: 'Type of property', amount: null, note: lineOneBText(sheet), item: false },
    { id: '2', line: '2', label: 'Fair rental days', amount: null, note: fairRentalDaysText(sheet), item: false },
    ...lineTwoRows(sheet).map((row, i) => ({
      id: `2:${i}`,
      // The line column is each row's header: never empty (axe), and line 2 is where these boxes are.
      line: '2',
      label: row.label,
      amount: null,
      note: row.text,
      item: true,
    })),
  ];
  for (const line of sheet.lines) {
    rows.push({
      id: line.line,
      line: line.line,
      label: line.label,
      amount: line.amount,
      note: line.flag ?? '',
      item: false,
    });
    for (const item of line.items) {
      if (line.items.length < 2 && line.line !== '19') continue;
      rows.push({
        id: `${line.line}:${item.category}`,
        line: '',
        label: item.label,
        amount: item.amount,
        note: '',
        item: true,
      });
    }
  }
  return rows;
}

/** The mortgage paid as one category: it must be split before line 12 is right. */
export function MortgageAlert({ sheet }: { sheet: ScheduleEWorksheet }) {
  return sheet.mortgage ? (
    <Alert type="warning" header="Mortgage payments to split" data-testid="schedule-e-mortgage">
      {money(sheet.mortgage.amount)} paid as "Mortgage". {sheet.mortgage.flag}
    </Alert>
  ) : null;
}
