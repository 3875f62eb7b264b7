import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { listLeases } from '../services/tenancy/leases.js';

export const handler = http(leasesRoutes.listLeases, ({ caller, params }) => listLeases(caller, params.id));
