import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

export const handler = http(routes.updateMemberRole, ({ caller, params, body }) =>
  members.changeRole(caller, params.userId, body.role),
);
