import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

/** POST /api/members/leave: the caller leaves their organization (docs/people.md "Members and roles"). */
export const handler = http(peopleRoutes.leaveOrganization, ({ caller }) => members.leave(caller));
