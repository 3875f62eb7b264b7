import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { taxPackageStatus } from '../services/reports/taxPackage.js';

// The package's one consistent read carries identity's.
export const handler = http(
  reportsRoutes.getTaxPackage,
  ({ caller, params }) => taxPackageStatus(caller.orgId, params.id),
  { identityRidesAlong: true },
);
