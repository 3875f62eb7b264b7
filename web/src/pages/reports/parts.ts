import { useSyncExternalStore } from 'react';
import { PartLoading } from '../../app/PageLoading';
import { type PageLoader, partLoader, partOr, withDesktopParts } from '../../app/pageLoader';
import { bookTable } from '../../features/books/parts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import type { ReportTab } from './use-reports';

export const scheduleETables = partLoader(() => import('./ScheduleETables').then((m) => m.ScheduleETables));
const scheduleEView = partLoader(() =>
  withDesktopParts(import('./ScheduleEView'), [scheduleETables]).then((m) => m.ScheduleEView),
);
export const depreciationTable = partLoader(() => import('./DepreciationTable').then((m) => m.DepreciationTable));
const depreciationTab = partLoader(() =>
  withDesktopParts(import('./DepreciationTab'), [depreciationTable]).then((m) => m.DepreciationTab),
);
export const leaseMonthsTable = partLoader(() => import('./LeaseMonthsTable').then((m) => m.LeaseMonthsTable));
const rentRollBody = partLoader(() =>
  withDesktopParts(import('./RentRollBody'), [leaseMonthsTable]).then((m) => m.RentRollBody),
);
const rentLinksPanel = partLoader(() => import('./RentLinksPanel').then((m) => m.RentLinksPanel));
export const agingTable = partLoader(() => import('./AgingTable').then((m) => m.AgingTable));
const agingTab = partLoader(() => withDesktopParts(import('./AgingTab'), [agingTable]).then((m) => m.AgingTab));
export const depositsTable = partLoader(() => import('./DepositsTable').then((m) => m.DepositsTable));
const securityDepositsTab = partLoader(() =>
  withDesktopParts(import('./SecurityDepositsTab'), [depositsTable]).then((m) => m.SecurityDepositsTab),
);
export const categoryDetailTable = partLoader(() => import('./CategoryDetailTable').then((m) => m.CategoryDetailTable));
const transactionsByCategoryTab = partLoader(() =>
  withDesktopParts(import('./TransactionsByCategoryTab'), [categoryDetailTable]).then(
    (m) => m.TransactionsByCategoryTab,
  ),
);

/**
 * The tabs after the first (profit and loss) and the Schedule E worksheet, each with its tables, in chunks of their
 * own: the page's first load carries only the tab it opens on, and Cloudscape's table (30 KB gzip) only with it. The
 * rent roll's frame comes with the page (RentRollTab) and only its body waits here: the rent roll is opened by its
 * own address (Rental History links to it), and its heading then paints with the page, not after the table's code.
 * Its months are a table on a desktop, whose code comes with the body there, and a list on a phone, which never
 * loads the table; the review of rent to link loads when it is opened. The Schedule E worksheet, depreciation, aging,
 * security deposits and transactions by category are the same: their tables come with them on a desktop, and a phone
 * lists.
 */
export const ScheduleEView = partOr(scheduleEView, PartLoading);
export const DepreciationTab = partOr(depreciationTab, PartLoading);
export const RentRollBody = partOr(rentRollBody, PartLoading);
export const RentLinksPanel = partOr(rentLinksPanel, PartLoading);
export const AgingTab = partOr(agingTab, PartLoading);
export const SecurityDepositsTab = partOr(securityDepositsTab, PartLoading);
export const TransactionsByCategoryTab = partOr(transactionsByCategoryTab, PartLoading);

/** A part's code as something to wait for: whether it is there, and a subscription to hear when it comes. */
const codeOf = <P extends object>(loader: PageLoader<P>) => ({
  subscribe: loader.subscribe,
  loaded: () => loader.snapshot().component !== undefined,
});

/** Code that came with the page. */
const WITH_THE_PAGE = { subscribe: () => () => {}, loaded: () => true };

/** The code each tab draws its report with (a phone's profit and loss is a list that comes with the page). */
const TAB_CODE: Record<ReportTab, ReturnType<typeof codeOf>> = {
  'profit-and-loss': codeOf(bookTable),
  'schedule-e': codeOf(scheduleEView),
  depreciation: codeOf(depreciationTab),
  'rent-roll': codeOf(rentRollBody),
  aging: codeOf(agingTab),
  deposits: codeOf(securityDepositsTab),
  'transactions-by-category': codeOf(transactionsByCategoryTab),
};

/**
 * Whether the shown tab's code is there (its download starts, if it had not). What sits below the tabs waits for it
 * as well as for the report's answer (use-reports.ts): when the answer came first, the tab said "Loading" in one line,
 * the tax package stood right under it on a phone's screen, and the report's tables then pushed it down.
 */
export function useTabCodeLoaded(tab: ReportTab): boolean {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const code = tab === 'profit-and-loss' && !desktop ? WITH_THE_PAGE : TAB_CODE[tab];
  return useSyncExternalStore(code.subscribe, code.loaded);
}
