import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Property } from '../../api/properties';
import { propertyColumns } from './columns';
import type { PropertyRowsProps } from './PropertyList';

/**
 * The properties on a desktop: the table with its columns, sortable and chosen in the preferences. A module of its
 * own so a phone, which shows the list, never downloads the table (parts.ts).
 */
export default function PropertiesTable({
  items,
  loading,
  empty,
  header,
  filter,
  pagination,
  preferences,
  selectable,
  roleLoading,
  openEdit,
  collectionProps,
  prefs,
}: PropertyRowsProps & {
  /** What the collection hooks give the table: sorting, selection, empty states. */
  collectionProps: Omit<TableProps<Property>, 'items' | 'columnDefinitions'>;
  prefs: CollectionPreferencesProps.Preferences;
}) {
  return (
    <div className="rt-table-first-load rt-table-fixed-columns" data-loading={loading ? 'true' : 'false'}>
      <Table
        {...collectionProps}
        data-testid="properties-table"
        variant="full-page"
        items={items}
        columnDefinitions={propertyColumns(selectable ? openEdit : null)}
        columnDisplay={prefs.contentDisplay}
        wrapLines={prefs.wrapLines}
        stripedRows={prefs.stripedRows}
        // Until the role is known the selection column is laid out as for staff, so it does not appear late.
        selectionType={selectable || roleLoading ? 'single' : undefined}
        ariaLabels={{
          selectionGroupLabel: 'Property selection',
          itemSelectionLabel: (_, item) => item.address,
          tableLabel: 'Properties',
        }}
        loading={loading}
        loadingText="Loading properties"
        empty={empty}
        enableKeyboardNavigation
        stickyHeader
        header={header}
        filter={filter}
        pagination={pagination}
        preferences={preferences}
      />
    </div>
  );
}
