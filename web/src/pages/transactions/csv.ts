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

/** Leading characters that make a spreadsheet run a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that need the cell quoted: RFC 4180's comma, quote and line breaks, and `;` for spreadsheets set to it. */
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, a quote (doubled inside) or a line break. Text that a
 * spreadsheet would run as a formula gets a leading apostrophe and quotes; `text = false` is for values the app
 * itself formats (dates, amounts, ids), which may start with "-".
 */
export function csvCell(value: string, text = true): string {
  const out = text && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(out) || out !== value ? `"${out.replace(/"/g, '""')}"` : out;
}

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
