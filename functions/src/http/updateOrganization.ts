import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as organizations from '../services/people/organizations.js';

export const handler = http(peopleRoutes.updateOrganization, ({ caller, body }) =>
  organizations.rename(caller, body.name),
);
