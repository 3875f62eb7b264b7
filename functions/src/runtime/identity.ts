import type { Role } from '@rent/shared';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { findMembership, profileTokensValidAfter, provisionFirstSignIn } from '../data/repositories/users.js';
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
 * No cache: every request reads the membership (users.findMembership), so a role change or a removal
 * takes effect on the person's very next request, in every container (docs/decisions.md).
 */
export async function resolveCaller(event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<Caller> {
  // Freshness first: a token from before "sign out of all devices" provisions nothing, even for a person who
  // belongs to no organization.
  const { membership, ...profile } = await resolvePerson(event);
  const { orgId, role } = membership ?? (await provisionFirstSignIn(profile));
  return { ...profile, orgId, role };
}

/** A signed-in person who may belong to no organization yet (routes with `membership: 'optional'`). */
export interface Person {
  userId: string;
  email: string;
  name: string | null;
  image: string | null;
  /** Their organization and role, or null: nothing is provisioned for them. */
  membership: { orgId: string; role: Role } | null;
}

/**
 * Like resolveCaller, without provisioning an organization: invitation acceptance runs for a person whose
 * first sign-in came through an invitation link. Tokens older than a sign-out-everywhere are refused as
 * everywhere (from the membership, or the profile when there is none).
 */
export async function resolvePerson(event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<Person> {
  const profile = claimsOf(event);
  const membership = await findMembership(profile.userId);
  const tokensValidAfter = membership ? membership.tokensValidAfter : await profileTokensValidAfter(profile.userId);
  assertTokenFresh(event, { orgId: '', userId: profile.userId, role: 'TENANT', tokensValidAfter });
  return { ...profile, membership: membership && { orgId: membership.orgId, role: membership.role } };
}
