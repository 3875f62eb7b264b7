import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

// The list reads the memberships, then one consistent batch of their profiles: identity's read goes in it.
export const handler = http(peopleRoutes.listMembers, async ({ caller }) => ({ members: await members.list(caller) }), {
  identityRidesAlong: true,
});
