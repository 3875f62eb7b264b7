import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys.js';

process.env.TABLE_NAME ??= 'rent-today';
process.env.DYNAMODB_ENDPOINT ??= 'http://127.0.0.1:1';
const { unsubscribeToken } = await import('../../functions/src/services/people/unsubscribe.js');
const { UnsubscribeParams } = await import('@rent/shared');

/** Key shapes of account deletion and the public forms, and the unsubscribe link's signature. */
describe('keys (docs/people.md "Keys")', () => {
  it('pins each pattern', () => {
    expect(keys.orgPurge('o1')).toEqual({ PK: 'PURGE#o1', SK: 'PURGE' });
    expect(keys.publicRateCounter('CONTACT', '10.0.0.1', '2026-01-02T03')).toEqual({
      PK: 'RATE#CONTACT#10.0.0.1',
      SK: 'HOUR#2026-01-02T03',
    });
    expect(keys.contactSubmission('2026-01', '2026-01-02T03:04:05.000Z', 'm1')).toEqual({
      PK: 'CONTACT#2026-01',
      SK: 'MSG#2026-01-02T03:04:05.000Z#m1',
    });
    expect(keys.subscriber('A@Example.com')).toEqual({ PK: 'SUBSCRIBER#a@example.com', SK: 'SUBSCRIBER' });
    expect(keys.confirmedSubscriber('2026-01-02T00:00:00.000Z', 'A@x.co')).toEqual({
      GSI1PK: 'SUBSCRIBERS#CONFIRMED',
      GSI1SK: '2026-01-02T00:00:00.000Z#a@x.co',
    });
    expect(keys.subscriberToken('abc')).toEqual({ PK: 'SUBTOKEN#abc', SK: 'SUBTOKEN' });
  });
});

describe('unsubscribe links', () => {
  it('are <user>.<kind>.<HMAC>, accepted by the route schema, different per person and per kind', () => {
    const a = unsubscribeToken('user-1', 'REVIEW_REQUESTED');
    expect(UnsubscribeParams.safeParse({ token: a }).success).toBe(true);
    expect(a.split('.')[1]).toBe('REVIEW_REQUESTED');
    expect(unsubscribeToken('user-1', 'REVIEW_REQUESTED')).toBe(a);
    expect(unsubscribeToken('user-2', 'REVIEW_REQUESTED').split('.')[2]).not.toBe(a.split('.')[2]);
    expect(unsubscribeToken('user-1', 'MAINTENANCE_UPDATED').split('.')[2]).not.toBe(a.split('.')[2]);
  });
});
