import { categoryGroupOf, categoryLabel } from '@rent/shared/core/categories';
import { type Cents, centsToString, toCents } from '@rent/shared/core/money';
import { type PartFilter, partsMatching } from '@rent/shared/core/splits';
import { transactionSourceLabel } from '@rent/shared/core/transactions';
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
  'Part',
  'Part memo',
] as const;

/** What one CSV row says of money: the whole transaction, or one part of a split ("2 of 3"). */
interface Line {
  cents: Cents;
  category: string | null;
  propertyId: string | null;
  part: string;
  memo: string;
}

/**
 * A transaction's lines: itself, or one per part of a split, each carrying the transaction's id (its parent) and
 * its place ("2 of 3"). Under a filter by property, category or direction only the parts it matches, so the file
 * adds up to the totals the page shows.
 */
function linesOf(t: Transaction, partFilter: PartFilter | null): Line[] {
  if (!t.parts)
    return [{ cents: toCents(t.amount) ?? 0, category: t.category, propertyId: t.propertyId, part: '', memo: '' }];
  const parts = t.parts.map((part, i) => ({
    amount: toCents(part.amount) ?? 0,
    category: part.category,
    propertyId: part.propertyId,
    part: `${i + 1} of ${t.parts?.length}`,
    memo: part.memo ?? '',
  }));
  return (partFilter ? partsMatching(parts, partFilter) : parts).map(({ amount, ...part }) => ({
    cents: amount,
    ...part,
  }));
}

/**
 * The filtered set as CSV: exact amounts (signed, 2 decimals), labels as the page shows them, a split as one row per
 * part with the parent transaction's id.
 */
export function transactionsCsv(
  transactions: readonly Transaction[],
  propertyAddress: (id: string) => string,
  partFilter: PartFilter | null = null,
): string {
  const lines = [CSV_HEADER.join(',')];
  for (const t of transactions) {
    for (const line of linesOf(t, partFilter)) {
      const group = categoryGroupOf(line.category);
      lines.push(
        [
          csvCell(t.date, false),
          csvCell(t.name),
          csvCell(centsToString(line.cents), false),
          csvCell(line.cents >= 0 ? 'Money in' : 'Money out', false),
          csvCell(categoryLabel(line.category)),
          csvCell(group ? categoryLabel(group) : ''),
          csvCell(line.propertyId ? propertyAddress(line.propertyId) : ''),
          csvCell(t.notes ?? ''),
          csvCell(t.isIgnored ? 'Yes' : 'No', false),
          csvCell(t.hasReceipt ? 'Yes' : 'No', false),
          csvCell(t.hasOpenReviewRequests ? 'Yes' : 'No', false),
          csvCell(transactionSourceLabel(t)),
          csvCell(t.id, false),
          csvCell(line.part, false),
          csvCell(line.memo),
        ].join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
