import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import type { TablePreferencesProps } from './TablePreferences';

/**
 * A list's preferences on a phone: its page size, in a menu. A list has no columns to choose, and the table's
 * preferences dialog (with its drag-and-drop column order, 21 KB gzip) would load with every phone's page.
 */
export function PageSizeMenu({
  preferences,
  onConfirm,
  pageSizes,
  itemsLabel,
}: Pick<TablePreferencesProps<string>, 'preferences' | 'onConfirm' | 'pageSizes' | 'itemsLabel'>) {
  return (
    <ButtonDropdown
      variant="icon"
      ariaLabel="Preferences"
      expandToViewport
      items={[
        {
          text: 'Page size',
          items: pageSizes.map((size) => ({
            id: String(size),
            text: `${size} ${itemsLabel}`,
            itemType: 'checkbox' as const,
            checked: size === preferences.pageSize,
          })),
        },
      ]}
      onItemClick={({ detail }) => onConfirm({ ...preferences, pageSize: Number(detail.id) })}
      data-testid="page-size-menu"
    />
  );
}
