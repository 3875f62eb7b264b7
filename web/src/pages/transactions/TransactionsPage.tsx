import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatCount } from '@rent/shared/core/money';
import { isTenant } from '@rent/shared/core/roles';
import { memo, useDeferredValue } from 'react';
import { errorMessage } from '../../api/client';
import { useOrganization } from '../../api/organization';
import type { Transaction } from '../../api/transactions';
import { partOr } from '../../app/pageLoader';
import { CursorPagination } from '../../components/CursorPagination';
import { EmptyState } from '../../components/EmptyState';
import { PageSizeMenu } from '../../components/PageSizeMenu';
import { DesktopPreferences } from '../../components/preferences';
import { RouterButton } from '../../components/RouterButton';
import { BankAttentionBanner } from '../../features/bank-link/BankAttentionBanner';
import { ConnectBankButton } from '../../features/bank-link/ConnectBankButton';
import { ImportEntry } from '../../features/file-import/ImportEntry';
import { openTransactionFlyout } from '../../features/transaction-flyout/store';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { COLUMN_LABELS, PAGE_SIZES, plural } from './columns';
import { LedgerFilterSection } from './LedgerFilterSection';
import { LedgerList, type LedgerRowsProps } from './LedgerList';
import { ledgerTable } from './parts';
import { TotalsPanel } from './TotalsPanel';
import { useLedger } from './use-ledger';

/**
 * docs/product.md "Roles and what each may do": tenants do not keep the books; the server answers 403 and the page says
 * so kindly.
 */
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

const openRow = (t: Transaction) => openTransactionFlyout(t.id, t);
const onAdd = () => openTransactionFlyout(null);

/** The page header and its actions; memoized, it draws again only while an export runs, not with each answer. */
const LedgerHeader = memo(function LedgerHeader({
  exportProgress,
  onExport,
  onCancelExport,
}: {
  /** Transactions exported so far, or null when no export runs. */
  exportProgress: number | null;
  onExport: () => void;
  onCancelExport: () => void;
}) {
  return (
    <Header
      variant="h1"
      description="Money in and out of your properties, from your bank or entered by hand. Newest first."
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {exportProgress !== null ? (
            <Button onClick={onCancelExport} data-testid="transactions-export-cancel">
              Cancel export
            </Button>
          ) : null}
          <Button
            iconName="download"
            onClick={onExport}
            loading={exportProgress !== null}
            loadingText="Exporting"
            data-testid="transactions-export"
          >
            {exportProgress !== null ? `Exporting ${formatCount(exportProgress)}...` : 'Export CSV'}
          </Button>
          <ImportEntry />
          <RouterButton href="/transactions/rules" data-testid="transactions-rules">
            Rules
          </RouterButton>
          <RouterButton href="/transactions/reconcile" data-testid="transactions-reconcile">
            Reconcile
          </RouterButton>
          <ConnectBankButton />
          <Button variant="primary" iconName="add-plus" onClick={onAdd} data-testid="transaction-add">
            Add transaction
          </Button>
        </SpaceBetween>
      }
    >
      Transactions
    </Header>
  );
});

/** The bulk actions' dialog (category and property pickers) loads when first chosen. */
const BulkModal = lazyWhenShown(() => import('./BulkModals').then((m) => m.BulkModal));
const BulkConfirmModal = lazyWhenShown(() => import('./BulkModals').then((m) => m.BulkConfirmModal));

/** The table on a desktop (it comes with the page there); the list until then, and on a phone, which never loads it. */
const DesktopRows = partOr(ledgerTable, LedgerList);

/** The ledger's layout; its data and actions are useLedger's. */
function Ledger() {
  const ledger = useLedger();
  const { filters, setFilters, filtered, prefs, page, pages, totals, selected, bulk, csv } = ledger;
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // The rows render in a deferred (time-sliced) update; until the first ones are drawn the table keeps loading, and
  // on later updates it shows the previous rows for those few moments (never an empty or loading table in between).
  const rows = useDeferredValue(ledger.items);

  if (ledger.forbidden) return <NotForRole />;

  const emptyContent = ledger.loadFailed ? (
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

  const rowsLoading = page.isPending || page.isPlaceholderData || (rows.length === 0 && ledger.items.length > 0);
  const rowsHeader = (
    <Header
      variant="h2"
      counter={ledger.counter}
      description={selected.length ? `${plural(selected.length, 'transaction')} selected` : undefined}
      actions={
        <ButtonDropdown
          disabled={selected.length === 0 || bulk.busy}
          loading={bulk.busy}
          items={[
            { id: 'categorize', text: 'Categorize...' },
            { id: 'property', text: 'Assign property...' },
            { id: 'ignore', text: 'Ignore' },
            { id: 'unignore', text: 'Unignore' },
            { id: 'accept', text: 'Accept suggested categories...' },
          ]}
          onItemClick={({ detail }) => bulk.choose(detail.id)}
          data-testid="bulk-actions"
        >
          Bulk actions
        </ButtonDropdown>
      }
    >
      Ledger
    </Header>
  );
  const preferencesProps = {
    preferences: prefs,
    onConfirm: ledger.savePrefs,
    pageSizes: PAGE_SIZES,
    itemsLabel: 'transactions',
  };
  const rowsProps: LedgerRowsProps = {
    items: rows,
    loading: rowsLoading,
    empty: emptyContent,
    header: rowsHeader,
    pagination: <CursorPagination pages={pages} disabled={page.isFetching && !page.data} label="Transaction pages" />,
    preferences: desktop ? (
      <DesktopPreferences {...preferencesProps} columnLabels={COLUMN_LABELS} alwaysVisible={['name', 'amount']} />
    ) : (
      <PageSizeMenu {...preferencesProps} />
    ),
    selected,
    onSelectionChange: ledger.setSelected,
    selectionDisabled: bulk.busy,
    addressOf: ledger.addressOf,
    partFilter: ledger.partFilter,
    onOpen: openRow,
  };

  return (
    <ContentLayout
      header={<LedgerHeader exportProgress={csv.progress} onExport={csv.start} onCancelExport={csv.cancel} />}
    >
      {/* Hidden (not removed) until the bank status is known: the banner then appears with the body, never above it. */}
      <div className={ledger.bank.ready ? undefined : 'rt-placeholder'}>
        <SpaceBetween size="l">
          <BankAttentionBanner attention={ledger.bank.attention} />
          <LedgerFilterSection
            filters={filters}
            onChange={setFilters}
            filtered={filtered}
            activeCount={ledger.activeFilterCount}
            defaultExpanded={desktop}
          />

          <TotalsPanel
            totals={totals.data?.totals}
            ignoredOnly={filters.ignored === 'true'}
            loading={totals.isFetching}
            stale={totals.isPlaceholderData}
            error={totals.isError}
            onRetry={ledger.retryTotals}
          />

          <div className="rt-table-first-load" data-loading={page.isPending ? 'true' : 'false'}>
            {desktop ? <DesktopRows {...rowsProps} prefs={prefs} /> : <LedgerList {...rowsProps} />}
          </div>
        </SpaceBetween>
      </div>
      <BulkModal
        shown={bulk.kind !== null}
        kind={bulk.kind}
        count={selected.length}
        busy={bulk.busy}
        error={bulk.error}
        onCancel={bulk.cancel}
        onApply={bulk.apply}
      />
      <BulkConfirmModal
        shown={bulk.confirming !== null}
        confirming={bulk.confirming}
        busy={bulk.busy}
        error={bulk.error}
        onCancel={bulk.cancelConfirm}
        onConfirm={bulk.confirm}
      />
    </ContentLayout>
  );
}
