import { partLoader, partOr } from '../app/pageLoader';
import { PageSizeMenu } from './PageSizeMenu';
import type { TablePreferencesProps } from './TablePreferences';

/**
 * A table's preferences dialog in a chunk of its own: a desktop loads it with the page (routes.tsx, through the
 * page's desktop parts); a phone's list offers its page size in `PageSizeMenu` and never downloads it.
 */
export const tablePreferences = partLoader<TablePreferencesProps<string>>(() =>
  import('./TablePreferences').then((m) => m.TablePreferences),
);

/** The table's preferences on a desktop (they came with the page); the page size menu until then. */
export const DesktopPreferences = partOr(tablePreferences, PageSizeMenu);
