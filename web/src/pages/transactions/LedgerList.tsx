import Icon from '@cloudscape-design/components/icon';
import type { PartFilter } from '@rent/shared/core/splits';
import { memo, type ReactNode, useCallback, useRef } from 'react';
import type { Transaction } from '../../api/transactions';
import { PhoneList } from '../../components/PhoneList';
import { formatIsoDate } from '../../lib/dates';
import { CategoryText, PropertyText, RowAmount, Status } from './columns';

/** What the ledger shows its rows with: the list on a phone, the table (LedgerTable) on a desktop. */
export interface LedgerRowsProps {
  items: readonly Transaction[];
  /** The rows are loading (first answer, another page or other filters): shown instead of them, as the table does. */
  loading: boolean;
  /** Shown when there are no rows: no transactions yet, none matching, or the load failed. */
  empty: ReactNode;
  /** The ledger's header (counter, bulk actions), pagination and preferences: the same as the table's. */
  header: ReactNode;
  pagination: ReactNode;
  preferences: ReactNode;
  selected: readonly Transaction[];
  onSelectionChange: (selected: Transaction[]) => void;
  /** Selection is frozen while a bulk action runs. */
  selectionDisabled: boolean;
  addressOf: (propertyId: string) => string;
  /** The filters' look inside splits: a split row's amount is then its matching parts'. */
  partFilter: PartFilter | null;
  onOpen: (t: Transaction) => void;
}

/**
 * The ledger on a phone: one row per transaction, the name (which opens it) over its date, category and property,
 * the amount at the end, a checkbox for the bulk actions. The table's columns do not fit 390 px, and a phone's
 * first render of its 25 rows costs several times this list's (docs/performance.md "Parts").
 */
export const LedgerList = memo(function LedgerList({
  items,
  loading,
  empty,
  header,
  pagination,
  preferences,
  selected,
  onSelectionChange,
  selectionDisabled,
  addressOf,
  partFilter,
  onOpen,
}: LedgerRowsProps) {
  const selectedIds = new Set(selected.map((t) => t.id));
  const allSelected = items.length > 0 && items.every((t) => selectedIds.has(t.id));
  // Stable across selections (it reads the current one), so a toggle redraws only the rows whose box changed.
  const selectedNow = useRef(selected);
  selectedNow.current = selected;
  const onToggle = useCallback(
    (t: Transaction, on: boolean) => {
      const current = selectedNow.current;
      onSelectionChange(on ? [...current, t] : current.filter((other) => other.id !== t.id));
    },
    [onSelectionChange],
  );
  const showRows = !loading && items.length > 0;

  return (
    <PhoneList
      testId="transactions-table"
      label="Transactions"
      header={header}
      toolsStart={
        <label className="rt-list-select-all">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={!showRows || selectionDisabled}
            onChange={(event) => onSelectionChange(event.target.checked ? [...items] : [])}
            aria-label="Select all transactions on this page"
          />
          <span aria-hidden="true">All</span>
        </label>
      }
      pagination={pagination}
      preferences={preferences}
      loading={loading}
      loadingText="Loading transactions"
      empty={empty}
      rows={items.map((t) => (
        <LedgerItem
          key={t.id}
          t={t}
          addressOf={addressOf}
          partFilter={partFilter}
          selected={selectedIds.has(t.id)}
          selectionDisabled={selectionDisabled}
          onToggle={onToggle}
          onOpen={onOpen}
        />
      ))}
    />
  );
});

/** One transaction; memoized, so selecting a row redraws that row only. */
const LedgerItem = memo(function LedgerItem({
  t,
  addressOf,
  partFilter,
  selected,
  selectionDisabled,
  onToggle,
  onOpen,
}: {
  t: Transaction;
  addressOf: (propertyId: string) => string;
  partFilter: PartFilter | null;
  selected: boolean;
  selectionDisabled: boolean;
  onToggle: (t: Transaction, on: boolean) => void;
  onOpen: (t: Transaction) => void;
}) {
  const date = formatIsoDate(t.date);
  return (
    <li className="rt-list-item" data-testid="ledger-item">
      <input
        type="checkbox"
        checked={selected}
        disabled={selectionDisabled}
        onChange={(event) => onToggle(t, event.target.checked)}
        aria-label={`${t.name}, ${date}`}
      />
      <div className="rt-list-item-main">
        <button
          type="button"
          className="rt-list-open"
          onClick={() => onOpen(t)}
          aria-label={`Edit ${t.name}, ${date}`}
          data-testid="transaction-row-link"
        >
          <span data-testid="ledger-item-name">{t.name}</span>
        </button>
        <div className="rt-list-meta">
          {date}
          {' · '}
          <CategoryText t={t} />
          {' · '}
          <PropertyText t={t} addressOf={addressOf} />
          {t.hasReceipt ? (
            <span className="rt-list-receipt">
              <Icon name="file" size="small" ariaLabel="Has a receipt" />
            </span>
          ) : null}
        </div>
        <Status t={t} none={null} />
      </div>
      <RowAmount t={t} partFilter={partFilter} />
    </li>
  );
});
