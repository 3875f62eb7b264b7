import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listLeases } from '../services/tenancy/leases.js';

export const handler = http(routes.listLeases, ({ caller, params }) => listLeases(caller, params.id));
