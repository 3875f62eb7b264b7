import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as organizations from '../services/organizations.js';

export const handler = http(routes.getOrganization, ({ caller }) => organizations.current(caller));
