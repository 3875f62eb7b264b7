import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as organizations from '../services/people/organizations.js';

/** Remembers the organization the person chose (a member of it only); later requests send it as a header. */
export const handler = http(peopleRoutes.switchOrganization, ({ caller, body }) =>
  organizations.switchTo(caller, body.organizationId),
);
