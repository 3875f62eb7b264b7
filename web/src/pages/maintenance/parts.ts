import { pageLoader } from '../../app/pageLoader';

/** The staff's requests table, in its own chunk: a phone shows the list (MaintenanceList) and never downloads it. */
export const maintenanceTable = pageLoader(() => import('./MaintenanceTable'));
export const MAINTENANCE_DESKTOP_PARTS = [maintenanceTable];
