import type { Role } from '@rent/shared';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { findMembership, provisionFirstSignIn } from '../data/repositories/users.js';
import { config } from '../lib/config.js';
import { unauthorized } from './errors.js';
import { assertTokenFresh } from './token-freshness.js';

/** Who is calling, resolved from the verified token and their membership. */
export interface Caller {
  userId: string;
  email: string;
  name: string | null;
  orgId: string;
  role: Role;
}

/**
 * Reads the JWT claims API Gateway verified. Claims arrive as strings (arrays as "[a b]").
 * The user id is the token's `sub`; the organization always comes from the membership, never
 * from anything the client sends.
 */
export function claimsOf(event: APIGatewayProxyEventV2WithJWTAuthorizer) {
  const claims = event.requestContext?.authorizer?.jwt?.claims ?? {};
  const str = (name: string) => {
    const v = claims[name];
    return typeof v === 'string' && v.length > 0 ? v : null;
  };
  const sub = str('sub');
  const email = str('email');
  if (!sub || !email) throw unauthorized();
  return { userId: sub, email: email.toLowerCase(), name: str('name'), image: str('picture') };
}

/**
 * A warm container remembers a resolved membership for IDENTITY_CACHE_MS (30 s by default), so a
 * request costs one DynamoDB call for its data instead of two. A role change or removal therefore
 * takes effect within that window; the cache is per container and never shared.
 */
const cache = new Map<string, { caller: Caller; until: number }>();

export async function resolveCaller(event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<Caller> {
  const profile = claimsOf(event);
  const hit = cache.get(profile.userId);
  if (hit && hit.until > Date.now()) return hit.caller;

  const membership = (await findMembership(profile.userId)) ?? (await provisionFirstSignIn(profile));
  assertTokenFresh(event, membership);
  const caller: Caller = { ...profile, orgId: membership.orgId, role: membership.role };
  const ttl = config().IDENTITY_CACHE_MS;
  if (ttl > 0) {
    if (cache.size > 1000) cache.clear();
    cache.set(profile.userId, { caller, until: Date.now() + ttl });
  }
  return caller;
}

/** For tests and for writes that change a membership in this container. */
export const forgetCaller = (userId?: string) => (userId ? cache.delete(userId) : cache.clear());
