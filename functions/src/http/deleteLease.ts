import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { removeLease } from '../services/tenancy/leases.js';

export const handler = http(routes.deleteLease, ({ caller, params }) => removeLease(caller, params.id));
