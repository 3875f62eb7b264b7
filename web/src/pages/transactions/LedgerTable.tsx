import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import Table from '@cloudscape-design/components/table';
import { useMemo } from 'react';
import { formatIsoDate } from '../../lib/dates';
import { ledgerColumns } from './columns';
import type { LedgerRowsProps } from './LedgerList';

/**
 * The ledger on a desktop: the table with its columns, resizable and chosen in the preferences. A module of its
 * own so a phone, which shows the list, never downloads the table (parts.ts).
 */
export default function LedgerTable({
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
  onOpen,
  prefs,
}: LedgerRowsProps & { prefs: CollectionPreferencesProps.Preferences }) {
  const columns = useMemo(() => ledgerColumns(onOpen, addressOf), [onOpen, addressOf]);
  return (
    <Table
      data-testid="transactions-table"
      variant="container"
      items={items}
      trackBy="id"
      columnDefinitions={columns}
      columnDisplay={prefs.contentDisplay}
      wrapLines={prefs.wrapLines}
      stripedRows={prefs.stripedRows}
      selectionType="multi"
      selectedItems={selected}
      onSelectionChange={({ detail }) => onSelectionChange(detail.selectedItems)}
      isItemDisabled={() => selectionDisabled}
      ariaLabels={{
        selectionGroupLabel: 'Transaction selection',
        allItemsSelectionLabel: () => 'Select all transactions on this page',
        itemSelectionLabel: (_, t) => `${t.name}, ${formatIsoDate(t.date)}`,
        tableLabel: 'Transactions',
      }}
      loading={loading}
      loadingText="Loading transactions"
      enableKeyboardNavigation
      resizableColumns
      empty={empty}
      header={header}
      pagination={pagination}
      preferences={preferences}
    />
  );
}
