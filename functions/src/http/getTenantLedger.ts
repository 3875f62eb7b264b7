import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { getTenantLedger } from '../services/tenancy/tenantLedger.js';

export const handler = http(leasesRoutes.getTenantLedger, ({ caller, params }) => getTenantLedger(caller, params.id));
