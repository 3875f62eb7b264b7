import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { Conflict } from '../../functions/src/domain-errors.js';
import type { LeaseShape } from '../../functions/src/lib/lease.js';
import { db, TABLE_NAME } from '../support/db.js';

/**
 * The one lease (functions/src/lib/lease.ts) on table items (functions/src/data/locks.ts) against DynamoDB
 * Local: one holder at a time, an expired lease taken over, renew and release only by the holder, and the
 * versioned form (a record whose version proves the holder) refusing a stale or a held record.
 */
process.env.TABLE_NAME = TABLE_NAME;
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.LOG_LEVEL = 'silent';
const locks = await import('../../functions/src/data/locks.js');

const LEASE: LeaseShape = { until: 'leaseUntil', holder: 'holder', unit: 'ms', ms: 60_000 };
const key = () => ({ PK: `LOCKTEST#${randomUUID()}`, SK: 'LOCK' });
const read = async (Key: Record<string, unknown>) =>
  (await db().send(new GetCommand({ TableName: TABLE_NAME, Key, ConsistentRead: true }))).Item;
const busy = () => new Conflict('BUSY_TEST', 'held');

describe('a lease on an item', () => {
  it('goes to exactly one of many simultaneous takers', async () => {
    const Key = key();
    const now = Date.now();
    const taken = await Promise.all(
      Array.from({ length: 8 }, () => locks.takeLock(LEASE, Key, randomUUID(), now, { add: { runs: 1 } })),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await read(Key)).toMatchObject({ holder: taken.find(Boolean)!.holder, leaseUntil: now + 60_000, runs: 1 });
  });

  it('is refused while held, taken over once it ran out; the old holder can then neither renew nor release', async () => {
    const Key = key();
    const [first, second] = [randomUUID(), randomUUID()];
    expect(await locks.takeLock(LEASE, Key, first, 1_000_000)).not.toBeNull();
    expect(await locks.takeLock(LEASE, Key, second, 1_059_999)).toBeNull();
    expect(await locks.updateHeldLock(LEASE, Key, 1_059_999, { set: { note: 'word' } })).not.toBeNull();
    expect(await locks.takeLock(LEASE, Key, second, 1_060_000)).toMatchObject({ holder: second, note: 'word' });
    expect(await locks.updateHeldLock(LEASE, Key, 1_200_000, { set: { note: 'late' } })).toBeNull();
    expect(await locks.renewLock(LEASE, Key, first, 1_060_001)).toBeNull();
    expect(await locks.releaseLock(LEASE, Key, first)).toBeNull();
    expect(await read(Key)).toMatchObject({ holder: second, leaseUntil: 1_120_000 });
  });

  it('is renewed and released by its holder; a released item stays, free for the next taker', async () => {
    const Key = key();
    const holder = randomUUID();
    await locks.takeLock(LEASE, Key, holder, 1_000_000, { set: { kind: 'test' } });
    expect(await locks.renewLock(LEASE, Key, holder, 1_050_000)).toMatchObject({ leaseUntil: 1_110_000 });
    expect(await locks.releaseLock(LEASE, Key, holder, { set: { done: true } })).toMatchObject({
      leaseUntil: 0,
      done: true,
      kind: 'test',
    });
    expect((await read(Key))?.holder).toBeUndefined();
    expect(await locks.takeLock(LEASE, Key, randomUUID(), 1_050_001)).not.toBeNull();
  });

  it('treats an item written without a lease as free', async () => {
    const Key = key();
    await db().send(new PutCommand({ TableName: TABLE_NAME, Item: { ...Key, kept: 'yes' } }));
    expect(await locks.takeLock(LEASE, Key, randomUUID(), Date.now())).toMatchObject({ kept: 'yes' });
  });

  it('is dropped (the item deleted) by its holder only', async () => {
    const Key = key();
    const holder = randomUUID();
    await locks.takeLock(LEASE, Key, holder, Date.now());
    expect(await locks.dropLock(LEASE, Key, randomUUID())).toBe(false);
    expect(await read(Key)).toBeDefined();
    expect(await locks.dropLock(LEASE, Key, holder)).toBe(true);
    expect(await read(Key)).toBeUndefined();
  });
});

describe('a lease on a versioned record', () => {
  const VERSIONED: LeaseShape = { until: 'leaseUntil', unit: 'ms', ms: 60_000 };
  const record = async () => {
    const Key = key();
    await db().send(new PutCommand({ TableName: TABLE_NAME, Item: { ...Key, leaseUntil: 0, version: 1 } }));
    return Key;
  };

  it('is taken with the version read, which moves on; a stale version or a held lease is busy', async () => {
    const Key = await record();
    const taken = await locks.takeVersionedLock(VERSIONED, Key, 1, 1_000_000, { set: { status: 'running' } }, busy);
    expect(taken).toMatchObject({ version: 2, leaseUntil: 1_060_000, status: 'running' });
    await expect(locks.takeVersionedLock(VERSIONED, Key, 1, 2_000_000, {}, busy)).rejects.toThrow('held');
    await expect(locks.takeVersionedLock(VERSIONED, Key, 2, 1_059_999, {}, busy)).rejects.toThrow('held');
    expect(await locks.takeVersionedLock(VERSIONED, Key, 2, 1_060_000, {}, busy)).toMatchObject({ version: 3 });
  });

  it('is released with the version read (expiry 0); one stale release of two is busy', async () => {
    const Key = await record();
    await locks.takeVersionedLock(VERSIONED, Key, 1, Date.now(), {}, busy);
    const results = await Promise.allSettled([
      locks.releaseVersionedLock(VERSIONED, Key, 2, { set: { status: 'done' } }, busy),
      locks.releaseVersionedLock(VERSIONED, Key, 2, { set: { status: 'other' } }, busy),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await read(Key)).toMatchObject({ leaseUntil: 0, version: 3 });
  });
});
