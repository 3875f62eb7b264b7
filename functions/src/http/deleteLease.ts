import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { removeLease } from '../services/tenancy/leases.js';

export const handler = http(leasesRoutes.deleteLease, ({ caller, params }) => removeLease(caller, params.id));
