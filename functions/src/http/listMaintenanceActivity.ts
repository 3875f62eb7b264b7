import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listActivity } from '../services/maintenance/requests.js';

export const handler = http(routes.listMaintenanceActivity, ({ caller, params }) => listActivity(caller, params.id));
