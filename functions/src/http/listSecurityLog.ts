import { routes, SECURITY_LOG_PAGE_DEFAULT } from '@rent/shared';
import { http } from '../runtime/http.js';
import { securityLog } from '../services/people/security.js';

/** The caller's own security events, newest first (any role). */
export const handler = http(routes.listSecurityLog, ({ caller, query }) =>
  securityLog(caller, { limit: query.limit ?? SECURITY_LOG_PAGE_DEFAULT, cursor: query.cursor }),
);
