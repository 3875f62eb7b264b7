import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { forgetCaller } from '../runtime/identity.js';
import { cognitoUsername } from '../runtime/token-freshness.js';
import { signOutEverywhere } from '../services/security.js';

/** Ends every session of the caller: tokens issued until now answer 401, refresh tokens are revoked. */
export const handler = http(routes.signOutEverywhere, async ({ caller, event }) => {
  const person = { userId: caller.userId, username: cognitoUsername(event), userAgent: event.headers?.['user-agent'] };
  try {
    return await signOutEverywhere(person);
  } finally {
    forgetCaller(caller.userId); // this container's cached membership predates tokensValidAfter
  }
});
