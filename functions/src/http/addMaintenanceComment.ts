import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { comment } from '../services/maintenance/requests.js';

export const handler = http(routes.addMaintenanceComment, ({ caller, params, body }) =>
  comment(caller, params.id, body.body),
);
