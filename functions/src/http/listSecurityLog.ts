import { SECURITY_LOG_PAGE_DEFAULT } from '@rent/shared';
import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import { securityLog } from '../services/people/security.js';

/** The caller's own security events, newest first (any role). */
export const handler = http(peopleRoutes.listSecurityLog, ({ caller, query }) =>
  securityLog(caller, { limit: query.limit ?? SECURITY_LOG_PAGE_DEFAULT, cursor: query.cursor }),
);
