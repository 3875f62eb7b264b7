import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys, orgPk } from '../keys.js';
import { type Item, queryAll, queryPage } from '../query.js';

/**
 * An organization's purge (account deletion of its only member): its progress item PURGE#o / PURGE, and the
 * deletion of its items, a page at a time. Every step is idempotent and the partition shrinks as it goes, so
 * a run that stopped (timeout, crash) continues by simply running again: each page is read from the start.
 */
export type PurgePhase = 'PENDING' | 'TABLE' | 'OBJECTS' | 'DONE' | 'CANCELLED';

export interface PurgeState {
  orgId: string;
  status: PurgePhase;
  requestedAt: string;
  deletedItems: number;
  deletedObjects: number;
  runs: number;
  finishedAt?: string;
  note?: string;
}

const KEEP_SECONDS = 365 * 24 * 3600;

/** Records the request once (a second request of the same purge keeps the first). */
export async function requestPurge(orgId: string, at: string): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.orgPurge(orgId),
          type: 'OrgPurge',
          orgId,
          status: 'PENDING',
          requestedAt: at,
          deletedItems: 0,
          deletedObjects: 0,
          runs: 0,
          ttl: Math.floor(Date.parse(at) / 1000) + KEEP_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function getPurge(orgId: string): Promise<PurgeState | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.orgPurge(orgId), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    orgId,
    status: Item.status,
    requestedAt: Item.requestedAt,
    deletedItems: Item.deletedItems ?? 0,
    deletedObjects: Item.deletedObjects ?? 0,
    runs: Item.runs ?? 0,
    ...(Item.finishedAt && { finishedAt: Item.finishedAt }),
    ...(Item.note && { note: Item.note }),
  };
}

/** Moves the progress: a new phase and what was deleted since the last save. */
export async function savePurgeProgress(
  orgId: string,
  progress: { status: PurgePhase; items?: number; objects?: number; run?: boolean; note?: string },
): Promise<void> {
  const done = progress.status === 'DONE' || progress.status === 'CANCELLED';
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.orgPurge(orgId),
      UpdateExpression: `SET #status = :status, updatedAt = :now${done ? ', finishedAt = :now' : ''}${
        progress.note ? ', note = :note' : ''
      } ADD deletedItems :items, deletedObjects :objects, runs :runs`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': progress.status,
        ':now': new Date().toISOString(),
        ':items': progress.items ?? 0,
        ':objects': progress.objects ?? 0,
        ':runs': progress.run ? 1 : 0,
        ...(progress.note && { ':note': progress.note }),
      },
    }),
  );
}

/**
 * Deletes the Organization item first, and only while nobody belongs to it: from then on no invitation can be
 * accepted into it (members.addMember needs the item). Not closed when someone joined meanwhile: purge nothing.
 * Idempotent: an item already gone counts as done.
 */
export async function closeOrganization(orgId: string): Promise<{ closed: boolean; deleted: number }> {
  try {
    const { Attributes } = await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.organization(orgId),
        ConditionExpression: 'attribute_not_exists(PK) OR memberCount = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { closed: true, deleted: Attributes ? 1 : 0 };
  } catch (error) {
    if (isConditionFailure(error)) return { closed: false, deleted: 0 };
    throw error;
  }
}

/**
 * One page of the organization's partition ORG#o deleted, with what only its items lead to: each transaction's
 * Activity partition ORG#o#TXACT#t (found from TXN# items and REVIEW# pointers) and each invitation's link
 * item INVITETOKEN#hash. GSI entries (ORG#o#TXN, ORG#o#PROP#p, USER#u / TENANCY#…, …) live on these same items
 * and go with them. Returns how many items were deleted and whether the partition has more.
 */
export async function deleteOrganizationPage(orgId: string, limit = 200): Promise<{ deleted: number; more: boolean }> {
  const page = await queryPage({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': orgPk(orgId) },
    ConsistentRead: true,
    Limit: limit,
  });
  const transactionIds = new Set<string>();
  const extraKeys: Record<string, unknown>[] = [];
  for (const item of page.items) {
    const sk = String(item.SK);
    if (sk.startsWith('TXN#')) transactionIds.add(sk.slice(4));
    if (sk.startsWith('REVIEW#') && typeof item.transactionId === 'string') transactionIds.add(item.transactionId);
    if (sk.startsWith('INVITE#') && typeof item.tokenHash === 'string') {
      extraKeys.push(keys.invitationToken(item.tokenHash));
    }
  }
  let deleted = 0;
  for (const transactionId of transactionIds) {
    const activity = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.activity(orgId, transactionId).PK },
      ProjectionExpression: 'PK, SK',
      ConsistentRead: true,
    });
    deleted += await batchDelete(activity.map(keyOf));
  }
  deleted += await batchDelete(extraKeys, { countExisting: true });
  deleted += await batchDelete(page.items.map(keyOf));
  return { deleted, more: Boolean(page.next) };
}

const keyOf = (item: Item) => ({ PK: item.PK, SK: item.SK });

/** BatchWriteItem deletes, 25 a call, retrying what DynamoDB leaves unprocessed. */
async function batchDelete(targets: Record<string, unknown>[], opts: { countExisting?: boolean } = {}) {
  let count = 0;
  for (let i = 0; i < targets.length; i += 25) {
    const chunk = targets.slice(i, i + 25);
    if (opts.countExisting) {
      for (const Key of chunk) {
        const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key, ProjectionExpression: 'PK' }));
        if (Item) count++;
      }
    } else count += chunk.length;
    let pending: Record<string, unknown>[] = chunk.map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt)));
      const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
  return count;
}
