import { SECURITY_LOG_PAGE_DEFAULT } from '@rent/shared';
import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

/** The organization's membership activity, newest first (ADMIN and LANDLORD, as the members policy). */
export const handler = http(peopleRoutes.listMembershipEvents, ({ caller, query }) =>
  members.events(caller, { limit: query.limit ?? SECURITY_LOG_PAGE_DEFAULT, cursor: query.cursor }),
);
