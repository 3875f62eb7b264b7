import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as invitations from '../services/people/invitations.js';

export const handler = http(peopleRoutes.createInvitation, ({ caller, body }) => invitations.create(caller, body));
