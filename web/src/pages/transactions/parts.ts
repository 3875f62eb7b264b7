import { pageLoader, partLoader } from '../../app/pageLoader';
import { tablePreferences } from '../../components/preferences';
import type { TransactionFilterBarProps } from './TransactionFilterBar';

/**
 * The ledger's parts a phone does not show at first, each in its own chunk: the table (a phone shows the list), the
 * filter fields (a dozen dropdowns and pickers, in a section that starts closed on a phone) and the table's
 * preferences (components/preferences.ts). A phone loads the fields when the section is first opened and the others
 * never; a desktop loads all three with the page (routes.tsx).
 */
export const ledgerTable = pageLoader(() => import('./LedgerTable'));
export const ledgerFilterFields = partLoader<TransactionFilterBarProps>(() =>
  import('./TransactionFilterBar').then((m) => m.TransactionFilterBar),
);
export const LEDGER_DESKTOP_PARTS = [ledgerTable, ledgerFilterFields, tablePreferences];
