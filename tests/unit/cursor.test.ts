import { describe, expect, it } from 'vitest';
import * as z from 'zod';

// Config is parsed once: a key of our own, as AWS would pass it.
process.env.TABLE_NAME = 'test';
process.env.CURSOR_SECRET = 'unit-test-cursor-secret-of-at-least-32-chars';
const { decodeCursor, encodeCursor } = await import('../../functions/src/data/cursor.js');
const { Invalid } = await import('../../functions/src/domain-errors.js');
const { errorResponse } = await import('../../functions/src/runtime/errors.js');

const Schema = z.strictObject({ v: z.literal(1), k: z.record(z.string(), z.string()) });
const key = { PK: 'ORG#o1', SK: 'TXN#t1', GSI1PK: 'ORG#o1#TXN', GSI1SK: '2026-01-01#2026-01-01T00:00:00.000Z#t1' };
const json = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
const text = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('page cursors', () => {
  it('round-trip as URL-safe text', () => {
    const cursor = encodeCursor({ v: 1, k: key });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, Schema, () => true)).toEqual({ v: 1, k: key });
  });

  it('carry an HMAC-SHA256 of their state', () => {
    const { p, s } = json(encodeCursor({ v: 1, k: key }));
    expect(p).toEqual({ v: 1, k: key });
    expect(Buffer.from(s, 'base64url')).toHaveLength(32);
  });

  const signed = json(encodeCursor({ v: 1, k: key }));
  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['the wrong shape', encodeCursor({ v: 2, k: key })],
    ['an extra field', encodeCursor({ v: 1, k: key, admin: true })],
    ['a non-string key part', encodeCursor({ v: 1, k: { ...key, SK: 5 } })],
    ['empty', ''],
    ['unsigned (a cursor the client wrote)', text({ v: 1, k: key })],
    ['signed, with an edited state', text({ ...signed, p: { v: 1, k: { ...key, SK: 'TXN#t2' } } })],
    ['signed with another key', text({ ...signed, s: `${signed.s.slice(0, -3)}AAA` })],
    ['without its signature', text({ p: signed.p })],
    ['signed, with an extra field beside the state', text({ ...signed, v: 2 })],
  ])('refuses %s with a 400 naming the cursor', (_, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor, Schema, () => true);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Invalid);
    expect(thrown).toMatchObject({ issues: [{ path: 'cursor', message: 'That page link is not valid' }] });
    expect(errorResponse(thrown).statusCode).toBe(400);
  });

  it('refuses a well-formed cursor that does not belong to the query (another organization, another index)', () => {
    const cursor = encodeCursor({ v: 1, k: key });
    expect(() => decodeCursor(cursor, Schema, (c) => c.k.PK === 'ORG#o2')).toThrow(Invalid);
  });
});
