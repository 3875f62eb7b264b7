import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import CollectionPreferences, {
  type CollectionPreferencesProps,
} from '@cloudscape-design/components/collection-preferences';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { categoryGroupOf, categoryLabel } from '@rent/shared/core/categories';
import { parseTransactionFilters } from '@rent/shared/core/filters';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import { isTenant } from '@rent/shared/core/roles';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, isForbiddenError } from '../../api/client';
import { useOrganization } from '../../api/organization';
import { useProperties } from '../../api/properties';
import {
  type BulkSet,
  fetchAllTransactions,
  type Transaction,
  type TransactionFilters,
  useBulkUpdate,
  useTransactionPage,
  useTransactionTotals,
} from '../../api/transactions';
import { EmptyState } from '../../components/EmptyState';
import { RouterButton } from '../../components/RouterButton';
import { toast } from '../../components/toast/store';
import { openTransactionFlyout } from '../../features/transaction-flyout/store';
import { todayIso } from '../../features/transaction-flyout/transactionForm';
import { formatIsoDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useTablePreferences } from '../../lib/useTablePreferences';
import { type BulkKind, BulkModal } from './BulkModals';
import { downloadText, transactionsCsv } from './csv';
import { hasFilters, paramsWithFilters } from './filters';
import { TotalsPanel } from './TotalsPanel';
import { TransactionFilterBar } from './TransactionFilterBar';

const PREFS_KEY = 'rent.transactions.table';

type ColumnId = 'date' | 'name' | 'amount' | 'category' | 'property' | 'receipt' | 'status' | 'source' | 'notes';

const COLUMN_LABELS: Record<ColumnId, string> = {
  date: 'Date',
  name: 'Name',
  amount: 'Amount',
  category: 'Category',
  property: 'Property',
  receipt: 'Receipt',
  status: 'Status',
  source: 'Source',
  notes: 'Notes',
};
const DEFAULT_HIDDEN: ColumnId[] = ['source', 'notes'];
const PAGE_SIZES = [25, 50, 100];

const DEFAULT_PREFS: CollectionPreferencesProps.Preferences = {
  pageSize: 50,
  wrapLines: false,
  stripedRows: false,
  contentDisplay: (Object.keys(COLUMN_LABELS) as ColumnId[]).map((id) => ({
    id,
    visible: !DEFAULT_HIDDEN.includes(id),
  })),
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Rows show cents (SPEC §9 summaries use 0 decimals; a single amount is exact). Colour and sign give the direction. */
function Amount({ value }: { value: number }) {
  const cents = toCents(value) ?? 0;
  const text = formatCurrency(cents, 2);
  return (
    <Box
      textAlign="right"
      color={cents < 0 ? 'text-status-error' : 'text-status-success'}
      fontWeight="bold"
      data-direction={cents < 0 ? 'out' : 'in'}
    >
      <span className="rt-amount">{cents > 0 ? `+${text}` : text}</span>
    </Box>
  );
}

function Status({ t }: { t: Transaction }) {
  const parts = [];
  if (t.isIgnored) parts.push(<Badge key="ignored">Ignored</Badge>);
  if (t.hasOpenReviewRequests)
    parts.push(
      <StatusIndicator key="review" type="pending">
        Needs review
      </StatusIndicator>,
    );
  if (parts.length === 0) return <Box color="text-body-secondary">—</Box>;
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {parts}
    </SpaceBetween>
  );
}

/** SPEC §6: tenants do not keep the books; the server answers 403 and the page says so kindly. */
function NotForRole() {
  return (
    <ContentLayout header={<Header variant="h1">Transactions</Header>}>
      <Container data-testid="transactions-forbidden">
        <EmptyState
          title="Transactions are not available for your role"
          action={<RouterButton href="/rental-history">Go to Rental History</RouterButton>}
        >
          Bookkeeping is kept by the landlords, property managers and administrators of your organization. Your rent and
          lease are under Rental History.
        </EmptyState>
      </Container>
    </ContentLayout>
  );
}

export default function TransactionsPage() {
  useDocumentTitle('Transactions');
  const org = useOrganization();
  if (isTenant(org.role)) return <NotForRole />;
  return <Ledger />;
}

interface PageNav {
  key: string;
  /** cursors[i] opens page i (page 0 has none). */
  cursors: (string | null)[];
  index: number;
  /** The last page is known (its next cursor was null). */
  ended: boolean;
}

function Ledger() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseTransactionFilters(params), [params]);
  const filtered = hasFilters(filters);
  const [prefs, savePrefs] = useTablePreferences(PREFS_KEY, DEFAULT_PREFS, {
    columns: Object.keys(COLUMN_LABELS),
    pageSizes: PAGE_SIZES,
  });
  const pageSize = prefs.pageSize ?? 50;
  const desktop = useMediaQuery('(min-width: 689px)');

  const setFilters = useCallback(
    (next: TransactionFilters) => setParams((current) => paramsWithFilters(current, next), { replace: true }),
    [setParams],
  );

  // Server-side pages by cursor; the known cursors reset whenever the filters or the page size change.
  const navKey = `${JSON.stringify(filters)}|${pageSize}`;
  const [nav, setNav] = useState<PageNav>({ key: navKey, cursors: [null], index: 0, ended: false });
  const current = nav.key === navKey ? nav : { key: navKey, cursors: [null], index: 0, ended: false };
  if (current !== nav) setNav(current);
  const cursor = current.cursors[current.index] ?? null;

  const page = useTransactionPage(filters, pageSize, cursor);
  const totals = useTransactionTotals(filters);
  const properties = useProperties();
  const addressOf = useMemo(() => {
    const map = new Map((properties.data ?? []).map((p) => [p.id, p.address]));
    return (id: string) => map.get(id) ?? 'Unknown property';
  }, [properties.data]);

  const loaded = page.data && !page.isPlaceholderData ? page.data : null;
  useEffect(() => {
    if (!loaded) return;
    setNav((n) => {
      if (n.key !== navKey) return n;
      const cursors = n.cursors.slice(0, n.index + 1);
      if (loaded.nextCursor) cursors.push(loaded.nextCursor);
      const ended = !loaded.nextCursor;
      const same =
        cursors.length === n.cursors.length && cursors.every((c, i) => c === n.cursors[i]) && ended === n.ended;
      return same ? n : { ...n, cursors, ended };
    });
  }, [loaded, navKey]);

  const items = page.data?.transactions ?? [];
  const [selected, setSelected] = useState<Transaction[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or filter starts with nothing selected
  useEffect(() => setSelected([]), [navKey, current.index]);
  // Keep the selection pointing at the current rows (after an edit they are new objects).
  useEffect(() => {
    setSelected((list) => {
      if (list.length === 0) return list;
      const byId = new Map(items.map((t) => [t.id, t]));
      const next = list.flatMap((t) => byId.get(t.id) ?? []);
      return next.length === list.length && next.every((t, i) => t === list[i]) ? list : next;
    });
  }, [items]);

  // Bulk actions.
  const bulk = useBulkUpdate();
  const [bulkKind, setBulkKind] = useState<BulkKind | null>(null);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const runBulk = async (set: BulkSet, what: string) => {
    setBulkError(null);
    const ids = selected.map((t) => t.id);
    try {
      const result = await bulk.mutateAsync({ ids, set });
      setBulkKind(null);
      setSelected([]);
      const changed = result.updatedIds.length;
      toast.success('Success', {
        description: `${what}: ${plural(changed, 'transaction')} updated${
          result.unchangedIds.length ? `, ${plural(result.unchangedIds.length, 'was', 'were')} already set` : ''
        }.`,
        duration: 3000,
      });
    } catch (error) {
      const text = `Error: ${errorMessage(error, 'Failed to update transactions')}`;
      if (bulkKind) setBulkError(text);
      else toast.error('Error', { description: text });
    }
  };

  // CSV export of the whole filtered set.
  const [exporting, setExporting] = useState<number | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);
  const onExport = async () => {
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting(0);
    try {
      const all = await fetchAllTransactions(filters, setExporting, controller.signal);
      downloadText(transactionsCsv(all, addressOf), `transactions-${todayIso()}.csv`);
      toast.success('Export ready', {
        description: `${plural(all.length, 'transaction')} exported to CSV.`,
        duration: 3000,
      });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        toast.error('Error', { description: `Error: ${errorMessage(error, 'Export failed')}` });
      }
    } finally {
      exportAbort.current = null;
      setExporting(null);
    }
  };

  if (isForbiddenError(page.error) || isForbiddenError(totals.error)) return <NotForRole />;

  const openRow = (t: Transaction) => openTransactionFlyout(t.id, t);
  const onAdd = () => openTransactionFlyout(null);

  const columns: TableProps.ColumnDefinition<Transaction>[] = [
    { id: 'date', header: 'Date', cell: (t) => formatIsoDate(t.date), width: 130 },
    {
      id: 'name',
      header: 'Name',
      cell: (t) => (
        <Link
          onFollow={() => openRow(t)}
          ariaLabel={`Edit ${t.name}, ${formatIsoDate(t.date)}`}
          data-testid="transaction-row-link"
        >
          {t.name}
        </Link>
      ),
      isRowHeader: true,
      width: 280,
      minWidth: 160,
    },
    { id: 'amount', header: <Box textAlign="right">Amount</Box>, cell: (t) => <Amount value={t.amount} />, width: 140 },
    {
      id: 'category',
      header: 'Category',
      width: 190,
      cell: (t) => {
        if (!t.category) return <Box color="text-body-secondary">Uncategorized</Box>;
        const group = categoryGroupOf(t.category);
        return (
          <span title={group && group !== t.category ? categoryLabel(group) : undefined}>
            {categoryLabel(t.category)}
          </span>
        );
      },
    },
    {
      id: 'property',
      header: 'Property',
      width: 260,
      cell: (t) => (t.propertyId ? addressOf(t.propertyId) : <Box color="text-body-secondary">No property</Box>),
    },
    {
      id: 'receipt',
      header: 'Receipt',
      cell: (t) =>
        t.hasReceipt ? (
          <span className="rt-receipt-flag">
            <Icon name="file" ariaLabel="Has a receipt" />
          </span>
        ) : (
          <Box color="text-body-secondary">
            <span className="rt-sr-only">No receipt</span>
            <span aria-hidden="true">—</span>
          </Box>
        ),
      width: 100,
    },
    { id: 'status', header: 'Status', cell: (t) => <Status t={t} />, width: 170 },
    { id: 'source', header: 'Source', cell: (t) => (t.source === 'user_created' ? 'Manual' : 'Bank') },
    { id: 'notes', header: 'Notes', cell: (t) => t.notes ?? '' },
  ];

  // The totals count leaves ignored transactions out, so it counts the rows only when ignored ones are filtered out.
  const count = filters.ignored === 'false' ? totals.data?.totals.count : undefined;
  const counter =
    typeof count === 'number'
      ? selected.length
        ? `(${selected.length.toLocaleString('en-US')}/${count.toLocaleString('en-US')})`
        : `(${count.toLocaleString('en-US')})`
      : undefined;

  const loadFailed = page.isError && !page.data;
  const emptyContent = loadFailed ? (
    <EmptyState
      title="Transactions could not be loaded"
      action={<Button onClick={() => void page.refetch()}>Retry</Button>}
    >
      {errorMessage(page.error, 'Please try again.')}
    </EmptyState>
  ) : filtered ? (
    <EmptyState
      title="No matching transactions"
      action={
        <Button onClick={() => setFilters({})} data-testid="transactions-clear-empty">
          Clear filters
        </Button>
      }
    >
      No transaction matches these filters.
    </EmptyState>
  ) : (
    <EmptyState
      title="No transactions yet"
      action={
        <Button onClick={onAdd} data-testid="transaction-add-empty">
          Add transaction
        </Button>
      }
    >
      Transactions appear here once a bank account is connected or you record one by hand.
    </EmptyState>
  );

  const activeFilterCount = Object.keys(filters).filter((k) => k !== 'to').length;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Money in and out of your properties, from your bank or entered by hand. Newest first."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {exporting !== null ? (
                <Button onClick={() => exportAbort.current?.abort()} data-testid="transactions-export-cancel">
                  Cancel export
                </Button>
              ) : null}
              <Button
                iconName="download"
                onClick={() => void onExport()}
                loading={exporting !== null}
                loadingText="Exporting"
                data-testid="transactions-export"
              >
                {exporting !== null ? `Exporting ${exporting.toLocaleString('en-US')}...` : 'Export CSV'}
              </Button>
              <RouterButton href="/transactions/rules" data-testid="transactions-rules">
                Rules
              </RouterButton>
              <Button variant="primary" iconName="add-plus" onClick={onAdd} data-testid="transaction-add">
                Add transaction
              </Button>
            </SpaceBetween>
          }
        >
          Transactions
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ExpandableSection
          variant="container"
          defaultExpanded={desktop}
          headerText="Filters"
          headerCounter={activeFilterCount ? `(${activeFilterCount})` : undefined}
          headerActions={
            filtered ? (
              <Button onClick={() => setFilters({})} data-testid="transactions-clear-filters">
                Clear filters
              </Button>
            ) : undefined
          }
          data-testid="transactions-filter-section"
        >
          <TransactionFilterBar filters={filters} onChange={setFilters} />
        </ExpandableSection>

        <TotalsPanel
          totals={totals.data?.totals}
          loading={totals.isFetching}
          stale={totals.isPlaceholderData}
          error={totals.isError}
          onRetry={() => void totals.refetch()}
        />

        <Table
          data-testid="transactions-table"
          variant="container"
          items={loadFailed ? [] : items}
          trackBy="id"
          columnDefinitions={columns}
          columnDisplay={prefs.contentDisplay}
          wrapLines={prefs.wrapLines}
          stripedRows={prefs.stripedRows}
          selectionType="multi"
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          isItemDisabled={() => bulk.isPending}
          ariaLabels={{
            selectionGroupLabel: 'Transaction selection',
            allItemsSelectionLabel: () => 'Select all transactions on this page',
            itemSelectionLabel: (_, t) => `${t.name}, ${formatIsoDate(t.date)}`,
            tableLabel: 'Transactions',
          }}
          loading={page.isPending || page.isPlaceholderData}
          loadingText="Loading transactions"
          enableKeyboardNavigation
          resizableColumns
          empty={emptyContent}
          header={
            <Header
              variant="h2"
              counter={counter}
              description={selected.length ? `${plural(selected.length, 'transaction')} selected` : undefined}
              actions={
                <ButtonDropdown
                  disabled={selected.length === 0 || bulk.isPending}
                  loading={bulk.isPending}
                  items={[
                    { id: 'categorize', text: 'Categorize...' },
                    { id: 'property', text: 'Assign property...' },
                    { id: 'ignore', text: 'Ignore' },
                    { id: 'unignore', text: 'Unignore' },
                  ]}
                  onItemClick={({ detail }) => {
                    if (detail.id === 'categorize' || detail.id === 'property') {
                      setBulkError(null);
                      setBulkKind(detail.id);
                    } else if (detail.id === 'ignore') void runBulk({ isIgnored: true }, 'Ignored');
                    else if (detail.id === 'unignore') void runBulk({ isIgnored: false }, 'Unignored');
                  }}
                  data-testid="bulk-actions"
                >
                  Bulk actions
                </ButtonDropdown>
              }
            >
              Ledger
            </Header>
          }
          pagination={
            <Pagination
              currentPageIndex={current.index + 1}
              pagesCount={current.cursors.length}
              openEnd={!current.ended}
              disabled={page.isFetching && !page.data}
              onChange={({ detail }) => {
                const index = detail.currentPageIndex - 1;
                if (index < current.cursors.length) setNav({ ...current, index });
              }}
              onNextPageClick={({ detail }) => {
                const index = detail.requestedPageIndex - 1;
                if (index < current.cursors.length) setNav({ ...current, index });
              }}
              ariaLabels={{
                nextPageLabel: 'Next page',
                previousPageLabel: 'Previous page',
                pageLabel: (n) => `Page ${n}`,
                paginationLabel: 'Transaction pages',
              }}
            />
          }
          preferences={
            <CollectionPreferences
              title="Preferences"
              confirmLabel="Confirm"
              cancelLabel="Cancel"
              preferences={prefs}
              onConfirm={({ detail }) => savePrefs(detail)}
              pageSizePreference={{
                title: 'Page size',
                options: PAGE_SIZES.map((value) => ({ value, label: `${value} transactions` })),
              }}
              wrapLinesPreference={{}}
              stripedRowsPreference={{}}
              contentDisplayPreference={{
                title: 'Column preferences',
                options: (Object.keys(COLUMN_LABELS) as ColumnId[]).map((id) => ({
                  id,
                  label: COLUMN_LABELS[id],
                  alwaysVisible: id === 'name' || id === 'amount',
                })),
              }}
            />
          }
        />
      </SpaceBetween>
      <BulkModal
        kind={bulkKind}
        count={selected.length}
        busy={bulk.isPending}
        error={bulkError}
        onCancel={() => setBulkKind(null)}
        onApply={(value) =>
          void runBulk(
            bulkKind === 'categorize' ? { category: value } : { propertyId: value },
            bulkKind === 'categorize' ? 'Categorized' : 'Property assigned',
          )
        }
      />
    </ContentLayout>
  );
}
