import type { ComponentType } from 'react';
import { PartLoading } from '../../app/PageLoading';
import { partLoader, partOr } from '../../app/pageLoader';

/** A part whose code loads when it is first shown, "Loading" until then. */
const loadedWhenShown = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  partOr(partLoader(load), PartLoading);

/**
 * The tabs after the first (profit and loss) and the Schedule E worksheet, each with its tables, in chunks of their
 * own: the page's first load carries only the tab it opens on, and Cloudscape's table (30 KB gzip) only with it. The
 * rent roll's frame comes with the page (RentRollTab) and only its body waits here: the rent roll is opened by its
 * own address (Rental History links to it), and its heading then paints with the page, not after the table's code.
 */
export const ScheduleEView = loadedWhenShown(() => import('./ScheduleEView').then((m) => m.ScheduleEView));
export const DepreciationTab = loadedWhenShown(() => import('./DepreciationTab').then((m) => m.DepreciationTab));
export const RentRollBody = loadedWhenShown(() => import('./RentRollBody').then((m) => m.RentRollBody));
export const AgingTab = loadedWhenShown(() => import('./AgingTab').then((m) => m.AgingTab));
export const SecurityDepositsTab = loadedWhenShown(() =>
  import('./SecurityDepositsTab').then((m) => m.SecurityDepositsTab),
);
export const TransactionsByCategoryTab = loadedWhenShown(() =>
  import('./TransactionsByCategoryTab').then((m) => m.TransactionsByCategoryTab),
);
