import Box from '@cloudscape-design/components/box';
import { formatCurrency } from '@rent/shared/core/money';
import type { BookRow } from '@rent/shared/reports/bookRows';
import { RouterLink } from '../../lib/navigation';

/** A column of the books (a property, a month); 'total' is the total column. */
export interface BookColumn {
  key: string;
  label: string;
}

/** The ledger filter for a row's cell in a column ('total' for the total column), or null for no link. */
export type LinkFor = (row: BookRow, column: string) => Record<string, string> | null;

/** What the books' table (desktop) and list (phone) are drawn from. */
export interface BookTableProps {
  rows: BookRow[];
  columns: BookColumn[];
  linkFor: LinkFor;
  loading: boolean;
  label: string;
  /** What a column is ("Property", "Month"): a phone's list shows one column at a time, chosen under this name. */
  columnName: string;
  testId: string;
  /** Whole dollars (0) unless the person chose "Show cents" (2). */
  decimals?: number;
}

export const TOTAL_COLUMN: BookColumn = { key: 'total', label: 'Total' };

/** A row's cents in a column. */
const cellOf = (row: BookRow, column: string) => (column === 'total' ? row.total : (row.values[column] ?? 0));

const ledgerHref = (filter: Record<string, string>) => `/transactions?${new URLSearchParams(filter).toString()}`;

/** A row's amount in a column: a link to exactly that money in the ledger when one filter lists it. */
export function BookAmount({
  row,
  column,
  linkFor,
  testId,
  decimals,
}: {
  row: BookRow;
  column: BookColumn;
  linkFor: LinkFor;
  testId: string;
  decimals: number;
}) {
  const text = formatCurrency(cellOf(row, column.key), decimals);
  const strong = row.kind !== 'category';
  const filter = linkFor(row, column.key);
  const id = `${testId}-${row.id}-${column.key}`;
  if (!filter) {
    return (
      <Box fontWeight={strong ? 'bold' : 'normal'} data-testid={id}>
        {text}
      </Box>
    );
  }
  return (
    <RouterLink
      href={ledgerHref(filter)}
      data-testid={id}
      ariaLabel={`${row.label}, ${column.label}: ${text}. Open in Transactions`}
    >
      {strong ? <strong>{text}</strong> : text}
    </RouterLink>
  );
}
