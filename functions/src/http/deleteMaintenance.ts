import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { deleteRequest } from '../services/maintenance/requests.js';

export const handler = http(routes.deleteMaintenance, ({ caller, params }) => deleteRequest(caller, params.id));
