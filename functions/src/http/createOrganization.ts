import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as organizations from '../services/people/organizations.js';

/** A new organization with the caller as its ADMIN; requests act there from now on. */
export const handler = http(peopleRoutes.createOrganization, ({ caller, body }) =>
  organizations.create(caller, body.name),
);
