import { describe, expect, it } from 'vitest';
import {
  organizationPrefix,
  pendingReceiptKey,
  receiptDisposition,
  receiptObjectKey,
  SNIFF_BYTES,
  safeFileName,
  sniffContentType,
} from '../../functions/src/lib/receiptFiles.js';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('receipt object keys', () => {
  it('put each receipt under receipts/<org>/<transaction or unattached>/<id>-<safe name>', () => {
    expect(receiptObjectKey('o1', 't1', 'r1', 'Invoice 114.pdf')).toBe('receipts/o1/t1/r1-Invoice_114.pdf');
    expect(receiptObjectKey('o1', null, 'r1', 'x.png')).toBe('receipts/o1/unattached/r1-x.png');
    expect(receiptObjectKey('o1', 't1', 'r1', 'x.png').startsWith(organizationPrefix('o1'))).toBe(true);
  });

  it.each([
    ['../../etc/passwd', 'etc_passwd'],
    ['a/b\\c.png', 'a_b_c.png'],
    ['Café receipt.jpg', 'Cafe_receipt.jpg'],
    ['"quoted"; name.png', 'quoted_name.png'],
    ['...', 'receipt'],
    ['日本語.png', 'receipt.png'],
    ['', 'receipt'],
  ])('makes %j safe: %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('keeps the end of a long name (its extension) and at most 80 characters', () => {
    const safe = safeFileName(`${'a'.repeat(200)}.pdf`);
    expect(safe.length).toBe(80);
    expect(safe.endsWith('.pdf')).toBe(true);
  });

  it('never lets a name leave the key prefix or break a header', () => {
    for (const name of ['../x', '/abs', 'a\r\nb', 'a"b', '%2e%2e%2f']) {
      expect(safeFileName(name)).toMatch(/^[\w.-]+$/);
      expect(safeFileName(name).startsWith('.')).toBe(false);
    }
  });
});

describe('pending upload keys and the served disposition', () => {
  it('uploads go to a pending key of their own, never the key a receipt is served from', () => {
    expect(pendingReceiptKey('org-1', 'r1')).toBe('receipts/pending/org-1/r1');
    expect(pendingReceiptKey('org-1', 'r1')).not.toBe(receiptObjectKey('org-1', null, 'r1', 'x.png'));
  });

  it.each([
    ['invoice.pdf', `inline; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`],
    [
      'Kitchen leak – invoice.png',
      `inline; filename="Kitchen_leak_invoice.png"; filename*=UTF-8''Kitchen%20leak%20%E2%80%93%20invoice.png`,
    ],
    [
      `"quoted"; filename=evil.html`,
      `inline; filename="quoted_filename_evil.html"; filename*=UTF-8''%22quoted%22%3B%20filename%3Devil.html`,
    ],
    [`it's (1).png`, `inline; filename="it_s_1_.png"; filename*=UTF-8''it%27s%20%281%29.png`],
  ])('%s is shown inline with a safe name and its original name encoded', (name, expected) => {
    expect(receiptDisposition(name)).toBe(expected);
  });
});

describe('sniffContentType (magic numbers)', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7'), 'application/pdf'],
  ])('recognises %s', (_, data, type) => {
    expect(sniffContentType(data)).toBe(type);
  });

  it.each([
    ['HTML', bytes('<!doctype html>')],
    ['SVG', bytes('<svg xmlns=')],
    ['GIF', bytes('GIF89a')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_, data) => {
    expect(sniffContentType(data)).toBeNull();
  });

  it('needs no more than the bytes the confirm step reads', () => {
    expect(SNIFF_BYTES).toBeGreaterThanOrEqual(12);
    expect(sniffContentType(bytes('RIFF', [1, 2, 3, 4], 'WEBP').subarray(0, SNIFF_BYTES))).toBe('image/webp');
  });
});
