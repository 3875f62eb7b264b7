import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { applyRentLinks } from '../services/tenancy/rentLinks.js';

export const handler = http(leasesRoutes.applyRentLinks, ({ caller, body }) =>
  applyRentLinks(caller, body.transactionIds),
);
