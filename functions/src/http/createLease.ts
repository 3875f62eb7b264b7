import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { createLease } from '../services/tenancy/leases.js';

export const handler = http(leasesRoutes.createLease, ({ caller, params, body }) =>
  createLease(caller, params.id, body),
);
