import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as organizations from '../services/people/organizations.js';

export const handler = http(routes.updateOrganization, ({ caller, body }) => organizations.rename(caller, body.name));
