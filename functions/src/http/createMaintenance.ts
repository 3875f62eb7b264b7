import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { createRequest } from '../services/maintenance/requests.js';

export const handler = http(maintenanceRoutes.createMaintenance, ({ caller, body }) => createRequest(caller, body));
