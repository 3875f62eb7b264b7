import type { ReceiptContentType } from '@rent/shared';

/**
 * Pure rules about receipt files: where they are stored and what their bytes must look like.
 * s3rver checks no signatures, and even real S3 only enforces what was signed (type header and
 * size), not what the bytes are, so the confirm step reads the first bytes and checks them here.
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

/** receipts/<orgId>/<transactionId or "unattached">/<receiptId>-<safe name>: one key, inside the organization's prefix. */
export function receiptObjectKey(
  orgId: string,
  transactionId: string | null,
  receiptId: string,
  fileName: string,
): string {
  return `receipts/${orgId}/${transactionId ?? 'unattached'}/${receiptId}-${safeFileName(fileName)}`;
}

/**
 * Where the browser uploads a receipt before it is checked: the only key a presigned PUT is ever made
 * for. The confirm step copies it to the receipt's own key (receiptObjectKey), which the browser can
 * never write, and deletes it, so a later PUT with the same link cannot change a confirmed receipt.
 */
export const pendingReceiptKey = (orgId: string, receiptId: string) => `receipts/pending/${orgId}/${receiptId}`;

/**
 * The Content-Disposition of a receipt link, set by the server: shown inline, saved under a safe
 * ASCII name (filename=) or, by browsers that read it, the original name (filename*, RFC 6266/5987).
 */
export function receiptDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${safeFileName(fileName)}"; filename*=UTF-8''${encoded}`;
}

/** The prefix every object of an organization lives under (what an IAM policy or a sweep can scope to). */
export const organizationPrefix = (orgId: string) => `receipts/${orgId}/`;

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
