import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { recordSignOut } from '../services/people/security.js';

/** Records the sign-out (SecurityLog) before the browser ends the Cognito session. */
export const handler = http(routes.logout, ({ caller, event }) => recordSignOut(caller, event.headers?.['user-agent']));
