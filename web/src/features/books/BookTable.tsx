import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import type { BookRow } from '@rent/shared/reports/bookRows';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { withRememberedCells } from '../../lib/rememberedCells';
import { BookAmount, type BookTableProps, TOTAL_COLUMN } from './bookAmount';

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
  ...latest
}: BookTableProps) {
  const { rows, loading } = useDeferredValue(
    useMemo(() => ({ rows: latest.rows, loading: latest.loading }), [latest.rows, latest.loading]),
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
        ...[...columns, TOTAL_COLUMN].map((column) => ({
          id: column.key,
          header: column.label,
          cell: (row: BookRow) => (
            <BookAmount row={row} column={column} linkFor={linkFor} testId={testId} decimals={decimals} />
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
