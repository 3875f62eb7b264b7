import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@rent/shared';
import { Conflict, NotFound } from '../../domain-errors.js';
import { batchGet } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import { STALE_READ_ATTEMPTS, StaleRead, type TransactItem, type TransactOp, transact } from '../transact.js';
import {
  DELETED_ACCOUNT,
  formerMemberItem,
  membershipItem,
  type Profile,
  tokensValidAfterOf,
  userItem,
} from './items.js';
import { joinedOnProfile } from './users.js';

/**
 * The members of an organization: its Membership items (ORG#o / MEMBER#u) with each person's profile.
 *
 * The organization item keeps two counters, `memberCount` and `adminCount`, changed in the same
 * TransactWriteItems as every membership write, so the rules "the last ADMIN can be neither removed nor
 * demoted" and "the last ADMIN may not leave while others remain" are conditions on that one item:
 * two concurrent demotions cannot both pass (DynamoDB transactions are serializable). Organizations made
 * before the counters existed get them on first use (ensureCounters), counted from a consistent read.
 */
export interface MemberRecord {
  userId: string;
  name: string | null;
  email: string;
  role: Role;
  joinedAt: string;
  version: number;
}

export interface OrganizationCounts {
  name: string;
  memberCount: number;
  adminCount: number;
}

export const LAST_ADMIN = 'LAST_ADMIN';
const lastAdmin = () =>
  new Conflict(LAST_ADMIN, 'The organization needs at least one admin. Make someone else an admin first.');
const lastAdminLeaving = () =>
  new Conflict(
    LAST_ADMIN,
    'You are the last admin of this organization and others are still in it. Make someone else an admin first.',
  );
const memberChanged = () =>
  new Conflict('CONFLICT', 'This member was changed by someone else at the same time. Reload and try again.');
const callerChanged = () =>
  new Conflict('CONFLICT', 'Your own role in this organization has changed. Reload and try again.');

const memberPrefix = 'MEMBER#';

/** Every member of the organization, with name and email, in the order they joined. */
export async function listMembers(orgId: string): Promise<MemberRecord[]> {
  const memberships = await queryAll(
    prefixQuery(tableName(), keys.organization(orgId).PK, memberPrefix, { ConsistentRead: true }),
  );
  const profiles = await profilesOf(memberships.map((m) => m.userId as string));
  return memberships
    .map((m) => toRecord(m, profiles.get(m.userId as string)))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId));
}

/** One member of the caller's organization; a person of another organization is NotFound. */
export async function getMember(orgId: string, userId: string): Promise<MemberRecord> {
  const [{ Item }, profiles] = await Promise.all([
    db.send(new GetCommand({ TableName: tableName(), Key: keys.membership(orgId, userId), ConsistentRead: true })),
    profilesOf([userId]),
  ]);
  if (!Item) throw new NotFound('Member');
  return toRecord(Item, profiles.get(userId));
}

/**
 * The organization's name and counters, writing the counters first if this organization predates them.
 * Safe against concurrent membership writes: every such write requires the counters to exist, so none
 * can happen between the count and the conditional SET (and a concurrent first use simply loses the SET).
 */
export async function ensureCounters(orgId: string): Promise<OrganizationCounts> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.organization(orgId), ConsistentRead: true }),
  );
  if (!Item) throw new NotFound('Organization');
  if (typeof Item.memberCount === 'number' && typeof Item.adminCount === 'number') {
    return { name: Item.name, memberCount: Item.memberCount, adminCount: Item.adminCount };
  }
  const members = await queryAll(
    prefixQuery(tableName(), keys.organization(orgId).PK, memberPrefix, {
      ProjectionExpression: '#role',
      ExpressionAttributeNames: { '#role': 'role' },
      ConsistentRead: true,
    }),
  );
  const counts = { memberCount: members.length, adminCount: members.filter((m) => m.role === 'ADMIN').length };
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(orgId),
        UpdateExpression: 'SET memberCount = :m, adminCount = :a',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(memberCount)',
        ExpressionAttributeValues: { ':m': counts.memberCount, ':a': counts.adminCount },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return ensureCounters(orgId);
  }
  return { name: Item.name, ...counts };
}

/** The caller must still hold the role they were resolved with when the write lands. */
export interface Actor {
  userId: string;
  role: Role;
}

/** Changes a member's role; the counter guards the last ADMIN, the version guards a concurrent change. */
export async function changeRole(
  orgId: string,
  member: MemberRecord,
  role: Role,
  actor: Actor,
  opts: { alsoWrite?: TransactOp[] } = {},
): Promise<void> {
  const adminDelta = (role === 'ADMIN' ? 1 : 0) - (member.role === 'ADMIN' ? 1 : 0);
  const now = new Date().toISOString();
  await transact([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.membership(orgId, member.userId),
          UpdateExpression: 'SET #role = :role, updatedAt = :now ADD version :one',
          ConditionExpression: 'version = :version AND #role = :old',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':role': role,
            ':old': member.role,
            ':now': now,
            ':one': 1,
            ':version': member.version,
          },
        },
      },
      onConditionFailure: memberChanged,
    },
    { item: actorCheck(orgId, actor), onConditionFailure: callerChanged },
    { item: counterUpdate(orgId, 0, adminDelta), onConditionFailure: lastAdmin },
    ...(opts.alsoWrite ?? []),
  ]);
}

/**
 * Removes a member (someone else): their membership goes, with the counters, in one transaction, leaving a former
 * member record behind (account deletion's list of the organizations a person was in).
 */
export async function removeMember(
  orgId: string,
  member: MemberRecord,
  actor: Actor,
  opts: { alsoWrite?: TransactOp[] } = {},
): Promise<void> {
  await transact([
    { item: membershipDelete(orgId, member), onConditionFailure: memberChanged },
    { item: actorCheck(orgId, actor), onConditionFailure: callerChanged },
    { item: counterUpdate(orgId, -1, member.role === 'ADMIN' ? -1 : 0), onConditionFailure: lastAdmin },
    { item: formerMemberPut(orgId, member.userId) },
    ...(opts.alsoWrite ?? []),
  ]);
}

/** The caller leaves: refused while they are the last ADMIN and anyone else remains. A former member record stays. */
export async function leave(
  orgId: string,
  member: MemberRecord,
  opts: { alsoWrite?: TransactOp[] } = {},
): Promise<void> {
  const counter = counterUpdate(orgId, -1, member.role === 'ADMIN' ? -1 : 0, { sole: true });
  await transact([
    { item: membershipDelete(orgId, member), onConditionFailure: memberChanged },
    { item: counter, onConditionFailure: lastAdminLeaving },
    { item: formerMemberPut(orgId, member.userId) },
    ...(opts.alsoWrite ?? []),
  ]);
}

/** The record an ended membership leaves (written again if the person leaves again). */
function formerMemberPut(orgId: string, userId: string): TransactItem {
  return { Put: { TableName: tableName(), Item: formerMemberItem(orgId, userId, new Date().toISOString()) } };
}

/**
 * Puts a person into an organization with a role (the user's profile too, unless it exists), with the
 * counters, refusing a person already a member. The membership copies the profile's `tokensValidAfter`
 * (sign out of all devices), as every membership does, and the profile records the organization as joined in the
 * same transaction, on condition that the time copied is still the profile's (`joinedOnProfile`): a sign-out
 * everywhere in between sends it back to read the profile again. `alsoWrite` joins the same TransactWriteItems:
 * invitation acceptance marks its invitation ACCEPTED there, so exactly one of concurrent accepts wins.
 */
export async function addMember(
  orgId: string,
  profile: Profile,
  role: Role,
  opts: { alsoWrite?: TransactOp[] } = {},
): Promise<void> {
  await ensureCounters(orgId);
  const now = new Date().toISOString();
  for (let attempt = 1; ; attempt++) {
    const tokensValidAfter = await profileForJoining(profile, now);
    try {
      await transact([
        ...(opts.alsoWrite ?? []),
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: membershipItem({ orgId, userId: profile.userId, role, tokensValidAfter }, now),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          onConditionFailure: () => new Conflict('ALREADY_MEMBER', 'That person is already a member.'),
        },
        { item: counterUpdate(orgId, 1, role === 'ADMIN' ? 1 : 0) },
        {
          item: joinedOnProfile(profile.userId, orgId, tokensValidAfter),
          onConditionFailure: () => new StaleRead(),
        },
      ]);
      return;
    } catch (error) {
      if (!(error instanceof StaleRead) || attempt >= STALE_READ_ATTEMPTS) throw error;
    }
  }
}

/** Makes the person's profile unless it exists; the `tokensValidAfter` a new membership of theirs copies. */
async function profileForJoining(profile: Profile, now: string): Promise<number | undefined> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: userItem(profile, now),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // the person has signed in before: keep their profile
  }
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.user(profile.userId), ConsistentRead: true }),
  );
  return tokensValidAfterOf(Item);
}

function membershipDelete(orgId: string, member: MemberRecord): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: keys.membership(orgId, member.userId),
      ConditionExpression: 'version = :version AND #role = :role',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':version': member.version, ':role': member.role },
    },
  };
}

function actorCheck(orgId: string, actor: Actor): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.membership(orgId, actor.userId),
      ConditionExpression: '#role = :role',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': actor.role },
    },
  };
}

/**
 * ADD to the organization's counters. Taking an admin away requires another admin to remain; with
 * `sole`, it may instead be the organization's only member (a person leaving an organization of one).
 */
function counterUpdate(orgId: string, memberDelta: number, adminDelta: number, opts: { sole?: boolean } = {}) {
  const conditions = ['attribute_exists(memberCount)', 'attribute_exists(adminCount)'];
  const values: Record<string, number> = { ':m': memberDelta, ':a': adminDelta };
  if (adminDelta < 0) {
    conditions.push(opts.sole ? '(adminCount > :oneAdmin OR memberCount = :oneMember)' : 'adminCount > :oneAdmin');
    values[':oneAdmin'] = 1;
    if (opts.sole) values[':oneMember'] = 1;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: keys.organization(orgId),
      UpdateExpression: 'ADD memberCount :m, adminCount :a',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    },
  } satisfies TransactItem;
}

/** A person as reports name them: their profile's name and email, either null when unknown. */
export const nameAndEmail = (profile: Record<string, unknown> | undefined) => ({
  name: (profile?.name as string | null | undefined) ?? null,
  email: (profile?.email as string | null | undefined) ?? null,
});

/**
 * Profiles by user id (consistent BatchGetItems, `batchGet`). A deleted account's profile answers
 * with the name "A deleted account" and no email, so every screen that names people by their profile shows that.
 */
export async function profilesOf(userIds: string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const item of await batchGet(userIds.map((id) => keys.user(id)))) {
    found.set(item.id as string, item.deletedAt ? { ...item, name: DELETED_ACCOUNT, email: null } : item);
  }
  return found;
}

function toRecord(membership: Record<string, unknown>, profile: Record<string, unknown> | undefined): MemberRecord {
  return {
    userId: membership.userId as string,
    name: (profile?.name as string | null | undefined) ?? null,
    email: (profile?.email as string | undefined) ?? '',
    role: membership.role as Role,
    joinedAt: membership.createdAt as string,
    version: membership.version as number,
  };
}
