import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { listRequests } from '../services/maintenance/requests.js';

// The list reads its page, then one consistent batch of the page's addresses and counts: identity's read goes in it.
export const handler = http(maintenanceRoutes.listMaintenance, ({ caller, query }) => listRequests(caller, query), {
  identityRidesAlong: true,
});
