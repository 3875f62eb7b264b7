import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listConnections } from '../services/banking/links.js';

export const handler = http(routes.listBankConnections, ({ caller }) => listConnections(caller.orgId));
