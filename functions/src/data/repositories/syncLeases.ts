import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';

/**
 * The per-link sync lease (docs/decisions.md "Sync plumbing"): one item `ORG#o / BANKSYNC#i` that says who is
 * syncing a bank link, since when and until when. Taking it is one conditional UpdateItem (free, or expired), so
 * webhook bursts and the schedule never sync one link twice at once. A request that finds the lease held and was
 * made after the holder started sets `again`; the holder sees it when it lets go and syncs once more, so no update
 * Plaid announced is lost. The item stays (one per link, small) with a TTL a week after its last use.
 */

const KEEP_SECONDS = 7 * 24 * 3600;

export interface SyncLease {
  holder: string | null;
  leaseUntil: number;
  startedAt: number;
  again: boolean;
  /** Syncs started under this lease item, ever (follow-ups included). */
  runs: number;
  lastFinishedAt: number | null;
}

export type LeaseRequest =
  | { outcome: 'acquired' }
  /** Held by someone who started after this request was made: their sync covers it. */
  | { outcome: 'covered' }
  /** Held by someone who started before it: they will sync once more before letting go. */
  | { outcome: 'flagged' };

const ttlFrom = (now: number) => Math.floor(now / 1000) + KEEP_SECONDS;

async function tryAcquire(orgId: string, institutionId: string, holder: string, now: number, ms: number) {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.bankSyncLease(orgId, institutionId),
        UpdateExpression:
          'SET #type = :type, organizationId = :org, institutionId = :inst, holder = :holder, leaseUntil = :until, ' +
          'startedAt = :now, again = :false, runs = if_not_exists(runs, :zero) + :one, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil < :now',
        ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':type': 'BankSyncLease',
          ':org': orgId,
          ':inst': institutionId,
          ':holder': holder,
          ':until': now + ms,
          ':now': now,
          ':false': false,
          ':zero': 0,
          ':one': 1,
          ':ttl': ttlFrom(now),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function tryFlag(orgId: string, institutionId: string, requestedAt: number, now: number) {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.bankSyncLease(orgId, institutionId),
        UpdateExpression: 'SET again = :true',
        ConditionExpression: 'leaseUntil >= :now AND startedAt < :requestedAt',
        ExpressionAttributeValues: { ':true': true, ':now': now, ':requestedAt': requestedAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes the lease for `ms` milliseconds, or, when someone holds it, makes sure their sync covers this request
 * (made at `requestedAt`). A lease that expires between the two writes is taken on the next round.
 */
export async function requestSyncLease(
  orgId: string,
  institutionId: string,
  holder: string,
  requestedAt: number,
  ms: number,
  now: () => number = Date.now,
): Promise<LeaseRequest> {
  for (let round = 0; round < 4; round++) {
    if (await tryAcquire(orgId, institutionId, holder, now(), ms)) return { outcome: 'acquired' };
    if (await tryFlag(orgId, institutionId, requestedAt, now())) return { outcome: 'flagged' };
    const lease = await getSyncLease(orgId, institutionId);
    if (lease && lease.leaseUntil >= now()) return { outcome: 'covered' };
  }
  throw new Error('The sync lease changed hands too often; the message will be retried');
}

/**
 * The holder lets go. 'again': a request arrived during its sync, the flag is cleared and the lease renewed (the
 * holder syncs once more); 'released': done; 'lost': the lease expired and someone else holds it (they sync).
 */
export async function finishSyncLease(
  orgId: string,
  institutionId: string,
  holder: string,
  ms: number,
  now: () => number = Date.now,
): Promise<'released' | 'again' | 'lost'> {
  const Key = keys.bankSyncLease(orgId, institutionId);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET leaseUntil = :zero, lastFinishedAt = :now REMOVE holder',
        ConditionExpression: 'holder = :holder AND again = :false',
        ExpressionAttributeValues: { ':holder': holder, ':false': false, ':zero': 0, ':now': now() },
      }),
    );
    return 'released';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    const at = now();
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET again = :false, startedAt = :now, leaseUntil = :until, runs = runs + :one',
        ConditionExpression: 'holder = :holder AND again = :true',
        ExpressionAttributeValues: {
          ':holder': holder,
          ':true': true,
          ':false': false,
          ':now': at,
          ':until': at + ms,
          ':one': 1,
        },
      }),
    );
    return 'again';
  } catch (error) {
    if (isConditionFailure(error)) return 'lost';
    throw error;
  }
}

/** Lets go whatever the flag says (a failed sync): the failed message is retried by the queue, which covers it. */
export async function releaseSyncLease(orgId: string, institutionId: string, holder: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.bankSyncLease(orgId, institutionId),
        UpdateExpression: 'SET leaseUntil = :zero, again = :false REMOVE holder',
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder, ':zero': 0, ':false': false },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function getSyncLease(orgId: string, institutionId: string): Promise<SyncLease | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.bankSyncLease(orgId, institutionId), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    holder: (Item.holder as string | undefined) ?? null,
    leaseUntil: Number(Item.leaseUntil ?? 0),
    startedAt: Number(Item.startedAt ?? 0),
    again: Item.again === true,
    runs: Number(Item.runs ?? 0),
    lastFinishedAt: Item.lastFinishedAt == null ? null : Number(Item.lastFinishedAt),
  };
}
