import { describe, expect, it } from 'vitest';
import { isLeaseHeld, type LeaseShape, leaseExpiry, leaseFree, leaseTime } from '../../functions/src/lib/lease.js';

/**
 * The lease's clock (functions/src/lib/lease.ts): one rule for "held" and "free", in code and in conditions,
 * whatever unit an item keeps its expiry in. tests/integration/locks.test.ts runs the lease on DynamoDB Local.
 */
describe('the lease clock', () => {
  const ms: LeaseShape = { until: 'leaseUntil', unit: 'ms', ms: 30_000 };
  const seconds: LeaseShape = { until: 'lockedUntil', holder: 'packageId', unit: 's', ms: 1_200_000 };

  it('runs out `ms` after it is taken, in the unit its item keeps', () => {
    expect(leaseExpiry(ms, 1_000_500)).toBe(1_030_500);
    expect(leaseTime(seconds, 1_000_999)).toBe(1000);
    expect(leaseExpiry(seconds, 1_000_999)).toBe(2200);
  });

  it('is held while now is before its expiry, free from that moment on, and free without one', () => {
    expect(isLeaseHeld(ms, 1000, 999)).toBe(true);
    expect(isLeaseHeld(ms, 1000, 1000)).toBe(false);
    expect(isLeaseHeld(ms, 0, 1)).toBe(false);
    expect(isLeaseHeld(ms, undefined, 1)).toBe(false);
    expect(isLeaseHeld(seconds, 2, 1999)).toBe(true);
    expect(isLeaseHeld(seconds, 2, 2000)).toBe(false);
  });

  it('says "free" in a condition by the same rule', () => {
    expect(leaseFree(seconds, 2000)).toEqual({
      expression: 'attribute_not_exists(PK) OR attribute_not_exists(#leaseUntil) OR #leaseUntil <= :leaseNow',
      names: { '#leaseUntil': 'lockedUntil' },
      values: { ':leaseNow': 2 },
    });
  });
});
