import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { bankStatus } from '../services/banking/links.js';

export const handler = http(routes.getBankStatus, ({ caller }) => bankStatus(caller.orgId));
