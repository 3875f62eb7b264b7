import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import * as members from '../services/people/members.js';

export const handler = http(peopleRoutes.removeMember, ({ caller, params }) => members.remove(caller, params.userId));
