import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { rentLinkReview } from '../services/tenancy/rentLinks.js';

export const handler = http(leasesRoutes.getRentLinkReview, ({ caller }) => rentLinkReview(caller));
