import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as invitations from '../services/people/invitations.js';

export const handler = http(routes.listInvitations, ({ caller }) => invitations.list(caller));
