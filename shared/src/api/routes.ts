import { bankOpsRoutes } from './routes/bankOps.js';
import { bankSyncRoutes } from './routes/bankSync.js';
import { bankRoutes } from './routes/banks.js';
import { bookRoutes } from './routes/books.js';
import { ledgerRoutes } from './routes/ledger.js';
import { peopleRoutes } from './routes/people.js';
import { rulesRoutes } from './routes/rules.js';

/**
 * THE route table. Every endpoint of the API, once, kept per area in ./routes/. Adding an endpoint = one entry
 * there + one handler file functions/src/http/<id>.ts (a test fails when either is missing).
 */
export const routes = {
  ...peopleRoutes,
  ...ledgerRoutes,
  ...rulesRoutes,
  ...bookRoutes,
  ...bankRoutes,
  ...bankOpsRoutes,
  ...bankSyncRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList = Object.values(routes);
