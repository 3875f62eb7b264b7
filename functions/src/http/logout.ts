import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import { recordSignOut } from '../services/people/security.js';

/** Records the sign-out (SecurityLog) before the browser ends the Cognito session. */
export const handler = http(peopleRoutes.logout, ({ caller, event }) =>
  recordSignOut(caller, event.headers?.['user-agent']),
);
