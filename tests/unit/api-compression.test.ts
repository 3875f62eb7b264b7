import { gunzipSync } from 'node:zlib';
import { acceptsEncoding } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, compressedFor } from '../../functions/src/runtime/compress.js';
import { json } from '../../functions/src/runtime/errors.js';

describe('acceptsEncoding (RFC 9110 Accept-Encoding)', () => {
  it.each([
    ['gzip, deflate, br', 'gzip', true],
    ['GZIP', 'gzip', true],
    ['br;q=1.0, gzip;q=0.5', 'gzip', true],
    ['gzip;q=0', 'gzip', false],
    ['gzip; q=0, *', 'gzip', false],
    ['*', 'gzip', true],
    ['*;q=0', 'gzip', false],
    ['identity', 'gzip', false],
    ['', 'gzip', false],
    [undefined, 'gzip', false],
  ])('%j accepts %s: %s', (header, encoding, expected) => {
    expect(acceptsEncoding(header, encoding)).toBe(expected);
  });
});

describe('compressedFor', () => {
  const large = { items: Array.from({ length: 60 }, (_, i) => ({ id: `p${i}`, address: `${i} Main Street` })) };

  it('gzips a large JSON answer for a client that accepts gzip, base64 as the Lambda integration carries bytes', () => {
    const plain = json(200, large);
    const out = compressedFor('gzip, deflate', plain);
    expect(out.statusCode).toBe(200);
    expect(out.isBase64Encoded).toBe(true);
    expect(out.headers).toEqual({ ...plain.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(JSON.parse(gunzipSync(Buffer.from(out.body!, 'base64')).toString('utf8'))).toEqual(large);
    expect(out.body!.length).toBeLessThan(plain.body!.length / 3);
  });

  it('sends a large answer as it is when gzip is not accepted, saying it depends on Accept-Encoding', () => {
    const plain = json(200, large);
    for (const header of [undefined, 'identity', 'gzip;q=0']) {
      const out = compressedFor(header, plain);
      expect(out.body).toBe(plain.body);
      expect(out.isBase64Encoded).toBeUndefined();
      expect(out.headers).toEqual({ ...plain.headers, vary: 'accept-encoding' });
    }
  });

  it('leaves an answer under the threshold alone, counted in bytes, not characters', () => {
    const small = json(200, { ok: true });
    expect(compressedFor('gzip', small)).toBe(small);
    // Two bytes a character in UTF-8: fewer characters than the threshold, more bytes.
    const wide = json(200, { note: 'é'.repeat(COMPRESS_FROM_BYTES / 2) });
    expect(wide.body!.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(compressedFor('gzip', wide).headers?.['content-encoding']).toBe('gzip');
  });
});
