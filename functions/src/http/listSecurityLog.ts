import { routes, SECURITY_LOG_PAGE_DEFAULT } from '@rent/shared';
import { listSecurityEvents } from '../data/repositories/securityLog.js';
import { http } from '../runtime/http.js';

/** The caller's own security events, newest first (any role; nobody reads another person's log here). */
export const handler = http(routes.listSecurityLog, ({ caller, query }) =>
  listSecurityEvents(caller.userId, { limit: query.limit ?? SECURITY_LOG_PAGE_DEFAULT, cursor: query.cursor }),
);
