import { pageLoader } from '../../app/pageLoader';

/** The dashboard's code, one loader for its two routes ("/" for a signed-in visitor, and /dashboard). */
export const dashboardPage = pageLoader(() => import('./DashboardPage'));
