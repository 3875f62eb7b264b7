import { partLoader } from '../../app/pageLoader';

/** The lines' table, in its own chunk: a phone lists the lines and never downloads it. */
export const reconcileLinesTable = partLoader(() => import('./ReconcileLinesTable').then((m) => m.ReconcileLinesTable));
export const RECONCILE_DESKTOP_PARTS = [reconcileLinesTable];
