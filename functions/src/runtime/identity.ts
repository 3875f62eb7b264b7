import { ORGANIZATION_HEADER, type Role } from '@rent/shared';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { ConsistentRead } from '../data/batchGet.js';
import { deletedAccountsAmong } from '../data/people/accounts.js';
import { type DefaultChoice, defaultMembership, getMembership } from '../data/people/memberships.js';
import { profileTokensValidAfter, provisionFirstSignIn } from '../data/people/users.js';
import { NotAllowed } from '../domain-errors.js';
import { badRequest, unauthorized } from './errors.js';
import { ACCOUNT_DELETED_MESSAGE, assertTokenFresh } from './token-freshness.js';

/** Who is calling, resolved from the verified token and their membership. */
export interface Caller {
  userId: string;
  email: string;
  name: string | null;
  orgId: string;
  role: Role;
  /**
   * This request is an ADMIN's explicit override of a closed period (the override header, honoured from an
   * ADMIN only): its ledger writes may touch closed dates, and their audit entries say so.
   */
  overridesClosedPeriod?: boolean;
  /** The person's calendar day where they are (runtime/http.ts sets it from the web's header; lib/today.ts). */
  today?: string;
}

/**
 * Reads the JWT claims API Gateway verified. Claims arrive as strings (arrays as "[a b]").
 * The user id is the token's `sub`; the organization comes from a membership, never from the client alone.
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

const ORGANIZATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const NOT_A_MEMBER_MESSAGE =
  'You are not a member of that organization. Choose one of your organizations from the profile menu.';

/** The organization the request names, or null; a malformed value is a 400 (never a DynamoDB key error). */
export function chosenOrganization(event: APIGatewayProxyEventV2WithJWTAuthorizer): string | null {
  const value = event.headers?.[ORGANIZATION_HEADER]?.trim();
  if (!value) return null;
  if (!ORGANIZATION_ID.test(value)) throw badRequest(`The ${ORGANIZATION_HEADER} header is not an organization id.`);
  return value;
}

/**
 * Every request reads the membership of the organization it acts in, consistently: with the header ONE GetItem of
 * that membership; without it the person's default (memberships.defaultMembership), which after the first request
 * in this container is ONE BatchGetItem of the profile and the membership chosen last time. So a role change, a
 * removal or a sign-out-everywhere takes effect on the person's very next request, in every organization and every
 * container. A header naming an organization the person is not a member of answers 403 NOT_A_MEMBER, the same for
 * one that does not exist; it never provisions. Only a person signing in for the first time, with no header, is
 * provisioned an organization of their own; one who was in organizations and is in none now is 403 NO_ORGANIZATION.
 * `read` makes that first read (a GET's may ride along its handler's batch read, runtime/http.ts).
 */
export async function resolveCaller(
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  read?: ConsistentRead,
): Promise<Caller> {
  const profile = claimsOf(event);
  const chosen = chosenOrganization(event);
  const seenAs = resolvedKey(profile.userId, chosen);
  if (chosen) {
    const membership = await getMembership(chosen, profile.userId, read);
    if (!membership) {
      lastResolved.delete(seenAs);
      // A token from before "sign out of all devices" is told so first, whatever it names.
      await assertFreshWithoutMembership(event, profile.userId, await profileTokensValidAfter(profile.userId));
      throw new NotAllowed(NOT_A_MEMBER_MESSAGE, 'NOT_A_MEMBER');
    }
    assertFresh(event, profile.userId, membership.tokensValidAfter, seenAs);
    remember(seenAs, { orgId: membership.orgId, role: membership.role, choice: null });
    return { ...withoutImage(profile), orgId: membership.orgId, role: membership.role };
  }
  const found = await defaultMembership(profile.userId, lastResolved.get(seenAs)?.choice ?? undefined, read);
  const { membership } = found;
  // Freshness first: a token from before "sign out of all devices" provisions nothing.
  if (membership) assertFresh(event, profile.userId, membership.tokensValidAfter, seenAs);
  if (!membership) {
    lastResolved.delete(seenAs);
    await assertFreshWithoutMembership(event, profile.userId, found.profileTokensValidAfter);
    const { orgId, role } = await provisionFirstSignIn(profile);
    return { ...withoutImage(profile), orgId, role };
  }
  remember(seenAs, { orgId: membership.orgId, role: membership.role, choice: found.choice });
  return { ...withoutImage(profile), orgId: membership.orgId, role: membership.role };
}

/**
 * What this container last resolved per person and organization header (none: ''), bounded like the sign-in
 * sessions. A guess, never an answer: it names the membership the default lookup checks first, and the caller a
 * read-only route may start with while that check runs (runtime/http.ts), whose answer is released only when the
 * check confirms the same organization and role.
 */
const lastResolved = new Map<string, { orgId: string; role: Role; choice: DefaultChoice | null }>();
const resolvedKey = (userId: string, chosen: string | null) => `${userId}\n${chosen ?? ''}`;

function remember(key: string, resolved: { orgId: string; role: Role; choice: DefaultChoice | null }) {
  if (lastResolved.size >= 5000 && !lastResolved.has(key)) lastResolved.clear();
  lastResolved.set(key, resolved);
}

/** Forgets every caller seen, as a new container starts (unit tests run many "first" requests in one module). */
export function forgetResolvedCallers(): void {
  lastResolved.clear();
}

/** The caller this container resolved last for the same person and header, or null (see `lastResolved`). */
export function expectedCaller(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller | null {
  const profile = claimsOf(event);
  const seen = lastResolved.get(resolvedKey(profile.userId, chosenOrganization(event)));
  return seen ? { ...withoutImage(profile), orgId: seen.orgId, role: seen.role } : null;
}

const withoutImage = ({ image: _image, ...rest }: ReturnType<typeof claimsOf>) => rest;

function assertFresh(
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  userId: string,
  tokensValidAfter: number | undefined,
  seenAs?: string,
) {
  try {
    assertTokenFresh(event, { orgId: '', userId, role: 'TENANT', tokensValidAfter });
  } catch (error) {
    if (seenAs !== undefined) lastResolved.delete(seenAs);
    throw error;
  }
}

/**
 * Freshness for a person with no membership to read it from: the profile's. A refused token of a deleted account
 * (its deletion moved `tokensValidAfter` too) is told that the account was deleted, not that they signed out
 * everywhere; the extra read happens only on that refusal.
 */
async function assertFreshWithoutMembership(
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  userId: string,
  tokensValidAfter: number | undefined,
) {
  try {
    assertFresh(event, userId, tokensValidAfter);
  } catch (error) {
    if ((await deletedAccountsAmong([userId])).has(userId)) throw unauthorized(ACCOUNT_DELETED_MESSAGE);
    throw error;
  }
}

/** A signed-in person who may belong to no organization yet (routes with `membership: 'optional'`). */
export interface Person {
  userId: string;
  email: string;
  name: string | null;
  image: string | null;
  /** The person's calendar day where they are (runtime/http.ts, lib/today.ts). */
  today?: string;
}

/**
 * Like resolveCaller, without choosing or provisioning an organization: invitation acceptance (a first
 * sign-in may come through an invitation link) and switching organization check the memberships they need
 * themselves. Tokens older than a sign-out-everywhere are refused as everywhere (the profile carries the time).
 */
export async function resolvePerson(event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<Person> {
  const profile = claimsOf(event);
  await assertFreshWithoutMembership(event, profile.userId, await profileTokensValidAfter(profile.userId));
  return profile;
}
