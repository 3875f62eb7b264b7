import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

export const handler = http(peopleRoutes.updateMemberRole, ({ caller, params, body }) =>
  members.changeRole(caller, params.userId, body.role),
);
