import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { rentalHistory } from '../services/tenancy/leases.js';

export const handler = http(leasesRoutes.getRentalHistory, ({ caller }) => rentalHistory(caller));
