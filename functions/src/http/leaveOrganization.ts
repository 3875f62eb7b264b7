import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

/** POST /api/members/leave: the caller leaves their organization (docs/people.md "Members and roles"). */
export const handler = http(routes.leaveOrganization, ({ caller }) => members.leave(caller));
