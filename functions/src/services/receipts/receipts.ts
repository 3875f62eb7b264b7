import { randomUUID } from 'node:crypto';
import type { ReceiptUploadRequest } from '@rent/shared';
import {
  claimPendingReceipt,
  deleteReceiptRecord,
  discardPendingReceipt,
  getReadyReceipt,
  getReceipt,
  listReceiptsOfTransaction,
  listUnattachedReceipts,
  markReceiptReady,
  putPendingReceipt,
  type ReceiptRecord,
  receiptToApi,
  releaseReceiptClaim,
} from '../../data/receipts/receipts.js';
import { NotFound } from '../../domain-errors.js';
import { deleteObjectsQuietly } from '../../lib/s3.js';
import { pendingUploadKey, RECEIPT_UPLOADS, receiptObjectKey } from '../../lib/uploadKinds.js';
import { confirmUpload, requestUpload, uploadLink } from '../../lib/verifiedUpload.js';
import { type LedgerCaller, personActor } from '../ledger/actors.js';
import { assertPeriodOpen } from '../ledger/periods.js';
import { getTransaction } from '../ledger/transactions.js';

/**
 * Receipts, everything that touches their files (docs/ledger.md "Receipts"): a receipt is a verified upload
 * (lib/verifiedUpload.ts). The API records a pending receipt and hands out a presigned PUT for its pending key
 * only; the browser uploads straight to S3; the confirm call copies the upload to the receipt's own key, checks
 * what is stored there (size, type, first bytes) and only then makes the receipt visible and counts it on its
 * transaction.
 *
 * A receipt is part of its transaction's books: adding one to, or removing one from, a transaction dated in a
 * closed period is refused with the ledger's 409 PERIOD_CLOSED (an ADMIN's override lets it through, as for any
 * ledger write; docs/ledger.md "Closed periods").
 */
type Uploader = LedgerCaller;

/** 409 PERIOD_CLOSED when the receipt's transaction (if any) is dated in a closed period. */
async function assertTransactionOpen(caller: Uploader, transactionId: string | null) {
  if (!transactionId) return;
  const transaction = await getTransaction(caller, transactionId);
  await assertPeriodOpen(caller.orgId, [transaction.date], personActor(caller));
}

export async function requestReceiptUpload(caller: Uploader, request: ReceiptUploadRequest) {
  await assertTransactionOpen(caller, request.transactionId ?? null);
  const id = randomUUID();
  const receipt: ReceiptRecord = {
    id,
    organizationId: caller.orgId,
    userId: caller.userId,
    fileName: request.fileName,
    contentType: request.contentType,
    size: request.size,
    key: receiptObjectKey(caller.orgId, request.transactionId, id, request.fileName),
    pendingKey: pendingUploadKey(RECEIPT_UPLOADS, caller.orgId, id),
    status: 'PENDING',
    transactionId: request.transactionId,
    createdAt: new Date().toISOString(),
    uploadedAt: null,
    version: 1,
  };
  await putPendingReceipt(receipt);
  return { reference: id, upload: await requestUpload(receipt) };
}

/**
 * Step 2. An upload that is not what it claimed is deleted (objects and record) and answered with 400; so is one
 * whose transaction was deleted while the file was on its way (404). Confirming again, or many times at once,
 * answers the confirmed receipt.
 */
export async function confirmReceiptUpload(caller: Uploader, receiptId: string): Promise<ReceiptRecord> {
  const { orgId } = caller;
  return confirmUpload(RECEIPT_UPLOADS, {
    read: () => getReceipt(orgId, receiptId),
    claim: (holder, now) => claimPendingReceipt(orgId, receiptId, holder, now),
    release: (holder) => releaseReceiptClaim(orgId, receiptId, holder),
    markReady: async (receipt, holder) => {
      await assertTransactionOpen(caller, receipt.transactionId);
      return markReceiptReady(receipt, new Date().toISOString(), holder);
    },
    discard: (receipt, holder) => discardPendingReceipt(orgId, receipt.id, holder),
  });
}

export async function receiptLink(caller: Uploader, reference: string) {
  return uploadLink(await getReadyReceipt(caller.orgId, reference));
}

/** Deletes the record first (the truth), then the object. */
export async function removeReceipt(caller: Uploader, receiptId: string) {
  const current = await getReceipt(caller.orgId, receiptId);
  if (current.status === 'READY') await assertTransactionOpen(caller, current.transactionId).catch(goneIsOpen);
  const receipt = await deleteReceiptRecord(caller.orgId, receiptId);
  await deleteObjectsQuietly([receipt.key]);
  return { id: receipt.id };
}

/** A receipt whose transaction is gone belongs to no period: deleting it is always allowed. */
function goneIsOpen(error: unknown) {
  if (!(error instanceof NotFound)) throw error;
}

/** A transaction's receipts, or (without one) the caller's uploads not yet attached to any transaction. */
export async function listReceipts(caller: Uploader, transactionId: string | undefined) {
  const receipts = transactionId
    ? await listReceiptsOfTransaction(caller.orgId, transactionId)
    : await listUnattachedReceipts(caller.orgId, caller.userId);
  return receipts.map(receiptToApi);
}

/** The confirm route's answer: the receipt's reference and the receipt as the API shows it. */
export async function confirmReceipt(caller: Uploader, receiptId: string) {
  const receipt = receiptToApi(await confirmReceiptUpload(caller, receiptId));
  return { reference: receipt.reference, receipt };
}
