import CollectionPreferences, {
  type CollectionPreferencesProps,
} from '@cloudscape-design/components/collection-preferences';

export interface TablePreferencesProps<Id extends string> {
  preferences: CollectionPreferencesProps.Preferences;
  onConfirm: (preferences: CollectionPreferencesProps.Preferences) => void;
  pageSizes: readonly number[];
  /** What a page holds, plural: "10 properties". */
  itemsLabel: string;
  /** Every column's label, in the table's order; without it (a list, not a table) only the page size is offered. */
  columnLabels?: Record<Id, string>;
  /** Columns the person cannot hide. */
  alwaysVisible?: readonly Id[];
}

/** A table's preferences (page size, wrap lines, striped rows, columns), worded alike on every page; a list's page size. */
export function TablePreferences<Id extends string>({
  preferences,
  onConfirm,
  pageSizes,
  itemsLabel,
  columnLabels,
  alwaysVisible = [],
}: TablePreferencesProps<Id>) {
  const table = columnLabels !== undefined;
  return (
    <CollectionPreferences
      title="Preferences"
      confirmLabel="Confirm"
      cancelLabel="Cancel"
      preferences={preferences}
      onConfirm={({ detail }) => onConfirm(detail)}
      pageSizePreference={{
        title: 'Page size',
        options: pageSizes.map((value) => ({ value, label: `${value} ${itemsLabel}` })),
      }}
      wrapLinesPreference={table ? {} : undefined}
      stripedRowsPreference={table ? {} : undefined}
      contentDisplayPreference={
        table
          ? {
              title: 'Column preferences',
              options: (Object.keys(columnLabels) as Id[]).map((id) => ({
                id,
                label: columnLabels[id],
                alwaysVisible: alwaysVisible.includes(id),
              })),
            }
          : undefined
      }
    />
  );
}
