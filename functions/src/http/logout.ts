import { routes } from '@rent/shared';
import { recordSecurityEvent } from '../data/repositories/securityLog.js';
import { http } from '../runtime/http.js';

/** Records the sign-out (SecurityLog) before the browser ends the Cognito session. */
export const handler = http(routes.logout, async ({ caller, event }) => {
  await recordSecurityEvent({
    userId: caller.userId,
    action: 'LOGOUT',
    details: event.headers?.['user-agent']?.slice(0, 300),
    success: true,
  });
  return { ok: true as const };
});
