import { randomUUID } from 'node:crypto';
import type { Condition } from './versionedUpdate.js';

/**
 * The one lease (a lock that expires), after AWS Powertools' idempotency record: a record says who holds
 * something (a token, or the record's version) and until when. It is taken with one conditional write — no
 * record, or its lease ran out — and renewed and released only by its holder, so a holder that crashed blocks
 * the others for one lease at most, and two writers can never both believe they hold it.
 *
 * This module is the shape and its rules (pure); data/locks.ts writes them to an item. Each user keeps its own
 * attribute names and units, so items already stored keep working:
 * - rule apply batches and file imports: `leaseUntil` (epoch ms) on their versioned header, the version being
 *   the holder's proof (every write to the header is conditioned on it);
 * - bank sync: `holder` and `leaseUntil` (epoch ms) on the link's BANKSYNC item;
 * - the tax package's year lock: `packageId` and `lockedUntil` (epoch seconds, also its TTL);
 * - an upload being confirmed: `confirmHolder` and `confirmUntil` (epoch ms) on the receipt or photo.
 */
export interface LeaseShape {
  /** The attribute holding the time the lease runs out. */
  readonly until: string;
  /** That time's unit: epoch milliseconds, or epoch seconds (a number a TTL can also read). */
  readonly unit: 'ms' | 's';
  /** The attribute naming the holder; absent on a versioned record, whose version proves who holds it. */
  readonly holder?: string;
  /** How long a take or a renewal holds it. */
  readonly ms: number;
}

/** A fresh holder token: one per attempt, so a holder never mistakes another attempt's lease for its own. */
export const newLeaseHolder = (): string => randomUUID();

/** `at` (epoch ms) in the lease's unit. */
export const leaseTime = (lease: LeaseShape, at: number): number => (lease.unit === 's' ? Math.floor(at / 1000) : at);

/** When a lease taken or renewed at `now` runs out, in the lease's unit. */
export const leaseExpiry = (lease: LeaseShape, now: number): number => leaseTime(lease, now + lease.ms);

/**
 * Whether a stored expiry still holds at `now`: held while now is before it, free from that moment on (and a
 * record without one is free). Every check, in code or in a condition, uses this one rule.
 */
export const isLeaseHeld = (lease: LeaseShape, until: unknown, now: number): boolean =>
  typeof until === 'number' && until > leaseTime(lease, now);

/** The condition "nobody holds it at `now`": no record, no lease on it, or a lease that ran out. */
export const leaseFree = (lease: LeaseShape, now: number): Condition => ({
  expression: 'attribute_not_exists(PK) OR attribute_not_exists(#leaseUntil) OR #leaseUntil <= :leaseNow',
  names: { '#leaseUntil': lease.until },
  values: { ':leaseNow': leaseTime(lease, now) },
});

/** The condition "someone holds it at `now`" (whoever it is): the opposite of leaseFree on an existing record. */
export const leaseHeld = (lease: LeaseShape, now: number): Condition => ({
  expression: '#leaseUntil > :leaseNow',
  names: { '#leaseUntil': lease.until },
  values: { ':leaseNow': leaseTime(lease, now) },
});

/** The condition "`holder` holds it" (named by the holder attribute; whether it ran out is the caller's question). */
export function leaseHeldBy(lease: LeaseShape, holder: string): Condition {
  if (!lease.holder) throw new Error('This lease has no holder attribute: its record version is the proof');
  return {
    expression: '#leaseHolder = :leaseHolder',
    names: { '#leaseHolder': lease.holder },
    values: { ':leaseHolder': holder },
  };
}
