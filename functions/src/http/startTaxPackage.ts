import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { startTaxPackage } from '../services/reports/taxPackage.js';

export const handler = http(reportsRoutes.startTaxPackage, ({ caller, body }) =>
  startTaxPackage(caller.orgId, body.year),
);
