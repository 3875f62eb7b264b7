import { accountRoutes } from './routes/account.js';
import { bankingRoutes } from './routes/banking.js';
import { importRoutes } from './routes/imports.js';
import { leasesRoutes } from './routes/leases.js';
import { ledgerRoutes } from './routes/ledger.js';
import { maintenanceRoutes } from './routes/maintenance.js';
import { peopleRoutes } from './routes/people.js';
import { propertiesRoutes } from './routes/properties.js';
import { receiptsRoutes } from './routes/receipts.js';
import { reportsRoutes } from './routes/reports.js';
import { rulesRoutes } from './routes/rules.js';

/**
 * THE route table, by domain: every endpoint of the API, once, in the entry file of its domain (./routes/). Adding
 * an endpoint = one entry there + one handler file functions/src/http/<id>.ts (a test fails when either is missing).
 * Which CloudFormation stack deploys a domain's functions is a deployment concern: infra/lib/route-stacks.ts.
 */
export const routeDomains = {
  people: peopleRoutes,
  account: accountRoutes,
  ledger: ledgerRoutes,
  receipts: receiptsRoutes,
  properties: propertiesRoutes,
  leases: leasesRoutes,
  maintenance: maintenanceRoutes,
  reports: reportsRoutes,
  rules: rulesRoutes,
  banking: bankingRoutes,
  imports: importRoutes,
} as const;
export type RouteDomain = keyof typeof routeDomains;

export const routes = {
  ...peopleRoutes,
  ...accountRoutes,
  ...ledgerRoutes,
  ...receiptsRoutes,
  ...propertiesRoutes,
  ...leasesRoutes,
  ...maintenanceRoutes,
  ...reportsRoutes,
  ...rulesRoutes,
  ...bankingRoutes,
  ...importRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList = Object.values(routes);
