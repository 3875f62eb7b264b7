import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { listLeases } from '../services/tenancy/leases.js';

// The property's read, beside the leases' Query, carries identity's.
export const handler = http(leasesRoutes.listLeases, ({ caller, params }) => listLeases(caller, params.id), {
  identityRidesAlong: true,
});
