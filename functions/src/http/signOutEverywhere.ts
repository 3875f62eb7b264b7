import * as peopleRoutes from '@rent/shared/api/routes/people';
import { http } from '../runtime/http.js';
import { cognitoUsername } from '../runtime/token-freshness.js';
import { signOutEverywhere } from '../services/people/security.js';

/** Ends every session of the caller: tokens issued until now answer 401, refresh tokens are revoked. */
export const handler = http(peopleRoutes.signOutEverywhere, ({ caller, event }) =>
  signOutEverywhere({
    userId: caller.userId,
    username: cognitoUsername(event),
    userAgent: event.headers?.['user-agent'],
  }),
);
