import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { createLease } from '../services/tenancy/leases.js';

export const handler = http(routes.createLease, ({ caller, params, body }) => createLease(caller, params.id, body));
