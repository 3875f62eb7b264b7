import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { deleteRequest } from '../services/maintenance/requests.js';

export const handler = http(maintenanceRoutes.deleteMaintenance, ({ caller, params }) =>
  deleteRequest(caller, params.id),
);
