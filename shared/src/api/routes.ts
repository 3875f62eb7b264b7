import { accountRoutes } from './routes/account.js';
import { auditRoutes } from './routes/audit.js';
import { bankOpsRoutes } from './routes/bankOps.js';
import { bankSyncRoutes } from './routes/bankSync.js';
import { bankRoutes } from './routes/banks.js';
import { bookRoutes } from './routes/books.js';
import { importRoutes } from './routes/imports.js';
import { ledgerRoutes } from './routes/ledger.js';
import { organizationRoutes } from './routes/organizations.js';
import { peopleRoutes } from './routes/people.js';
import { rulesRoutes } from './routes/rules.js';
import { taxPackageRoutes } from './routes/taxPackage.js';

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
  ...importRoutes,
  ...bankOpsRoutes,
  ...bankSyncRoutes,
  ...taxPackageRoutes,
  ...organizationRoutes,
  ...accountRoutes,
  ...auditRoutes,
} as const;

/**
 * The same routes by area (one file of ./routes/ each). CDK deploys each area's functions in a stack of its
 * own (infra/lib/route-stack.ts): one stack of ~7 resources per route would pass CloudFormation's 500.
 * A unit test checks that every route is in exactly one area.
 */
export const routeAreas = {
  People: { ...peopleRoutes, ...organizationRoutes },
  Account: accountRoutes,
  Ledger: { ...ledgerRoutes, ...auditRoutes },
  Rules: rulesRoutes,
  Books: { ...bookRoutes, ...taxPackageRoutes },
  Banks: { ...bankRoutes, ...bankSyncRoutes, ...bankOpsRoutes },
  Imports: importRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList = Object.values(routes);
