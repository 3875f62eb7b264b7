import { createHmac, timingSafeEqual } from 'node:crypto';
import type * as z from 'zod';
import { Invalid } from '../domain-errors.js';
import { cursorSecret } from '../lib/config.js';

/**
 * Page cursors are opaque to clients: base64url of `{ p, s }`, a small JSON document `p` (a DynamoDB
 * key; for the totals also the sums so far) and `s`, its HMAC-SHA256 under CURSOR_SECRET. A cursor the
 * server did not write (forged sums, an edited key) fails the signature; decoding then validates the
 * shape with a schema, and the caller checks that the key belongs to the caller's organization and the
 * query being run. So a bad, forged or foreign cursor is a 400, never a 500 from DynamoDB, never a read
 * outside the organization and never a total the server did not compute.
 */
export function encodeCursor(payload: unknown): string {
  const text = JSON.stringify(payload);
  return Buffer.from(JSON.stringify({ p: payload, s: sign(text) }), 'utf8').toString('base64url');
}

const sign = (text: string) => createHmac('sha256', cursorSecret()).update(text, 'utf8').digest('base64url');

export const invalidCursor = () =>
  new Invalid('That page link is not valid any more. Start again from the first page.', [
    { path: 'cursor', message: 'That page link is not valid' },
  ]);

function verified(text: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalidCursor();
  let outer: unknown;
  try {
    outer = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof outer !== 'object' || outer === null || Object.keys(outer).sort().join() !== 'p,s') throw invalidCursor();
  const { p, s } = outer as { p: unknown; s: unknown };
  if (typeof s !== 'string') throw invalidCursor();
  const expected = Buffer.from(sign(JSON.stringify(p)));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  return p;
}

export function decodeCursor<T>(text: string, schema: z.ZodType<T>, belongs: (value: T) => boolean): T {
  const result = schema.safeParse(verified(text));
  if (!result.success || !belongs(result.data)) throw invalidCursor();
  return result.data;
}
