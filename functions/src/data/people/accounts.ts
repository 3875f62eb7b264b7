import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFound } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { indexPrefixQuery, type Key, queryAll } from '../query.js';
import { type TransactOp, transact } from '../transact.js';
import { profilesOf } from './members.js';

/**
 * Account deletion's reads, its progress and the profile's anonymisation (docs/people.md "Account deletion"). Leaving
 * each organization goes through the members repository (its counters guard the last ADMIN); erasing the person's
 * copies is data/people/erasure.ts and data/maintenance/erasure.ts.
 */

/** The organization ids of every membership (GSI1 USER#u / ORG#o: one Query). */
export async function organizationIdsOf(userId: string): Promise<string[]> {
  const k = keys.membershipsOfUserPrefix(userId);
  const items = await queryAll(
    indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix, { ProjectionExpression: 'orgId' }),
  );
  return [...new Set(items.map((item) => String(item.orgId)))];
}

/** The organizations the person left or was removed from (GSI1 USER#u / FORMERORG#o: one Query). */
export async function formerOrganizationIdsOf(userId: string): Promise<string[]> {
  const k = keys.formerOrganizationsOfUserPrefix(userId);
  const items = await queryAll(
    indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix, { ProjectionExpression: 'orgId' }),
  );
  return [...new Set(items.map((item) => String(item.orgId)))];
}

/** The organizations where the person has or had a lease (GSI1 USER#u / TENANCY#: one Query). */
export async function leaseOrganizationIdsOf(userId: string): Promise<string[]> {
  const k = keys.tenanciesOfUserPrefix(userId);
  const items = await queryAll(
    indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix, { ProjectionExpression: 'organizationId' }),
  );
  return [...new Set(items.map((item) => String(item.organizationId)))];
}

/**
 * Which of these user ids are deleted accounts: readers that show a name or email copied at the time show "A deleted
 * account" for them instead (a deletion under way, or one made before its copies were erased).
 */
export async function deletedAccountsAmong(userIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds.filter(Boolean))];
  if (ids.length === 0) return new Set();
  const profiles = await profilesOf(ids);
  return new Set(ids.filter((id) => profiles.get(id)?.deletedAt));
}

/**
 * What the person deleting their account needs to know of this profile: null when it is already deleted or
 * never existed.
 */
export async function activeProfile(
  userId: string,
): Promise<{ email: string; name: string | null; createdAt: string | null } | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }),
  );
  if (!Item || Item.deletedAt) return null;
  return {
    email: String(Item.email ?? '').toLowerCase(),
    name: (Item.name as string | null | undefined) ?? null,
    createdAt: typeof Item.createdAt === 'string' ? Item.createdAt : null,
  };
}

/**
 * How far a deletion got (USER#u / ERASURE): the organizations whose copies it erases and those it purges, recorded
 * before any membership ends, the steps finished, and where the current step's Query stopped. Holds ids only; it
 * goes in the same write that anonymises the profile.
 */
export interface ErasureProgress {
  startedAt: string;
  orgIds: string[];
  purgeOrgIds: string[];
  done: Set<string>;
  step: string | null;
  cursor: Key | undefined;
}

async function readErasure(userId: string): Promise<ErasureProgress | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.accountErasure(userId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const list = (value: unknown) => (value instanceof Set ? [...value].map(String).sort() : []);
  return {
    startedAt: String(Item.startedAt),
    orgIds: list(Item.orgIds),
    purgeOrgIds: list(Item.purgeOrgIds),
    done: new Set(list(Item.done)),
    step: typeof Item.step === 'string' ? Item.step : null,
    cursor: (Item.cursor as Key | undefined) ?? undefined,
  };
}

/**
 * Adds organizations to the deletion's progress (creating it), and answers the progress. A progress older than
 * `restartBefore` (a deletion abandoned long ago: copies may have been made since) starts its steps over.
 */
export async function recordErasure(
  userId: string,
  add: { orgIds: string[]; purgeOrgIds: string[] },
  now: string,
  restartBefore: string,
): Promise<ErasureProgress> {
  const existing = await readErasure(userId);
  const restart = existing !== null && existing.startedAt < restartBefore;
  const sets = [
    '#type = :type',
    'userId = :user',
    restart ? 'startedAt = :now' : 'startedAt = if_not_exists(startedAt, :now)',
  ];
  const adds: string[] = [];
  const values: Record<string, unknown> = { ':type': 'AccountErasure', ':user': userId, ':now': now };
  if (add.orgIds.length > 0) {
    adds.push('orgIds :orgs');
    values[':orgs'] = new Set(add.orgIds);
  }
  if (add.purgeOrgIds.length > 0) {
    adds.push('purgeOrgIds :purges');
    values[':purges'] = new Set(add.purgeOrgIds);
  }
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.accountErasure(userId),
      UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}${restart ? ' REMOVE #done, #step, #cursor' : ''}`,
      ExpressionAttributeNames: {
        '#type': 'type',
        ...(restart && { '#done': 'done', '#step': 'step', '#cursor': 'cursor' }),
      },
      ExpressionAttributeValues: values,
    }),
  );
  return (await readErasure(userId))!;
}

/** One page of a step is done: where its Query goes on, or (no `next`) the step is finished. */
export async function saveErasureStep(userId: string, stepId: string, next: Key | undefined): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.accountErasure(userId),
      ...(next
        ? {
            UpdateExpression: 'SET #step = :step, #cursor = :cursor',
            ExpressionAttributeNames: { '#step': 'step', '#cursor': 'cursor' },
            ExpressionAttributeValues: { ':step': stepId, ':cursor': next },
          }
        : {
            UpdateExpression: 'ADD #done :done REMOVE #step, #cursor',
            ExpressionAttributeNames: { '#done': 'done', '#step': 'step', '#cursor': 'cursor' },
            ExpressionAttributeValues: { ':done': new Set([stepId]) },
          }),
    }),
  );
}

/**
 * The profile's deletedAt, deletedBy, deletionReason (docs/people.md "Account deletion"). The profile stays (so its
 * security log and the tokens cutoff stay meaningful) but says nothing about the person: email, name, picture, the
 * email index entry, the notification choices and the organizations joined go. `tokensValidAfter` refuses every token
 * issued up to the deletion at once. The deletion's progress goes in the same TransactWriteItems, with `alsoWrite`
 * (the security-log entry), so the deletion ends exactly once.
 */
export async function anonymiseProfile(
  userId: string,
  deletion: { deletedAt: string; deletedBy: string; deletionReason: string; tokensValidAfter: number },
  alsoWrite: TransactOp[] = [],
): Promise<void> {
  await transact([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.user(userId),
          UpdateExpression:
            'SET deletedAt = :at, deletedBy = :by, deletionReason = :reason, tokensValidAfter = :t, updatedAt = :at, ' +
            '#name = :null, image = :null, email = :none ' +
            'REMOVE GSI1PK, GSI1SK, notificationsOff, emailVerified, joinedOrgIds ADD version :one',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':at': deletion.deletedAt,
            ':by': deletion.deletedBy,
            ':reason': deletion.deletionReason,
            ':t': deletion.tokensValidAfter,
            ':null': null,
            ':none': '',
            ':one': 1,
          },
        },
      },
      onConditionFailure: () => new NotFound('Account', { message: 'This account was already deleted.' }),
    },
    { item: { Delete: { TableName: tableName(), Key: keys.accountErasure(userId) } } },
    ...alsoWrite,
  ]);
}
