import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as invitations from '../services/people/invitations.js';

export const handler = http(peopleRoutes.revokeInvitation, ({ caller, params }) =>
  invitations.revoke(caller, params.id),
);
