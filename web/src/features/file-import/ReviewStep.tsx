import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { formatCount, formatCurrency } from '@rent/shared/core/money';
import { useState } from 'react';
import type { ImportWizardState, ReviewRow } from './use-import-wizard';

const PAGE = 50;
const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

export const STATUS_LABELS = { new: 'New', duplicate: 'Duplicate', possible_duplicate: 'Possible duplicate' } as const;

function Status({ row }: { row: ReviewRow }) {
  const type = row.status === 'new' ? 'success' : row.status === 'duplicate' ? 'stopped' : 'warning';
  return (
    <SpaceBetween size="xxxs">
      <StatusIndicator type={type}>{STATUS_LABELS[row.status]}</StatusIndicator>
      {row.reason ? (
        <Box variant="small" color="text-body-secondary">
          {row.reason}
          {row.match ? `: ${matchWords(row.match)}` : ''}
        </Box>
      ) : null}
    </SpaceBetween>
  );
}

/** The transaction a row matches, in words: "2024-05-03, CITY WATER, -$84.20 in Checking ••0000 (Bank)". */
export function matchWords(match: NonNullable<ReviewRow['match']>): string {
  const amount = formatCurrency(Math.round(match.amount * 100), 2);
  const where = match.accountName ? ` in ${match.accountName}` : ', no account';
  return `${match.date}, ${match.name}, ${amount}${where} (${match.source})`;
}

type Show = 'all' | ReviewRow['status'];

/**
 * Step 3: every row with its status; only New ones start ticked. A duplicate or possible duplicate says why and
 * which transaction (account, source) it matches; the person ticks it to import it anyway.
 */
export function ReviewStep({ wizard }: { wizard: ImportWizardState }) {
  const [page, setPage] = useState(0);
  const [show, setShow] = useState<Show>('all');
  const counts = wizard.preview?.counts ?? { new: 0, duplicate: 0, possible_duplicate: 0 };
  const shown = show === 'all' ? wizard.reviewRows : wizard.reviewRows.filter((r) => r.status === show);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const current = Math.min(page, pages - 1);
  const items = shown.slice(current * PAGE, current * PAGE + PAGE);
  const selected = items.filter((r) => !wizard.excluded.has(r.line));
  const busy = wizard.progress !== null;
  return (
    <SpaceBetween size="l">
      {wizard.progress ? (
        <ProgressBar
          data-testid="import-progress"
          label="Importing"
          value={Math.round((wizard.progress.sent / Math.max(1, wizard.progress.total)) * 100)}
          description={`${formatCount(wizard.progress.sent)} of ${formatCount(wizard.progress.total)} rows sent`}
        />
      ) : null}
      <SegmentedControl
        selectedId={show}
        onChange={({ detail }) => {
          setShow(detail.selectedId as Show);
          setPage(0);
        }}
        label="Show rows"
        options={[
          { id: 'all', text: `All (${wizard.reviewRows.length})` },
          { id: 'new', text: `New (${counts.new})` },
          { id: 'duplicate', text: `Duplicates (${counts.duplicate})` },
          { id: 'possible_duplicate', text: `Possible (${counts.possible_duplicate})` },
        ]}
      />
      <Table<ReviewRow>
        data-testid="import-review"
        variant="embedded"
        items={items}
        trackBy="line"
        selectionType="multi"
        selectedItems={selected}
        isItemDisabled={() => busy}
        onSelectionChange={({ detail }) => {
          const chosen = new Set(detail.selectedItems.map((r) => r.line));
          const lines = items.map((r) => r.line);
          wizard.setIncluded(
            lines.filter((l) => chosen.has(l)),
            true,
          );
          wizard.setIncluded(
            lines.filter((l) => !chosen.has(l)),
            false,
          );
        }}
        header={
          <Header
            variant="h2"
            counter={`(${formatCount(wizard.includedCount)}/${formatCount(wizard.reviewRows.length)})`}
            description={`${counts.new} new, ${plural(counts.duplicate, 'duplicate')}, ${plural(counts.possible_duplicate, 'possible duplicate')}. Ticked rows are imported; duplicates and possible duplicates start unticked.`}
          >
            Rows to import
          </Header>
        }
        columnDefinitions={[
          { id: 'line', header: 'Line', cell: (r) => r.line },
          { id: 'date', header: 'Date', cell: (r) => r.date },
          { id: 'name', header: 'Description', cell: (r) => r.name },
          { id: 'amount', header: 'Amount', cell: (r) => formatCurrency(r.amountCents, 2) },
          { id: 'status', header: 'Status', cell: (r) => <Status row={r} /> },
        ]}
        ariaLabels={{
          tableLabel: 'Rows to import',
          selectionGroupLabel: 'Row selection',
          allItemsSelectionLabel: () => 'Select all rows on this page',
          itemSelectionLabel: (_, r) => `Line ${r.line}, ${r.name}, ${r.date}`,
        }}
        wrapLines
        pagination={
          pages > 1 ? (
            <Pagination
              currentPageIndex={current + 1}
              pagesCount={pages}
              onChange={({ detail }) => setPage(detail.currentPageIndex - 1)}
              ariaLabels={{
                nextPageLabel: 'Next page',
                previousPageLabel: 'Previous page',
                pageLabel: (n) => `Page ${n}`,
              }}
            />
          ) : undefined
        }
      />
    </SpaceBetween>
  );
}
