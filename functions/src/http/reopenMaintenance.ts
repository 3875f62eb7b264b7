import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { reopenRequest } from '../services/maintenance/requests.js';

export const handler = http(maintenanceRoutes.reopenMaintenance, ({ caller, params, body }) =>
  reopenRequest(caller, params.id, body.version),
);
