import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

export const handler = http(routes.listMembers, async ({ caller }) => ({ members: await members.list(caller) }));
