import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { updateRequest } from '../services/maintenance/requests.js';

export const handler = http(routes.updateMaintenance, ({ caller, query, body }) =>
  updateRequest(caller, query.id, body),
);
