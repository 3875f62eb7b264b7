import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { updateLease } from '../services/tenancy/leases.js';

export const handler = http(leasesRoutes.updateLease, ({ caller, params, body }) =>
  updateLease(caller, params.id, body),
);
