import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, compressedCopy } from '../../infra/local/static.js';

describe('the local origin picks an encoding as CloudFront does', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['br;q=0.5, gzip;q=0', ['br']],
    ['*', ['br', 'gzip']],
    ['*;q=0', []],
    ['br;q=0, *', ['gzip']],
    ['identity', []],
    ['', []],
  ])('Accept-Encoding %j accepts %j', (header, expected) => {
    expect([...acceptedEncodings(header)].sort()).toEqual([...expected].sort());
  });

  const root = mkdtempSync(join(tmpdir(), 'rent-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app.js.br'), 'b');
  writeFileSync(join(root, 'assets', 'app.js.gz'), 'g');
  writeFileSync(join(root, 'assets', 'only-gzip.css.gz'), 'g');

  it('serves brotli when both are accepted, gzip when brotli is refused or missing, else the file itself', () => {
    expect(compressedCopy(root, 'assets/app.js', 'gzip, br')?.encoding).toBe('br');
    expect(compressedCopy(root, 'assets/app.js', 'gzip')?.file).toBe(join(root, 'assets', 'app.js.gz'));
    expect(compressedCopy(root, 'assets/only-gzip.css', 'br, gzip')?.encoding).toBe('gzip');
    expect(compressedCopy(root, 'assets/app.js', undefined)).toBeNull();
    expect(compressedCopy(root, 'assets/small.svg', 'br')).toBeNull();
  });
});
