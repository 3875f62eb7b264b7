import { centsToString, toCents } from '@rent/shared/core/money';
import type { ScheduleEWorksheet } from '../../api/reports';
import { csvCell } from '../../lib/csv';

const amount = (value: number) => csvCell(centsToString(toCents(value) ?? 0), false);

/** One property's worksheet as CSV: every line (items under it), the mortgage flag, what needs a human, what is left out. */
export function scheduleECsv(sheet: ScheduleEWorksheet, year: string, notice: string): string {
  const lines = [
    [csvCell(`Schedule E worksheet ${year}`), csvCell(sheet.address)].join(','),
    csvCell(notice),
    [csvCell('Line'), csvCell('Description'), csvCell('Category'), csvCell('Amount'), csvCell('Note')].join(','),
  ];
  lines.push(
    [
      '1b',
      csvCell('Type of property'),
      '',
      '',
      csvCell(
        sheet.propertyType ? `${sheet.propertyType.code} ${sheet.propertyType.label}` : 'Not set on the property',
      ),
    ].join(','),
  );
  lines.push(['2', csvCell('Fair rental days'), '', '', csvCell('Needs leases: not recorded yet')].join(','));
  for (const line of sheet.lines) {
    lines.push(
      [csvCell(line.line, false), csvCell(line.label), '', amount(line.amount), csvCell(line.flag ?? '')].join(','),
    );
    for (const item of line.items) {
      lines.push([csvCell(line.line, false), '', csvCell(item.label), amount(item.amount), ''].join(','));
    }
  }
  if (sheet.mortgage) {
    lines.push(
      [
        '',
        csvCell('Mortgage payments'),
        csvCell('Mortgage'),
        amount(sheet.mortgage.amount),
        csvCell(sheet.mortgage.flag),
      ].join(','),
    );
  }
  for (const item of sheet.needsReview) {
    lines.push(
      ['', csvCell('Needs your preparer'), csvCell(item.label), amount(item.amount), csvCell(item.reason)].join(','),
    );
  }
  for (const item of sheet.excluded) {
    lines.push(
      ['', csvCell('Not on Schedule E'), csvCell(item.label), amount(item.amount), csvCell(item.reason)].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
