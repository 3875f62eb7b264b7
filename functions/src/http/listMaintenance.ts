import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { listRequests } from '../services/maintenance/requests.js';

export const handler = http(maintenanceRoutes.listMaintenance, ({ caller, query }) => listRequests(caller, query));
