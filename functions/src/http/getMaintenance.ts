import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { getRequest } from '../services/maintenance/requests.js';

export const handler = http(maintenanceRoutes.getMaintenance, ({ caller, params }) => getRequest(caller, params.id));
