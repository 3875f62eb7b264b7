import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { taxPackageStatus } from '../services/reports/taxPackage.js';

export const handler = http(reportsRoutes.getTaxPackage, ({ caller, params }) =>
  taxPackageStatus(caller.orgId, params.id),
);
