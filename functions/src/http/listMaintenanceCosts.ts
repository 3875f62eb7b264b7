import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { maintenanceCosts } from '../services/maintenance/costs.js';

// The request's consistent read (its cost links) carries identity's.
export const handler = http(
  maintenanceRoutes.listMaintenanceCosts,
  ({ caller, params }) => maintenanceCosts(caller, params.id),
  { identityRidesAlong: true },
);
