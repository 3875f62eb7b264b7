import { randomUUID } from 'node:crypto';
import { RECEIPT_MAX_BYTES, type ReceiptUploadRequest } from '@rent/shared';
import {
  deleteReceiptRecord,
  discardPendingReceipt,
  getReadyReceipt,
  getReceipt,
  markReceiptReady,
  putPendingReceipt,
  type ReceiptRecord,
} from '../data/repositories/receipts.js';
import { StaleRead } from '../data/transact.js';
import { Invalid, NotFound } from '../domain-errors.js';
import {
  CONTENT_TYPE_LABELS,
  pendingReceiptKey,
  receiptDisposition,
  receiptObjectKey,
  sniffContentType,
} from '../lib/receiptFiles.js';
import {
  copyObject,
  deleteObject,
  deleteObjectsQuietly,
  describeObject,
  presignReceiptDownload,
  presignReceiptUpload,
  readFirstBytes,
} from '../lib/s3.js';

/**
 * Receipts, everything that touches their files (docs/data-model.md "Receipts"): the API records a
 * pending receipt and hands out a presigned PUT for a PENDING key only; the browser uploads straight to
 * S3; the confirm call copies the upload to the receipt's own key — which no presigned PUT ever names —
 * deletes the pending object, and checks what is stored there (size, type, first bytes) before the
 * receipt becomes visible. What was checked is therefore exactly what is served: re-using the upload
 * link afterwards writes only the pending key, which nothing reads.
 */
interface Uploader {
  orgId: string;
  userId: string;
}

export async function requestReceiptUpload(caller: Uploader, request: ReceiptUploadRequest) {
  const id = randomUUID();
  const receipt: ReceiptRecord = {
    id,
    organizationId: caller.orgId,
    userId: caller.userId,
    fileName: request.fileName,
    contentType: request.contentType,
    size: request.size,
    key: receiptObjectKey(caller.orgId, request.transactionId, id, request.fileName),
    status: 'PENDING',
    transactionId: request.transactionId,
    createdAt: new Date().toISOString(),
    uploadedAt: null,
    version: 1,
  };
  await putPendingReceipt(receipt);
  const upload = await presignReceiptUpload(pendingReceiptKey(caller.orgId, id), receipt.contentType, receipt.size);
  return { reference: id, upload };
}

/** Why the stored object cannot be accepted, or null when it is what was announced. */
async function problemWith(receipt: ReceiptRecord, stored: { size: number; contentType: string | null }) {
  const label = CONTENT_TYPE_LABELS[receipt.contentType];
  if (stored.size > RECEIPT_MAX_BYTES) return 'The file is larger than 10 MB.';
  if (stored.size !== receipt.size) return 'The uploaded file is not the size that was announced. Upload it again.';
  if (stored.contentType !== receipt.contentType) return `The file was not uploaded as a ${label}. Upload it again.`;
  const actual = sniffContentType(await readFirstBytes(receipt.key));
  if (actual !== receipt.contentType)
    return `That file is not really a ${label}. Upload a JPEG, PNG, WebP or PDF file.`;
  return null;
}

/**
 * Step 2. An upload that is not what it claimed is deleted (objects and record) and answered with
 * 400. Confirming twice is harmless: a receipt that is already confirmed is returned as it is.
 */
export async function confirmReceiptUpload(caller: Uploader, receiptId: string): Promise<ReceiptRecord> {
  const receipt = await getReceipt(caller.orgId, receiptId);
  if (receipt.status === 'READY') return receipt;
  const pending = pendingReceiptKey(caller.orgId, receiptId);
  if (!(await describeObject(pending))) {
    throw new Invalid('The file has not arrived yet. Upload it, then confirm again.');
  }
  // Check the copy, not the upload: the pending key stays writable until its link expires.
  await copyObject(pending, receipt.key);
  await deleteObject(pending);
  const stored = await describeObject(receipt.key);
  const problem = stored ? await problemWith(receipt, stored) : 'The file has not arrived yet. Upload it again.';
  if (problem) {
    await discard(receipt);
    throw new Invalid(problem);
  }
  try {
    return await markReceiptReady(receipt, new Date().toISOString());
  } catch (error) {
    // Two confirms at once: the other one won, answer with what it made (or 404 if it discarded).
    if (error instanceof StaleRead) return getReadyReceipt(caller.orgId, receiptId);
    // The transaction was deleted while the file was on its way: nothing may keep the bytes.
    if (error instanceof NotFound) await discard(receipt);
    throw error;
  }
}

async function discard(receipt: ReceiptRecord) {
  await deleteObjectsQuietly([receipt.key, pendingReceiptKey(receipt.organizationId, receipt.id)]);
  await discardPendingReceipt(receipt.organizationId, receipt.id);
}

export async function receiptLink(caller: Uploader, reference: string) {
  const receipt = await getReadyReceipt(caller.orgId, reference);
  return presignReceiptDownload(receipt.key, receipt.contentType, receiptDisposition(receipt.fileName));
}

/** Deletes the record first (the truth), then the object. */
export async function removeReceipt(caller: Uploader, receiptId: string) {
  const receipt = await deleteReceiptRecord(caller.orgId, receiptId);
  await deleteObjectsQuietly([receipt.key]);
  return { id: receipt.id };
}
