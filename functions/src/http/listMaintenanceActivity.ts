import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { listActivity } from '../services/maintenance/requests.js';

// The request's read, beside its events' Query, carries identity's.
export const handler = http(
  maintenanceRoutes.listMaintenanceActivity,
  ({ caller, params }) => listActivity(caller, params.id),
  { identityRidesAlong: true },
);
