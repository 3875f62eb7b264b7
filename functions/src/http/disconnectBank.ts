import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { disconnect } from '../services/banking/links.js';

export const handler = http(routes.disconnectBank, ({ caller, params }) => disconnect(caller.orgId, params.id));
