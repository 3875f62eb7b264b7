import type { Role } from '@rent/shared';
import { keys } from '../keys.js';

/**
 * Item shapes (keys + attributes) for the identity side of the table. Pure: the repositories
 * write them, and the offline seed writes the same shapes.
 */

/**
 * How a person who deleted their account is named wherever they were shown: their name and email are erased from
 * every copy (docs/people.md "Account deletion").
 */
export const DELETED_ACCOUNT = 'A deleted account';

export interface Profile {
  userId: string;
  email: string;
  name: string | null;
  image: string | null;
}

export interface Membership {
  orgId: string;
  userId: string;
  role: Role;
  /** Epoch seconds of the person's last "sign out of all devices": tokens issued at or before it are refused. */
  tokensValidAfter?: number;
}

/** The time a profile or membership refuses tokens up to (epoch seconds); undefined when never signed out everywhere. */
export const tokensValidAfterOf = (item: Record<string, unknown> | undefined) =>
  typeof item?.tokensValidAfter === 'number' ? item.tokensValidAfter : undefined;

export interface OrganizationRecord {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export function organizationItem(org: OrganizationRecord) {
  return { ...keys.organization(org.id), type: 'Organization', ...org };
}

/**
 * A person's profile. `joinedOrgIds` (a string set) names every organization they joined, each added in the same
 * transaction as its membership: what "sign out of all devices" stamps (docs/people.md "Sign out of all devices").
 */
export function userItem(profile: Profile, now: string, joinedOrgIds: readonly string[] = []) {
  return {
    ...keys.user(profile.userId),
    ...keys.userByEmail(profile.email),
    type: 'User',
    id: profile.userId,
    email: profile.email.toLowerCase(),
    emailVerified: true,
    name: profile.name,
    image: profile.image,
    ...(joinedOrgIds.length > 0 && { joinedOrgIds: new Set(joinedOrgIds) }),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

export function membershipItem(m: Membership, now: string) {
  return {
    ...keys.membership(m.orgId, m.userId),
    ...keys.membershipByUser(m.userId, m.orgId),
    type: 'Membership',
    id: `${m.orgId}:${m.userId}`,
    orgId: m.orgId,
    organizationId: m.orgId,
    userId: m.userId,
    role: m.role,
    ...(m.tokensValidAfter !== undefined && { tokensValidAfter: m.tokensValidAfter }),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

/** Left behind by a membership that ended (left or removed): which organizations a person was ever in. */
export function formerMemberItem(orgId: string, userId: string, now: string) {
  return {
    ...keys.formerMember(orgId, userId),
    ...keys.formerMemberByUser(userId, orgId),
    type: 'FormerMember',
    orgId,
    userId,
    leftAt: now,
  };
}
