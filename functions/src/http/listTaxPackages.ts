import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { taxPackagesOfYear } from '../services/reports/taxPackage.js';

export const handler = http(routes.listTaxPackages, ({ caller, query }) => taxPackagesOfYear(caller.orgId, query.year));
