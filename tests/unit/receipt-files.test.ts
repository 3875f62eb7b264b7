import { describe, expect, it } from 'vitest';
import {
  receiptDisposition,
  SNIFF_BYTES,
  safeFileName,
  sniffContentType,
} from '../../functions/src/lib/receiptFiles.js';
import {
  judgeUpload,
  organizationUploadPrefixes,
  PHOTO_UPLOADS,
  pendingKeyOf,
  pendingUploadKey,
  photoObjectKey,
  problemMessage,
  RECEIPT_UPLOADS,
  receiptObjectKey,
  type UploadRecord,
} from '../../functions/src/lib/uploadKinds.js';

const record = (extra: Partial<UploadRecord>): UploadRecord => ({
  id: 'p1',
  organizationId: 'org-1',
  fileName: 'a.png',
  contentType: 'image/png',
  size: 100,
  key: 'maintenance-photos/org-1/m1/p1-a.png',
  status: 'PENDING',
  ...extra,
});

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('upload object keys', () => {
  it('put each receipt under receipts/<org>/<transaction or unattached>/<id>-<safe name>', () => {
    expect(receiptObjectKey('o1', 't1', 'r1', 'Invoice 114.pdf')).toBe('receipts/o1/t1/r1-Invoice_114.pdf');
    expect(receiptObjectKey('o1', null, 'r1', 'x.png')).toBe('receipts/o1/unattached/r1-x.png');
    expect(receiptObjectKey('o1', 't1', 'r1', 'x.png').startsWith('receipts/o1/')).toBe(true);
  });

  it('put each maintenance photo under its own prefix: maintenance-photos/<org>/<request>/<id>-<safe name>', () => {
    expect(photoObjectKey('o1', 'm1', 'p1', 'Sink leak.JPG')).toBe('maintenance-photos/o1/m1/p1-Sink_leak.JPG');
    expect(pendingUploadKey(PHOTO_UPLOADS, 'o1', 'p1')).toBe('maintenance-photos/pending/o1/p1');
  });

  it("lists every prefix an organization's uploads live under (what its purge empties)", () => {
    const prefixes = organizationUploadPrefixes('o1');
    expect(prefixes).toEqual([
      'receipts/o1/',
      'receipts/pending/o1/',
      'maintenance-photos/o1/',
      'maintenance-photos/pending/o1/',
    ]);
    // Photos stored before they had their own prefix are inside the receipts' one.
    expect(prefixes.some((p) => 'receipts/o1/maintenance/m1/p1-a.png'.startsWith(p))).toBe(true);
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
    expect(pendingUploadKey(RECEIPT_UPLOADS, 'org-1', 'r1')).toBe('receipts/pending/org-1/r1');
    expect(pendingUploadKey(RECEIPT_UPLOADS, 'org-1', 'r1')).not.toBe(receiptObjectKey('org-1', null, 'r1', 'x.png'));
  });

  it('a record names its pending key; one made before records did was uploaded under receipts/pending/', () => {
    const photo = record({ pendingKey: 'maintenance-photos/pending/org-1/p1' });
    expect(pendingKeyOf(photo)).toBe('maintenance-photos/pending/org-1/p1');
    expect(pendingKeyOf(record({ pendingKey: null }))).toBe('receipts/pending/org-1/p1');
    expect(pendingKeyOf(record({}))).toBe('receipts/pending/org-1/p1');
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
    // A name stored before names had to be text: its broken half-character is sent as U+FFFD, not a 500.
    ['scan\ud800.pdf', `inline; filename="scan_.pdf"; filename*=UTF-8''scan%EF%BF%BD.pdf`],
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

describe('the verdict on stored bytes', () => {
  const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const pdf = bytes('%PDF-1.4');
  const judge = (stored: { size: number; contentType: string | null }, first = png) => {
    let reads = 0;
    const verdict = judgeUpload(RECEIPT_UPLOADS, record({}), stored, async () => {
      reads++;
      return first;
    });
    return verdict.then((problem) => ({ problem, reads }));
  };

  it('accepts what was announced, reading the first bytes once', async () => {
    expect(await judge({ size: 100, contentType: 'image/png' })).toEqual({ problem: null, reads: 1 });
  });

  it('names the first problem, and reads no bytes when size or type already fail', async () => {
    expect(await judge({ size: 11 * 1024 * 1024, contentType: 'image/png' })).toEqual({
      problem: 'tooLarge',
      reads: 0,
    });
    expect(await judge({ size: 99, contentType: 'image/png' })).toEqual({ problem: 'wrongSize', reads: 0 });
    expect(await judge({ size: 100, contentType: 'text/html' })).toEqual({ problem: 'wrongType', reads: 0 });
    expect(await judge({ size: 100, contentType: 'image/png' }, pdf)).toEqual({ problem: 'notReally', reads: 1 });
  });

  it('says each problem in the words of its kind', () => {
    expect(problemMessage(RECEIPT_UPLOADS, record({}), 'notReally')).toBe(
      'That file is not really a PNG image. Upload a JPEG, PNG, WebP or PDF file.',
    );
    expect(problemMessage(PHOTO_UPLOADS, record({}), 'notReally')).toBe(
      'That file is not really a PNG image. Upload a JPEG, PNG or WebP photo.',
    );
    expect(problemMessage(PHOTO_UPLOADS, record({}), 'wrongSize')).toBe(
      'The uploaded photo is not the file that was announced. Upload it again.',
    );
    expect(problemMessage(RECEIPT_UPLOADS, record({}), 'tooLarge')).toBe('The file is larger than 10 MB.');
  });
});
