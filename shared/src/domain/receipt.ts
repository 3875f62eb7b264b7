import * as z from 'zod';
import { RECEIPT_CONTENT_TYPES, RECEIPT_FILE_NAME_MAX, RECEIPT_MAX_BYTES, RECEIPT_MAX_MB } from '../core/receipts.js';
import { Id, line, Timestamp } from './common.js';

/**
 * Step 1 of an upload (POST /api/receipts/upload-receipts): describe the file, get a presigned PUT.
 * The browser then PUTs the bytes straight to storage and confirms (step 2).
 */
export const ReceiptUploadRequest = z.strictObject({
  fileName: line('File name', RECEIPT_FILE_NAME_MAX),
  contentType: z.enum(RECEIPT_CONTENT_TYPES, { error: 'Upload a JPEG, PNG, WebP or PDF file' }),
  size: z
    .number({ error: 'size must be the file size in bytes' })
    .int({ error: 'size must be the file size in bytes' })
    .min(1, { error: 'The file is empty' })
    .max(RECEIPT_MAX_BYTES, { error: `The file is larger than ${RECEIPT_MAX_MB} MB` }),
  transactionId: Id.nullish().transform((value) => value ?? null),
});
export type ReceiptUploadRequest = z.output<typeof ReceiptUploadRequest>;

export const ReceiptUpload = z.object({
  /** The receipt's id: confirm with it, then use it with get-receipt-url and DELETE /api/receipts/{id}. */
  reference: z.string(),
  upload: z.object({
    url: z.string(),
    method: z.literal('PUT'),
    /** Send exactly these headers with the PUT: they are part of the signature. */
    headers: z.record(z.string(), z.string()),
    expiresAt: Timestamp,
  }),
});

/** A stored receipt. `reference` is what the get-receipt-url calls take. */
export const Receipt = z.object({
  id: z.string(),
  reference: z.string(),
  userId: z.string(),
  fileName: z.string(),
  /** The storage reference (object key); read it through get-receipt-url. */
  fileUrl: z.string(),
  contentType: z.enum(RECEIPT_CONTENT_TYPES),
  size: z.number().int(),
  uploadedAt: Timestamp,
  transactionId: z.string().nullable(),
});
export type Receipt = z.infer<typeof Receipt>;

export const ReceiptResult = z.object({ reference: z.string(), receipt: Receipt });
export const ReceiptList = z.object({ receipts: z.array(Receipt) });
export const ReceiptUrl = z.object({ url: z.string(), expiresAt: Timestamp });

export const ReceiptReferenceQuery = z.strictObject({ reference: Id });
/** With a transactionId: that transaction's receipts. Without: the caller's receipts not attached to any transaction. */
export const MyReceiptsQuery = z.strictObject({
  transactionId: z.preprocess((value) => (value === '' ? undefined : value), Id.optional()),
});
