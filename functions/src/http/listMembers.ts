import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

export const handler = http(peopleRoutes.listMembers, async ({ caller }) => ({ members: await members.list(caller) }));
