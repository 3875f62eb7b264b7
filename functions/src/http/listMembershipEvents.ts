import { routes, SECURITY_LOG_PAGE_DEFAULT } from '@rent/shared';
import { listMembershipEvents } from '../data/repositories/membershipEvents.js';
import { http } from '../runtime/http.js';

/** The organization's membership activity, newest first (ADMIN and LANDLORD, as the members policy). */
export const handler = http(routes.listMembershipEvents, ({ caller, query }) =>
  listMembershipEvents(caller.orgId, { limit: query.limit ?? SECURITY_LOG_PAGE_DEFAULT, cursor: query.cursor }),
);
