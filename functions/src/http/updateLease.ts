import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { updateLease } from '../services/tenancy/leases.js';

export const handler = http(routes.updateLease, ({ caller, params, body }) => updateLease(caller, params.id, body));
