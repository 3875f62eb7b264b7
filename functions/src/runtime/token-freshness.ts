import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { recordSignInOnce } from '../data/people/securityLog.js';
import type { Membership } from '../data/people/users.js';
import { logger } from '../lib/logger.js';
import { unauthorized } from './errors.js';

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;

export const SIGNED_OUT_EVERYWHERE_MESSAGE =
  'You signed out of all devices, which ended this session. Please sign in again.';
/** A deleted account's token: its deletion also moved `tokensValidAfter`, but that was no sign-out. */
export const ACCOUNT_DELETED_MESSAGE =
  'This account was deleted, which ended this session. Signing in with Google again starts a new account.';

/** A claim API Gateway verified, as text (it passes every claim as a string; arrays as "[a b]"). */
export function claimText(event: Event, name: string): string | null {
  const value = event.requestContext?.authorizer?.jwt?.claims?.[name];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function claimSeconds(event: Event, name: string): number | null {
  const text = claimText(event, name);
  return text !== null && /^\d{1,12}$/.test(text) ? Number(text) : null;
}

/**
 * After "sign out of all devices" at `tokensValidAfter` (epoch seconds), a token counts only when it was
 * issued strictly after that second. A token from the same second is refused: it may predate the
 * sign-out, and refusing costs at most a second sign-in, while accepting could keep a stolen session.
 */
export function isTokenFresh(issuedAt: number | null, tokensValidAfter: number | undefined): boolean {
  if (tokensValidAfter === undefined) return true;
  return issuedAt !== null && issuedAt > tokensValidAfter;
}

/**
 * Runs on every request once the caller's membership is read (runtime/identity.ts): a token issued at or
 * before the person's last sign-out-everywhere answers 401, on every route.
 */
export function assertTokenFresh(event: Event, membership: Membership): void {
  if (!isTokenFresh(claimSeconds(event, 'iat'), membership.tokensValidAfter)) {
    throw unauthorized(SIGNED_OUT_EVERYWHERE_MESSAGE);
  }
}

/** Sessions this container has already recorded (bounded; forgetting one costs one conditional Put). */
const seen = new Set<string>();

/**
 * Records the session's sign-in the first time this container sees it (runtime/http.ts, after identity):
 * a conditional Put keyed by the session (`origin_jti`, kept by refreshes), so the log gets one entry per
 * sign-in however many requests, containers or clients report it, and no client can add more or skip it.
 */
export async function noteSignIn(event: Event, userId: string): Promise<void> {
  const sessionId = claimText(event, 'origin_jti') ?? claimText(event, 'jti');
  const signedInAt = claimSeconds(event, 'auth_time') ?? claimSeconds(event, 'iat');
  if (!sessionId || signedInAt === null) return;
  const key = `${userId}\n${sessionId}`;
  if (seen.has(key)) return;
  try {
    await recordSignInOnce({
      userId,
      sessionId,
      signedInAt: new Date(signedInAt * 1000),
      details: signInDetails(event),
    });
    if (seen.size >= 5000) seen.clear();
    seen.add(key);
  } catch (error) {
    // The request goes on; the next one in this container tries again.
    logger.warn('sign-in not recorded', { error: error instanceof Error ? error.message : String(error) });
  }
}

function signInDetails(event: Event): string {
  const agent = event.headers?.['user-agent']?.trim();
  return agent ? `Signed in with Google · ${agent}` : 'Signed in with Google';
}

/** The user pool's username for the admin API: the ID token's `cognito:username` (an access token's `username`). */
export function cognitoUsername(event: Event): string {
  const username = claimText(event, 'cognito:username') ?? claimText(event, 'username');
  if (!username) throw unauthorized();
  return username;
}
