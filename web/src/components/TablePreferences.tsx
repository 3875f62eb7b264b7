import CollectionPreferences, {
  type CollectionPreferencesProps,
} from '@cloudscape-design/components/collection-preferences';

export interface TablePreferencesProps<Id extends string> {
  preferences: CollectionPreferencesProps.Preferences;
  onConfirm: (preferences: CollectionPreferencesProps.Preferences) => void;
  pageSizes: readonly number[];
  /** What a page holds, plural: "10 properties". */
  itemsLabel: string;
  /** Every column's label, in the table's order. */
  columnLabels: Record<Id, string>;
  /** Columns the person cannot hide. */
  alwaysVisible?: readonly Id[];
}

/**
 * A table's preferences (page size, wrap lines, striped rows, columns), worded alike on every page. A phone's list
 * offers its page size in `PageSizeMenu` instead; this loads with a desktop's page (components/preferences.ts).
 */
export function TablePreferences<Id extends string>({
  preferences,
  onConfirm,
  pageSizes,
  itemsLabel,
  columnLabels,
  alwaysVisible = [],
}: TablePreferencesProps<Id>) {
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
      wrapLinesPreference={{}}
      stripedRowsPreference={{}}
      contentDisplayPreference={{
        title: 'Column preferences',
        options: (Object.keys(columnLabels) as Id[]).map((id) => ({
          id,
          label: columnLabels[id],
          alwaysVisible: alwaysVisible.includes(id),
        })),
      }}
    />
  );
}
