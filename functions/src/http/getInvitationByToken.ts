import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as invitations from '../services/people/invitations.js';

/** Public (no authorizer): what the invitation page shows. A GET changes nothing (mail scanners open links). */
export const handler = http(peopleRoutes.getInvitationByToken, ({ params, event }) =>
  invitations.lookup(params.token, event.requestContext.http.sourceIp),
);
