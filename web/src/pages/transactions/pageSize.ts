import { storedPageSize } from '../../lib/useTablePreferences';

/** Where the ledger's table preferences are kept (columns, page size). */
export const PREFS_KEY = 'rent.transactions.table';
export const PAGE_SIZES = [25, 50, 100];
/** A desktop starts at 50 rows a page; a phone at 25 (a few screens to scroll, half the first render). */
export const DESKTOP_PAGE_SIZE = 50;
export const PHONE_PAGE_SIZE = 25;

/** The page size the ledger opens with: the saved one, else the default of the screen. */
export function ledgerPageSize(desktop: boolean): number {
  return storedPageSize(PREFS_KEY, desktop ? DESKTOP_PAGE_SIZE : PHONE_PAGE_SIZE, PAGE_SIZES);
}
