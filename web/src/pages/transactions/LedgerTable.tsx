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
export default function LedgerTable(props: LedgerRowsProps & { prefs: CollectionPreferencesProps.Preferences }) {
  const columns = useMemo(
    () => ledgerColumns(props.onOpen, props.addressOf, props.partFilter),
    [props.onOpen, props.addressOf, props.partFilter],
  );
  return (
    <Table
      data-testid="transactions-table"
      variant="container"
      items={props.items}
      trackBy="id"
      columnDefinitions={columns}
      columnDisplay={props.prefs.contentDisplay}
      wrapLines={props.prefs.wrapLines}
      stripedRows={props.prefs.stripedRows}
      selectionType="multi"
      selectedItems={props.selected}
      onSelectionChange={({ detail }) => props.onSelectionChange(detail.selectedItems)}
      isItemDisabled={() => props.selectionDisabled}
      ariaLabels={{
        selectionGroupLabel: 'Transaction selection',
        allItemsSelectionLabel: () => 'Select all transactions on this page',
        itemSelectionLabel: (_, t) => `${t.name}, ${formatIsoDate(t.date)}`,
        tableLabel: 'Transactions',
      }}
      loading={props.loading}
      loadingText="Loading transactions"
      enableKeyboardNavigation
      resizableColumns
      empty={props.empty}
      header={props.header}
      pagination={props.pagination}
      preferences={props.preferences}
    />
  );
}
