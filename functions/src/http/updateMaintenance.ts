import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { updateRequest } from '../services/maintenance/requests.js';

export const handler = http(maintenanceRoutes.updateMaintenance, ({ caller, query, body }) =>
  updateRequest(caller, query.id, body),
);
