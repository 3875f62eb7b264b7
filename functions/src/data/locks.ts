import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainError } from '../domain-errors.js';
import { type LeaseShape, leaseExpiry, leaseFree, leaseHeld, leaseHeldBy } from '../lib/lease.js';
import { buildUpdate, type Condition, type UpdateInput } from '../lib/versionedUpdate.js';
import { db, tableName } from './client.js';
import { isConditionFailure } from './conditions.js';
import type { TransactItem } from './transact.js';
import { sendUpdate, updateVersioned } from './versioned.js';

/**
 * The lease of lib/lease.ts on a table item: take, renew, release, drop. Every operation is ONE conditional
 * write, so nothing happens between looking at a lease and changing it. A holder proves itself with its token
 * (the lease's holder attribute); a write whose condition fails answers null, and the caller says what that means
 * in its own domain (busy, covered, lost). On a versioned record the version read is the proof instead, and a
 * failed condition is the caller's domain error, as for every versioned update (data/versioned.ts).
 */

/** What else a lease write changes, and what else must hold for it. */
export interface LockWrite {
  set?: Record<string, unknown>;
  add?: Record<string, number>;
  remove?: readonly string[];
  when?: readonly Condition[];
}

type Key = Record<string, unknown>;

function update(change: LockWrite, guard: Condition, set: Record<string, unknown>, remove: string[] = []) {
  return buildUpdate({
    set: { ...change.set, ...set },
    add: change.add,
    remove: [...remove, ...(change.remove ?? [])],
    conditions: [guard, ...(change.when ?? [])],
  });
}

const holderAttribute = (lease: LeaseShape) => {
  if (!lease.holder) throw new Error('This lease has no holder attribute: take it with takeVersionedLock');
  return lease.holder;
};

/** The update that takes the lease for `holder` at `now` if nobody holds it. */
function takeUpdate(lease: LeaseShape, holder: string, now: number, change: LockWrite): UpdateInput {
  return update(change, leaseFree(lease, now), {
    [holderAttribute(lease)]: holder,
    [lease.until]: leaseExpiry(lease, now),
  });
}

/** Takes the lease for `holder` if it is free at `now`: the item as written, or null when someone holds it. */
export async function takeLock(lease: LeaseShape, Key: Key, holder: string, now: number, change: LockWrite = {}) {
  return sendUpdate(Key, takeUpdate(lease, holder, now, change));
}

/** takeLock as an item of a TransactWriteItems (the caller maps its failed condition). */
export function takeLockOp(
  lease: LeaseShape,
  Key: Key,
  holder: string,
  now: number,
  change: LockWrite = {},
): TransactItem {
  return { Update: { TableName: tableName(), Key, ...takeUpdate(lease, holder, now, change) } };
}

/** Extends `holder`'s lease from `now`; null when it is no longer theirs. */
export async function renewLock(lease: LeaseShape, Key: Key, holder: string, now: number, change: LockWrite = {}) {
  return sendUpdate(Key, update(change, leaseHeldBy(lease, holder), { [lease.until]: leaseExpiry(lease, now) }));
}

/**
 * `holder` lets go, keeping the item (its expiry becomes 0, its holder is removed); null when it was not theirs.
 * The item stays for what it records besides the lease (a link's sync history, an upload).
 */
export async function releaseLock(lease: LeaseShape, Key: Key, holder: string, change: LockWrite = {}) {
  return sendUpdate(Key, update(change, leaseHeldBy(lease, holder), { [lease.until]: 0 }, [holderAttribute(lease)]));
}

/** `holder` lets go by deleting the item (a lock that records nothing else); false when it was not theirs. */
export async function dropLock(lease: LeaseShape, Key: Key, holder: string): Promise<boolean> {
  const { expression, names, values } = leaseHeldBy(lease, holder);
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key,
        ConditionExpression: expression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Changes the item of a lease that someone holds at `now`, whoever it is (a request leaving word for the
 * running holder); null when nobody holds it.
 */
export async function updateHeldLock(lease: LeaseShape, Key: Key, now: number, change: LockWrite) {
  return sendUpdate(Key, update(change, leaseHeld(lease, now), {}));
}

/**
 * Takes the lease of a versioned record at `now`: its versioned update with the lease's expiry set, if the
 * record is still at `expected` and nobody holds the lease; else `busy()`.
 */
export async function takeVersionedLock(
  lease: LeaseShape,
  Key: Key,
  expected: number,
  now: number,
  change: LockWrite,
  busy: () => DomainError,
): Promise<Record<string, unknown>> {
  const { when = [], ...rest } = change;
  const set = { ...rest.set, [lease.until]: leaseExpiry(lease, now) };
  return updateVersioned(Key, expected, { ...rest, set, conditions: [leaseFree(lease, now), ...when] }, busy);
}

/** Lets go of a versioned record's lease (expiry 0) in its versioned update; `busy()` if it moved meanwhile. */
export async function releaseVersionedLock(
  lease: LeaseShape,
  Key: Key,
  expected: number,
  change: LockWrite,
  busy: () => DomainError,
): Promise<Record<string, unknown>> {
  const { when = [], ...rest } = change;
  return updateVersioned(Key, expected, { ...rest, set: { ...rest.set, [lease.until]: 0 }, conditions: when }, busy);
}
