import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Property } from '../../api/properties';
import { propertyColumns } from './columns';
import type { PropertyRowsProps } from './PropertyList';

/**
 * The properties on a desktop: the table with its columns, sortable and chosen in the preferences. A module of its
 * own so a phone, which shows the list, never downloads the table (parts.ts).
 */
export default function PropertiesTable(
  props: PropertyRowsProps & {
    /** What the collection hooks give the table: sorting, selection, empty states. */
    collectionProps: Omit<TableProps<Property>, 'items' | 'columnDefinitions'>;
    prefs: CollectionPreferencesProps.Preferences;
  },
) {
  return (
    <div className="rt-table-first-load rt-table-fixed-columns" data-loading={props.loading ? 'true' : 'false'}>
      <Table
        {...props.collectionProps}
        data-testid="properties-table"
        variant="full-page"
        items={props.items}
        columnDefinitions={propertyColumns(props.selectable ? props.openEdit : null)}
        columnDisplay={props.prefs.contentDisplay}
        wrapLines={props.prefs.wrapLines}
        stripedRows={props.prefs.stripedRows}
        // Until the role is known the selection column is laid out as for staff, so it does not appear late.
        selectionType={props.selectable || props.roleLoading ? 'single' : undefined}
        ariaLabels={{
          selectionGroupLabel: 'Property selection',
          itemSelectionLabel: (_, item) => item.address,
          tableLabel: 'Properties',
        }}
        loading={props.loading}
        loadingText="Loading properties"
        empty={props.empty}
        enableKeyboardNavigation
        stickyHeader
        header={props.header}
        filter={props.filter}
        pagination={props.pagination}
        preferences={props.preferences}
      />
    </div>
  );
}
