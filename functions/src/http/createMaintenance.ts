import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { createRequest } from '../services/maintenance/requests.js';

export const handler = http(routes.createMaintenance, ({ caller, body }) => createRequest(caller, body));
