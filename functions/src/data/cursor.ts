import type { z } from 'zod';
import { badRequest } from '../lib/errors.js';

/**
 * Page cursors are opaque to clients: base64url of a small JSON document (a DynamoDB key, for the
 * totals also the sums so far). Decoding validates the shape with a schema, and the caller checks
 * that the key belongs to the caller's organization and the query being run, so a bad or foreign
 * cursor is a 400, never a 500 from DynamoDB and never a read outside the organization.
 */
export function encodeCursor(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

export const invalidCursor = () =>
  badRequest('That page link is not valid any more. Start again from the first page.', [
    { path: 'cursor', message: 'That page link is not valid' },
  ]);

export function decodeCursor<T>(text: string, schema: z.ZodType<T>, belongs: (value: T) => boolean): T {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalidCursor();
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = schema.safeParse(parsed);
  if (!result.success || !belongs(result.data)) throw invalidCursor();
  return result.data;
}
