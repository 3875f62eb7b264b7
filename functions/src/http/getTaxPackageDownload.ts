import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { taxPackageDownload } from '../services/reports/taxPackage.js';

export const handler = http(routes.getTaxPackageDownload, ({ caller, params }) =>
  taxPackageDownload(caller.orgId, params.id),
);
