import { categoryGroupOf, categoryLabel } from '@rent/shared/core/categories';
import { centsToString, toCents } from '@rent/shared/core/money';
import type { Transaction } from '../../api/transactions';
import { csvCell } from '../../lib/csv';

export { csvCell, downloadText } from '../../lib/csv';

export const CSV_HEADER = [
  'Date',
  'Name',
  'Amount',
  'Direction',
  'Category',
  'Category group',
  'Property',
  'Notes',
  'Ignored',
  'Has receipt',
  'Needs review',
  'Source',
  'Transaction ID',
] as const;

/** The filtered set as CSV: exact amounts (signed, 2 decimals), labels as the page shows them. */
export function transactionsCsv(transactions: readonly Transaction[], propertyAddress: (id: string) => string): string {
  const lines = [CSV_HEADER.join(',')];
  for (const t of transactions) {
    const cents = toCents(t.amount) ?? 0;
    const group = categoryGroupOf(t.category);
    lines.push(
      [
        csvCell(t.date, false),
        csvCell(t.name),
        csvCell(centsToString(cents), false),
        csvCell(cents >= 0 ? 'Money in' : 'Money out', false),
        csvCell(categoryLabel(t.category)),
        csvCell(group ? categoryLabel(group) : ''),
        csvCell(t.propertyId ? propertyAddress(t.propertyId) : ''),
        csvCell(t.notes ?? ''),
        csvCell(t.isIgnored ? 'Yes' : 'No', false),
        csvCell(t.hasReceipt ? 'Yes' : 'No', false),
        csvCell(t.hasOpenReviewRequests ? 'Yes' : 'No', false),
        csvCell(t.source === 'user_created' ? 'Manual' : 'Bank', false),
        csvCell(t.id, false),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
