import * as accountRoutes from './routes/account.js';
import * as bankingRoutes from './routes/banking.js';
import * as importRoutes from './routes/imports.js';
import * as leasesRoutes from './routes/leases.js';
import * as ledgerRoutes from './routes/ledger.js';
import * as loansRoutes from './routes/loans.js';
import * as maintenanceRoutes from './routes/maintenance.js';
import * as peopleRoutes from './routes/people.js';
import * as propertiesRoutes from './routes/properties.js';
import * as receiptsRoutes from './routes/receipts.js';
import * as reconciliationRoutes from './routes/reconciliation.js';
import * as reportsRoutes from './routes/reports.js';
import * as rulesRoutes from './routes/rules.js';

/**
 * THE route table, by domain: every endpoint of the API, once, in the file of its domain (./routes/), where each route
 * is an export of its own named by its id. Adding an endpoint = one export there + one handler file
 * functions/src/http/<id>.ts (a test fails when either is missing). Which CloudFormation stack deploys a domain's
 * functions is a deployment concern: infra/lib/route-stacks.ts.
 *
 * A handler imports its own route from its domain's file (`import * as peopleRoutes from
 * '@rent/shared/api/routes/people'`), never this table: its Lambda bundle then holds that route's schemas and no other
 * route's. So a route is a plain object of literals and names (`{ ... } as const satisfies RouteDef`): esbuild keeps
 * a route holding a call (a schema written inline) or arithmetic (`16 * 1024`) in every bundle of its domain, so
 * those get a name outside the route, schemas in shared/src/domain/ (docs/performance.md "Lambda bundles";
 * tests/infra/lambda-bundles.test.ts).
 */
export const routeDomains = {
  people: peopleRoutes,
  account: accountRoutes,
  ledger: ledgerRoutes,
  receipts: receiptsRoutes,
  properties: propertiesRoutes,
  leases: leasesRoutes,
  loans: loansRoutes,
  maintenance: maintenanceRoutes,
  reports: reportsRoutes,
  rules: rulesRoutes,
  banking: bankingRoutes,
  imports: importRoutes,
  reconciliation: reconciliationRoutes,
} as const;
export type RouteDomain = keyof typeof routeDomains;

export const routes = {
  ...peopleRoutes,
  ...accountRoutes,
  ...ledgerRoutes,
  ...receiptsRoutes,
  ...propertiesRoutes,
  ...leasesRoutes,
  ...loansRoutes,
  ...maintenanceRoutes,
  ...reportsRoutes,
  ...rulesRoutes,
  ...bankingRoutes,
  ...importRoutes,
  ...reconciliationRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList = Object.values(routes);
