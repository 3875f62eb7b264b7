import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as organizations from '../services/organizations.js';

/** The caller's organizations with their role in each; the one this request acted in is `current`. */
export const handler = http(routes.listMyOrganizations, ({ caller }) => organizations.mine(caller));
