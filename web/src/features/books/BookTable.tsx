import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import { formatCurrency } from '@rent/shared/core/money';
import type { BookRow } from '@rent/shared/reports/bookRows';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { RouterLink } from '../../lib/navigation';
import { withRememberedCells } from '../../lib/rememberedCells';

export interface BookColumn {
  key: string;
  label: string;
}

/** The ledger filter for a row's cell in a column ('total' for the total column), or null for no link. */
export type LinkFor = (row: BookRow, column: string) => Record<string, string> | null;

const ledgerHref = (filter: Record<string, string>) => `/transactions?${new URLSearchParams(filter).toString()}`;

function Amount({
  row,
  cents,
  filter,
  where,
  testId,
  decimals,
}: {
  row: BookRow;
  cents: number;
  filter: Record<string, string> | null;
  where: string;
  testId: string;
  decimals: number;
}) {
  const text = formatCurrency(cents, decimals);
  const strong = row.kind !== 'category';
  if (!filter) {
    return (
      <Box fontWeight={strong ? 'bold' : 'normal'} data-testid={testId}>
        {text}
      </Box>
    );
  }
  return (
    <RouterLink
      href={ledgerHref(filter)}
      data-testid={testId}
      ariaLabel={`${row.label}, ${where}: ${text}. Open in Transactions`}
    >
      {strong ? <strong>{text}</strong> : text}
    </RouterLink>
  );
}

export interface BookTableProps {
  rows: BookRow[];
  columns: BookColumn[];
  linkFor: LinkFor;
  loading: boolean;
  label: string;
  testId: string;
  /** Whole dollars (0) unless the person chose "Show cents" (2). */
  decimals?: number;
}

const NOTHING_YET = { rows: [] as BookRow[], loading: true };

/**
 * The books as a table (cash flow by month, profit and loss by property): each section expandable into its
 * categories; every linked amount opens the ledger filtered to exactly that money.
 * Memoized, and its rows deferred: a report's answer arrives in an update React renders in one blocking task, and
 * the table is the largest part of it; deferred, it renders after that update, in slices (its first render, as
 * the part's code arrives, has no rows yet).
 */
export const BookTable = memo(function BookTable({
  columns,
  linkFor,
  label,
  testId,
  decimals = 0,
  ...data
}: BookTableProps) {
  const { rows, loading } = useDeferredValue(
    useMemo(() => ({ rows: data.rows, loading: data.loading }), [data.rows, data.loading]),
    NOTHING_YET,
  );
  const [expanded, setExpanded] = useState<string[]>([]);
  const definitions = useMemo(
    () =>
      withRememberedCells<BookRow>([
        {
          id: 'line',
          header: 'Line',
          isRowHeader: true,
          cell: (row) => (row.kind === 'category' ? row.label : <strong>{row.label}</strong>),
        },
        ...[...columns, { key: 'total', label: 'Total' }].map((column) => ({
          id: column.key,
          header: column.label,
          cell: (row: BookRow) => (
            <Amount
              row={row}
              cents={column.key === 'total' ? row.total : (row.values[column.key] ?? 0)}
              filter={linkFor(row, column.key)}
              where={column.label}
              testId={`${testId}-${row.id}-${column.key}`}
              decimals={decimals}
            />
          ),
        })),
      ]),
    [columns, linkFor, testId, decimals],
  );
  const expandedItems = rows.filter((row) => expanded.includes(row.id));
  return (
    <Table
      data-testid={testId}
      variant="embedded"
      items={rows}
      columnDefinitions={definitions}
      trackBy="id"
      stickyColumns={{ first: 1 }}
      loading={loading}
      loadingText="Loading"
      ariaLabels={{ tableLabel: label }}
      expandableRows={{
        getItemChildren: (row) => row.children,
        isItemExpandable: (row) => row.children.length > 0,
        expandedItems,
        onExpandableItemToggle: ({ detail }) =>
          setExpanded((ids) =>
            detail.expanded ? [...ids, detail.item.id] : ids.filter((id) => id !== detail.item.id),
          ),
      }}
      empty={<Box textAlign="center">No transactions in this period</Box>}
    />
  );
});
