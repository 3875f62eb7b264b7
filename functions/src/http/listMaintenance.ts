import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listRequests } from '../services/maintenance/requests.js';

export const handler = http(routes.listMaintenance, ({ caller, query }) => listRequests(caller, query));
