import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotAllowed, NotFound } from '../../domain-errors.js';
import { readOne } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { isConditionFailure, isTransactionConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { indexPrefixQuery, queryAll } from '../query.js';
import { STALE_READ_ATTEMPTS, type TransactItem } from '../transact.js';
import {
  type Membership,
  membershipItem,
  organizationItem,
  type Profile,
  tokensValidAfterOf,
  userItem,
} from './items.js';

export type { Membership, Profile };

/**
 * Any one membership of the person (provisioning's race check). Requests resolve theirs through
 * memberships.ts (the organization the request names, or the person's default).
 * GSI1 finds which organization (an index is eventually consistent), then a consistent GetItem of the
 * membership itself gives the role as it is now.
 */
export async function findMembership(userId: string): Promise<Membership | null> {
  const k = keys.membershipsOfUserPrefix(userId);
  const { Items = [] } = await db.send(
    new QueryCommand(indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix, { Limit: 1 })),
  );
  const found = Items[0];
  if (!found) return null;
  const { Item: item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.membership(found.orgId, userId), ConsistentRead: true }),
  );
  if (!item) return null;
  const membership: Membership = { orgId: item.orgId, userId: item.userId, role: item.role };
  if (typeof item.tokensValidAfter === 'number') membership.tokensValidAfter = item.tokensValidAfter;
  return membership;
}

/** The user id of the person with this email, if they have ever signed in (GSI1 EMAIL#e). */
export async function findUserIdByEmail(email: string): Promise<string | null> {
  const k = keys.userByEmail(email);
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :sk',
      ExpressionAttributeValues: { ':pk': k.GSI1PK, ':sk': k.GSI1SK },
      Limit: 1,
    }),
  );
  return (Items[0]?.id as string | undefined) ?? null;
}

/** The profile's `tokensValidAfter` (sign out of all devices), for a person who belongs to no organization. */
export async function profileTokensValidAfter(userId: string): Promise<number | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }),
  );
  return tokensValidAfterOf(Item);
}

/** An organization with its first member, an ADMIN (its counters already count them: the last-admin rules). */
function newOrganizationOps(name: string, membership: Membership, now: string) {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...organizationItem({ id: membership.orgId, name, createdAt: now, updatedAt: now, version: 1 }),
          // The counters the last-admin rules are conditioned on (data/people/members.ts).
          memberCount: 1,
          adminCount: 1,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    { Put: { TableName: tableName(), Item: membershipItem(membership, now) } },
  ];
}

const NO_ORGANIZATION_MESSAGE =
  'You are not a member of any organization. Create an organization, or accept an invitation to join one.';

/**
 * First sign-in: the user, a new organization and an ADMIN membership, in one transaction.
 * The user item's condition makes concurrent first requests safe: the loser re-reads the
 * winner's membership instead of making a second organization. A person who signed in before and belongs to no
 * organization any more (removed, or left their last one) is NOT given one: 403 NO_ORGANIZATION, so nobody lands
 * as ADMIN of an empty organization without asking; they create one (createOrganizationFor) or accept an invitation.
 */
export async function provisionFirstSignIn(profile: Profile): Promise<Membership> {
  const now = new Date().toISOString();
  const displayName = profile.name?.trim() || profile.email.split('@')[0];
  const membership: Membership = { orgId: randomUUID(), userId: profile.userId, role: 'ADMIN' };
  const newUser = {
    Put: {
      TableName: tableName(),
      Item: userItem(profile, now, [membership.orgId]),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [newUser, ...newOrganizationOps(`${displayName}'s Organization`, membership, now)],
      }),
    );
    return membership;
  } catch (error) {
    if (!isTransactionConditionFailure(error)) throw error;
    const existing = await findMembership(profile.userId);
    if (existing) return existing;
    throw new NotAllowed(NO_ORGANIZATION_MESSAGE, 'NO_ORGANIZATION');
  }
}

/**
 * A new organization the person asked for (POST /api/organizations), with them as its ADMIN, in one transaction.
 * Its membership carries their "sign out of all devices" time, or tokens from before it would work again there; a
 * person who never had a profile (signed in only through an invitation link) gets one in the same transaction, and
 * one who has is recorded as joining it (`joinedOnProfile`). A profile that changed since it was read (made
 * meanwhile, or signed out everywhere) is read again.
 */
export async function createOrganizationFor(profile: Profile, name: string): Promise<Membership> {
  for (let attempt = 1; ; attempt++) {
    const now = new Date().toISOString();
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName(), Key: keys.user(profile.userId), ConsistentRead: true }),
    );
    const tokensValidAfter = tokensValidAfterOf(Item);
    const membership: Membership = {
      orgId: randomUUID(),
      userId: profile.userId,
      role: 'ADMIN',
      ...(tokensValidAfter !== undefined && { tokensValidAfter }),
    };
    const profileOp: TransactItem = Item
      ? joinedOnProfile(profile.userId, membership.orgId, tokensValidAfter)
      : {
          Put: {
            TableName: tableName(),
            Item: userItem(profile, now, [membership.orgId]),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        };
    try {
      await db.send(
        new TransactWriteCommand({ TransactItems: [profileOp, ...newOrganizationOps(name, membership, now)] }),
      );
      return membership;
    } catch (error) {
      // Only the profile's condition can fail (the ids are new).
      if (!isTransactionConditionFailure(error) || attempt >= STALE_READ_ATTEMPTS) throw error;
    }
  }
}

/**
 * The profile's part of a new membership's transaction: the organization joins `joinedOrgIds`, on condition that
 * `tokensValidAfter` is still what the membership copied. So a membership is either written before a sign-out
 * everywhere stamps the profile (and the stamp, reading the list after it, finds it) or after (and carries the new
 * time): never missed. A failed condition means the profile changed since it was read: read it again.
 */
export function joinedOnProfile(
  userId: string,
  orgId: string,
  copiedTokensValidAfter: number | undefined,
): TransactItem {
  const never = copiedTokensValidAfter === undefined; // never signed out everywhere
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: 'ADD joinedOrgIds :org',
      ConditionExpression: never
        ? 'attribute_exists(PK) AND attribute_not_exists(tokensValidAfter)'
        : 'attribute_exists(PK) AND tokensValidAfter = :t',
      ExpressionAttributeValues: {
        ':org': new Set([orgId]),
        ...(!never && { ':t': copiedTokensValidAfter }),
      },
    },
  };
}

/**
 * "Sign out of all devices": stamps `tokensValidAfter` (epoch seconds) on the person's profile, then on every
 * membership, because the identity lookup reads a membership on each request (no extra call). The memberships are
 * the organizations the profile lists as joined, read consistently after its stamp (a membership written after the
 * stamp copied it: `joinedOnProfile`), and those the membership index finds (memberships written before profiles
 * kept the list). Only this attribute changes, and only upwards, so it needs no version check and races with
 * nothing: a role change or a second sign-out-everywhere keeps its own effect.
 */
export async function setTokensValidAfter(userId: string, epochSeconds: number): Promise<void> {
  const k = keys.membershipsOfUserPrefix(userId);
  const [profile, indexed] = await Promise.all([
    stampTokensValidAfter(keys.user(userId), epochSeconds).then(() =>
      db.send(new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true })),
    ),
    queryAll(indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix)),
  ]);
  const joined = (profile.Item?.joinedOrgIds as Set<string> | undefined) ?? new Set<string>();
  const orgIds = new Set([...joined, ...indexed.map((m) => String(m.orgId))]);
  await Promise.all([...orgIds].map((orgId) => stampTokensValidAfter(keys.membership(orgId, userId), epochSeconds)));
}

/** Moves one item's `tokensValidAfter` up to the time; gone meanwhile, or already later: nothing to do. */
async function stampTokensValidAfter(key: Record<string, string>, epochSeconds: number): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET tokensValidAfter = :t',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(tokensValidAfter) OR tokensValidAfter < :t)',
        ExpressionAttributeValues: { ':t': epochSeconds },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** What a notification needs of a person: where to write and which kinds they turned off. */
export interface NotificationProfile {
  userId: string;
  email: string;
  name: string | null;
  notificationsOff: string[];
}

/** The person's profile as notifications see it; null when there is none (never signed in, or deleted). */
export async function getNotificationProfile(userId: string): Promise<NotificationProfile | null> {
  const item = await readOne(keys.user(userId));
  if (!item || item.deletedAt || !item.email) return null;
  return {
    userId,
    email: String(item.email),
    name: (item.name as string | null | undefined) ?? null,
    notificationsOff: Array.isArray(item.notificationsOff) ? (item.notificationsOff as string[]) : [],
  };
}

/**
 * Replaces the kinds of notification email this person turned off (`notificationsOff` on their profile; absent =
 * all on, so a kind added later starts on). Only this attribute changes and the person writes only their own,
 * so the last save wins without a version check; the profile's version still moves. A missing profile: NotFound.
 */
export async function setNotificationsOff(userId: string, off: string[]): Promise<string[]> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET notificationsOff = :off, updatedAt = :now ADD version :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':off': off, ':now': new Date().toISOString(), ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return (Attributes?.notificationsOff as string[] | undefined) ?? [];
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound('Profile');
    throw error;
  }
}
