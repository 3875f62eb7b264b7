import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { comment } from '../services/maintenance/requests.js';

export const handler = http(maintenanceRoutes.addMaintenanceComment, ({ caller, params, body }) =>
  comment(caller, params.id, body.body),
);
