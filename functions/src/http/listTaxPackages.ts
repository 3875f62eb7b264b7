import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { taxPackagesOfYear } from '../services/reports/taxPackage.js';

export const handler = http(reportsRoutes.listTaxPackages, ({ caller, query }) =>
  taxPackagesOfYear(caller.orgId, query.year),
);
