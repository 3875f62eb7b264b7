import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { moveOutLease } from '../services/tenancy/moveOut.js';

export const handler = http(leasesRoutes.moveOutLease, ({ caller, params, body }) =>
  moveOutLease(caller, params.id, body),
);
