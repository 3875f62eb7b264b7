import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { getRequest } from '../services/maintenance/requests.js';

// The request's consistent read carries identity's; its address and reporter follow in one batch.
export const handler = http(maintenanceRoutes.getMaintenance, ({ caller, params }) => getRequest(caller, params.id), {
  identityRidesAlong: true,
});
