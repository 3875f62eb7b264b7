import { pageLoader } from '../../app/pageLoader';
import { DESKTOP_QUERY } from '../../lib/useMediaQuery';
import type { TransactionFilterBarProps } from './TransactionFilterBar';

/**
 * The ledger's parts a phone does not show at first, each in its own chunk: the table (a phone shows the list) and
 * the filter fields (a dozen dropdowns and pickers, in a section that starts closed on a phone). A phone loads the
 * fields when the section is first opened and the table never; a desktop loads both with the page, so its first
 * render has them (`withLedgerParts`, routes.tsx).
 */
export const ledgerTable = pageLoader(() => import('./LedgerTable'));
export const ledgerFilterFields = pageLoader<TransactionFilterBarProps>(() =>
  import('./TransactionFilterBar').then((m) => ({ default: m.TransactionFilterBar })),
);

/** The ledger page's code, with its desktop parts when the screen is a desktop's. */
export function withLedgerParts<T>(page: Promise<T>): Promise<T> {
  if (!window.matchMedia(DESKTOP_QUERY).matches) return page;
  return Promise.all([page, ledgerTable.preload(), ledgerFilterFields.preload()]).then(([loaded]) => loaded);
}
