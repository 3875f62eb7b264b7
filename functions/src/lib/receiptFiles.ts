import type { ReceiptContentType } from '@rent/shared';
import { toWellFormed } from '@rent/shared';

/**
 * Pure rules about uploaded files (receipts, maintenance photos): safe names and what their bytes must look
 * like. s3rver checks no signatures, and even real S3 only enforces what was signed (type header and size), not
 * what the bytes are, so the confirm step reads the first bytes and checks them here. Where the files live is
 * lib/uploadKinds.ts.
 */

/** A file name safe in an object key and a Content-Disposition header: ASCII letters, digits, . _ - only. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents, once decomposed: "Café" -> "Cafe"
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .slice(-80); // the end holds the extension
  // No leading dots or underscores: no hidden files, no "..".
  const safe = cleaned.replace(/^[._]+/, '');
  // A name of only non-Latin letters leaves just its extension ("日本語.png" -> "_.png" -> "png"): say so.
  const extension = /\.(\w{1,5})$/.exec(cleaned)?.[1];
  if (extension && safe === extension) return `receipt.${extension}`;
  return safe || 'receipt';
}

/**
 * The Content-Disposition of a receipt link, set by the server: shown inline, saved under a safe
 * ASCII name (filename=) or, by browsers that read it, the original name (filename*, RFC 6266/5987).
 */
export function receiptDisposition(fileName: string): string {
  // toWellFormed: a name stored before names had to be text would make encodeURIComponent throw.
  const encoded = encodeURIComponent(toWellFormed(fileName)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${safeFileName(fileName)}"; filename*=UTF-8''${encoded}`;
}

/** How many leading bytes sniffContentType needs. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** What the bytes really are (magic numbers), or null when none of the accepted types. */
export function sniffContentType(bytes: Uint8Array): ReceiptContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export const CONTENT_TYPE_LABELS: Record<ReceiptContentType, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF document',
};
