import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { TABLE_NAME } from '../support/db.js';

/**
 * The per-link sync lease (functions/src/data/banking/syncLeases.ts) against DynamoDB Local: one holder at a
 * time, requests during a sync either covered by it or flagged for one more round, expired leases taken over.
 */
process.env.TABLE_NAME = TABLE_NAME;
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.LOG_LEVEL = 'silent';
const { requestSyncLease, finishSyncLease, releaseSyncLease, getSyncLease } = await import(
  '../../functions/src/data/banking/syncLeases.js'
);

const MINUTE = 60_000;
const link = () => ({ org: `lease-org-${randomUUID()}`, inst: `lease-inst-${randomUUID()}` });

describe('bank sync lease', () => {
  it('lets exactly one of many simultaneous requests take a free lease', async () => {
    const { org, inst } = link();
    const at = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => requestSyncLease(org, inst, randomUUID(), at, MINUTE)),
    );
    expect(outcomes.filter((o) => o.outcome === 'acquired')).toHaveLength(1);
    // All were made before (or when) the holder started: its sync covers them; none asks for another round.
    expect(outcomes.filter((o) => o.outcome === 'covered')).toHaveLength(7);
    expect(await getSyncLease(org, inst)).toMatchObject({ runs: 1, again: false });
  });

  it('flags a request made after the holder started, so the holder syncs once more before letting go', async () => {
    const { org, inst } = link();
    const holder = randomUUID();
    let now = 1_000_000;
    const clock = () => now;
    expect(await requestSyncLease(org, inst, holder, now, MINUTE, clock)).toEqual({ outcome: 'acquired' });
    now += 1000;
    // Made before the holder started: covered.
    expect(await requestSyncLease(org, inst, randomUUID(), now - 5000, MINUTE, clock)).toEqual({ outcome: 'covered' });
    // Made after: flagged.
    expect(await requestSyncLease(org, inst, randomUUID(), now, MINUTE, clock)).toEqual({ outcome: 'flagged' });
    now += 1000;
    expect(await finishSyncLease(org, inst, holder, MINUTE, clock)).toBe('again');
    expect(await getSyncLease(org, inst)).toMatchObject({ holder, again: false, runs: 2, startedAt: now });
    // A request made before that second round began is covered by it.
    expect(await requestSyncLease(org, inst, randomUUID(), now - 1, MINUTE, clock)).toEqual({ outcome: 'covered' });
    expect(await finishSyncLease(org, inst, holder, MINUTE, clock)).toBe('released');
    expect(await getSyncLease(org, inst)).toMatchObject({ holder: null, leaseUntil: 0, lastFinishedAt: now });
    // Free again: the next request takes it.
    expect(await requestSyncLease(org, inst, randomUUID(), now, MINUTE, clock)).toEqual({ outcome: 'acquired' });
  });

  it('hands an expired lease to the next request; the old holder then finds it lost', async () => {
    const { org, inst } = link();
    const crashed = randomUUID();
    let now = 5_000_000;
    const clock = () => now;
    expect(await requestSyncLease(org, inst, crashed, now, MINUTE, clock)).toEqual({ outcome: 'acquired' });
    now += MINUTE + 1;
    const next = randomUUID();
    expect(await requestSyncLease(org, inst, next, now, MINUTE, clock)).toEqual({ outcome: 'acquired' });
    expect(await finishSyncLease(org, inst, crashed, MINUTE, clock)).toBe('lost');
    expect(await getSyncLease(org, inst)).toMatchObject({ holder: next, runs: 2 });
  });

  it('releases on failure whatever the flag says (the failed message is retried by the queue)', async () => {
    const { org, inst } = link();
    const holder = randomUUID();
    const at = Date.now();
    await requestSyncLease(org, inst, holder, at, MINUTE);
    expect(await requestSyncLease(org, inst, randomUUID(), at + 10_000, MINUTE)).toEqual({ outcome: 'flagged' });
    await releaseSyncLease(org, inst, holder);
    expect(await getSyncLease(org, inst)).toMatchObject({ holder: null, again: false, leaseUntil: 0 });
    // Someone else's release changes nothing.
    const other = randomUUID();
    await requestSyncLease(org, inst, other, Date.now(), MINUTE);
    await releaseSyncLease(org, inst, holder);
    expect(await getSyncLease(org, inst)).toMatchObject({ holder: other });
  });
});
