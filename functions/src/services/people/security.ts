import { listSecurityEvents, recordSecurityEvent } from '../../data/people/securityLog.js';
import { setTokensValidAfter } from '../../data/people/users.js';
import { Busy } from '../../domain-errors.js';
import { globalSignOut } from '../../lib/cognito.js';
import { logger } from '../../lib/logger.js';

/**
 * "Sign out of all devices". First the table: every token issued up to this second is refused on the
 * next request (runtime/token-freshness.ts), whatever Cognito does. Then Cognito's global sign-out, so
 * no refresh token can mint new ones. The log records the outcome either way; if Cognito failed, the
 * caller is told to try again (the table part already holds, and repeating is harmless).
 */
export async function signOutEverywhere(person: { userId: string; username: string; userAgent?: string }) {
  const { userId, username } = person;
  const at = new Date();
  const tokensValidAfter = Math.floor(at.getTime() / 1000);
  await setTokensValidAfter(userId, tokensValidAfter);
  const details = person.userAgent?.trim() || null;
  try {
    await globalSignOut(username);
  } catch (error) {
    logger.error('global sign-out failed', { error: error instanceof Error ? error.message : String(error) });
    await recordSecurityEvent({ userId, action: 'SIGN_OUT_EVERYWHERE', details, success: false }, at);
    throw new Busy(
      'Your other sessions could not all be ended just now. Try "Sign out of all devices" again.',
      'SIGN_OUT_INCOMPLETE',
    );
  }
  await recordSecurityEvent({ userId, action: 'SIGN_OUT_EVERYWHERE', details, success: true }, at);
  return { ok: true as const, tokensValidAfter: new Date(tokensValidAfter * 1000).toISOString() };
}

/** The caller's own security events, newest first (nobody reads another person's log). */
export function securityLog(person: { userId: string }, page: { limit: number; cursor?: string }) {
  return listSecurityEvents(person.userId, page);
}

/** Records a sign-out before the browser ends the Cognito session. */
export async function recordSignOut(person: { userId: string }, userAgent: string | undefined) {
  await recordSecurityEvent({
    userId: person.userId,
    action: 'LOGOUT',
    details: userAgent?.slice(0, 300),
    success: true,
  });
  return { ok: true as const };
}
