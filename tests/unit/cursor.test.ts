import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../functions/src/data/cursor.js';
import { HttpError } from '../../functions/src/lib/errors.js';

const Schema = z.strictObject({ v: z.literal(1), k: z.record(z.string(), z.string()) });
const key = { PK: 'ORG#o1', SK: 'TXN#t1', GSI1PK: 'ORG#o1#TXN', GSI1SK: '2026-01-01#2026-01-01T00:00:00.000Z#t1' };

describe('page cursors', () => {
  it('round-trip as URL-safe text', () => {
    const cursor = encodeCursor({ v: 1, k: key });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, Schema, () => true)).toEqual({ v: 1, k: key });
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['the wrong shape', encodeCursor({ v: 2, k: key })],
    ['an extra field', encodeCursor({ v: 1, k: key, admin: true })],
    ['a non-string key part', encodeCursor({ v: 1, k: { ...key, SK: 5 } })],
    ['empty', ''],
  ])('refuses %s with a 400 naming the cursor', (_, cursor) => {
    try {
      decodeCursor(cursor, Schema, () => true);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        status: 400,
        issues: [{ path: 'cursor', message: 'That page link is not valid' }],
      });
    }
  });

  it('refuses a well-formed cursor that does not belong to the query (another organization, another index)', () => {
    const cursor = encodeCursor({ v: 1, k: key });
    expect(() => decodeCursor(cursor, Schema, (c) => c.k.PK === 'ORG#o2')).toThrow(HttpError);
  });
});
