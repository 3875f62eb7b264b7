import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as invitations from '../services/people/invitations.js';

/** The signed-in invitee accepts; works for a person with no organization yet (none is made for them). */
export const handler = http(peopleRoutes.acceptInvitation, ({ caller, body, event }) =>
  invitations.accept(caller, body.token, event.requestContext.http.sourceIp),
);
