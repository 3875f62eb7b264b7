import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { isLeaseHeld, type LeaseShape } from '../../lib/lease.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { releaseLock, renewLock, takeLock, updateHeldLock } from '../locks.js';

/**
 * The per-link sync lease (docs/banking.md "The queue and the per-link lease"): one item `ORG#o / BANKSYNC#i` that says
 * who is syncing a bank link, since when and until when. It is the lease of lib/lease.ts (data/locks.ts): taking it is
 * one conditional UpdateItem (free, or expired), so webhook bursts and the schedule never sync one link twice at once.
 * A request that finds the lease held and was made after the holder started sets `again`; the holder sees it when it
 * lets go and syncs once more, so no update Plaid announced is lost. The item stays (one per link, small) with a TTL a
 * week after its last use.
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

/** The lease of lib/lease.ts as this item keeps it: `holder`, and `leaseUntil` in epoch ms. */
const syncLease = (ms: number): LeaseShape => ({ until: 'leaseUntil', holder: 'holder', unit: 'ms', ms });

const again = (value: boolean) => ({ expression: 'again = :again', values: { ':again': value } });

async function tryAcquire(orgId: string, institutionId: string, holder: string, now: number, ms: number) {
  const taken = await takeLock(syncLease(ms), keys.bankSyncLease(orgId, institutionId), holder, now, {
    set: {
      type: 'BankSyncLease',
      organizationId: orgId,
      institutionId,
      startedAt: now,
      again: false,
      ttl: ttlFrom(now),
    },
    add: { runs: 1 },
  });
  return taken !== null;
}

/** Leaves word for a holder that started before the request was made (whoever holds it now). */
async function tryFlag(orgId: string, institutionId: string, requestedAt: number, now: number) {
  const flagged = await updateHeldLock(syncLease(0), keys.bankSyncLease(orgId, institutionId), now, {
    set: { again: true },
    when: [{ expression: 'startedAt < :requestedAt', values: { ':requestedAt': requestedAt } }],
  });
  return flagged !== null;
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
    if (lease && isLeaseHeld(syncLease(ms), lease.leaseUntil, now())) return { outcome: 'covered' };
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
  const released = await releaseLock(syncLease(ms), Key, holder, {
    set: { lastFinishedAt: now() },
    when: [again(false)],
  });
  if (released) return 'released';
  const at = now();
  const renewed = await renewLock(syncLease(ms), Key, holder, at, {
    set: { again: false, startedAt: at },
    add: { runs: 1 },
    when: [again(true)],
  });
  return renewed ? 'again' : 'lost';
}

/** Lets go whatever the flag says (a failed sync): the failed message is retried by the queue, which covers it. */
export async function releaseSyncLease(orgId: string, institutionId: string, holder: string): Promise<void> {
  await releaseLock(syncLease(0), keys.bankSyncLease(orgId, institutionId), holder, { set: { again: false } });
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
