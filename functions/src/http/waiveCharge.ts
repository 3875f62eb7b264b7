import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { waiveCharge } from '../services/tenancy/tenantLedger.js';

export const handler = http(leasesRoutes.waiveCharge, ({ caller, params }) =>
  waiveCharge(caller, params.id, params.code),
);
