/**
 * Receipts' files (docs/product.md "Receipts"): which types and sizes the server accepts, zod-free so the browser
 * refuses a file the server would refuse before anything is sent. The schemas (domain/receipt.ts) read them here.
 */

/** JPEG, PNG and WebP images; PDFs (how most invoices arrive) too. */
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];
export const isReceiptContentType = (value: unknown): value is ReceiptContentType =>
  (RECEIPT_CONTENT_TYPES as readonly unknown[]).includes(value);
/** The file picker's `accept`: the types above. */
export const RECEIPT_ACCEPT = RECEIPT_CONTENT_TYPES.join(',');

export const RECEIPT_MAX_MB = 10;
export const RECEIPT_MAX_BYTES = RECEIPT_MAX_MB * 1024 * 1024;
export const RECEIPT_FILE_NAME_MAX = 200;
/** How long a presigned upload or download link works. */
export const RECEIPT_LINK_SECONDS = 300;
