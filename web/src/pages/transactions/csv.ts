import { categoryGroupOf, categoryLabel } from '@rent/shared/core/categories';
import { centsToString, toCents } from '@rent/shared/core/money';
import type { Transaction } from '../../api/transactions';

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

/** Quotes a cell; text that a spreadsheet would run as a formula gets a leading apostrophe. */
function cell(value: string, text = true): string {
  let out = value;
  if (text && /^[=+\-@\t\r]/.test(out)) out = `'${out}`;
  return /[",\r\n]/.test(out) || out !== value ? `"${out.replace(/"/g, '""')}"` : out;
}

/** The filtered set as CSV: exact amounts (signed, 2 decimals), labels as the page shows them. */
export function transactionsCsv(transactions: readonly Transaction[], propertyAddress: (id: string) => string): string {
  const lines = [CSV_HEADER.join(',')];
  for (const t of transactions) {
    const cents = toCents(t.amount) ?? 0;
    const group = categoryGroupOf(t.category);
    lines.push(
      [
        cell(t.date, false),
        cell(t.name),
        cell(centsToString(cents), false),
        cell(cents >= 0 ? 'Money in' : 'Money out', false),
        cell(categoryLabel(t.category)),
        cell(group ? categoryLabel(group) : ''),
        cell(t.propertyId ? propertyAddress(t.propertyId) : ''),
        cell(t.notes ?? ''),
        cell(t.isIgnored ? 'Yes' : 'No', false),
        cell(t.hasReceipt ? 'Yes' : 'No', false),
        cell(t.hasOpenReviewRequests ? 'Yes' : 'No', false),
        cell(t.source === 'user_created' ? 'Manual' : 'Bank', false),
        cell(t.id, false),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary link (the browser's download). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  // A byte-order mark so spreadsheet apps read the UTF-8 (en dashes, accents) correctly.
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
