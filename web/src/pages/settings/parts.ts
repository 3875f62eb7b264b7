import { partLoader } from '../../app/pageLoader';

/**
 * The security log as a table (SecurityLogTable): a desktop loads it with the page (routes.tsx), so its first render
 * has it; a phone shows a list (SecurityPage) and never loads it. Only the loader lives here: routes.tsx is in the
 * app's first load, and whatever this module imports would be too.
 */
export const securityLogTable = partLoader(() => import('./SecurityLogTable').then((m) => m.SecurityLogTable));
export const SECURITY_DESKTOP_PARTS = [securityLogTable];
