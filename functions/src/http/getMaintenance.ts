import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { getRequest } from '../services/maintenance/requests.js';

export const handler = http(routes.getMaintenance, ({ caller, params }) => getRequest(caller, params.id));
