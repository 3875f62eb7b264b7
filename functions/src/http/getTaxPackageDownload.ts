import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { taxPackageDownload } from '../services/reports/taxPackage.js';

export const handler = http(reportsRoutes.getTaxPackageDownload, ({ caller, params }) =>
  taxPackageDownload(caller.orgId, params.id),
);
