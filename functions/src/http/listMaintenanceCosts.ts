import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { maintenanceCosts } from '../services/maintenance/costs.js';

export const handler = http(routes.listMaintenanceCosts, ({ caller, params }) => maintenanceCosts(caller, params.id));
