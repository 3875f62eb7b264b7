import { RECEIPT_MAX_BYTES, type ReceiptContentType } from '@rent/shared';
import type { LeaseShape } from './lease.js';
import { CONTENT_TYPE_LABELS, safeFileName, sniffContentType } from './receiptFiles.js';

/**
 * The kinds of verified upload (lib/verifiedUpload.ts) and where their bytes live in the bucket: pure, so the
 * keys, the prefixes and the verdict on stored bytes are tested without S3 (and read by infra tests).
 *
 * Each kind has its own prefix, `<prefix>/<orgId>/...` for checked files and `<prefix>/pending/<orgId>/<id>` for
 * uploads waiting to be checked: IAM grants, the lifecycle rule that empties pending uploads and the organization
 * purge all go by prefix (infra/lib/route-function.ts, infra/lib/data-stack.ts, services/people/orgPurge.ts).
 */
export type UploadProblem = 'notArrived' | 'gone' | 'tooLarge' | 'wrongSize' | 'wrongType' | 'notReally';

export interface UploadKind {
  readonly prefix: string;
  readonly maxBytes: number;
  /** What each problem is called for this kind (`label`: the declared type, e.g. "PNG image"). */
  readonly say: Record<UploadProblem, (label: string) => string>;
}

export const RECEIPT_UPLOADS: UploadKind = {
  prefix: 'receipts',
  maxBytes: RECEIPT_MAX_BYTES,
  say: {
    notArrived: () => 'The file has not arrived yet. Upload it, then confirm again.',
    gone: () => 'The file has not arrived yet. Upload it again.',
    tooLarge: () => `The file is larger than ${RECEIPT_MAX_BYTES / 1024 / 1024} MB.`,
    wrongSize: () => 'The uploaded file is not the size that was announced. Upload it again.',
    wrongType: (label) => `The file was not uploaded as a ${label}. Upload it again.`,
    notReally: (label) => `That file is not really a ${label}. Upload a JPEG, PNG, WebP or PDF file.`,
  },
};

const notAnnounced = () => 'The uploaded photo is not the file that was announced. Upload it again.';
export const PHOTO_UPLOADS: UploadKind = {
  prefix: 'maintenance-photos',
  // The upload request's schema holds a photo to a receipt's size; a bigger stored file is not the one announced.
  maxBytes: RECEIPT_MAX_BYTES,
  say: {
    notArrived: () => 'The photo has not arrived yet. Upload it, then confirm again.',
    gone: () => 'The photo has not arrived yet. Upload it again.',
    tooLarge: notAnnounced,
    wrongSize: notAnnounced,
    wrongType: notAnnounced,
    notReally: (label) => `That file is not really a ${label}. Upload a JPEG, PNG or WebP photo.`,
  },
};

export const UPLOAD_KINDS: readonly UploadKind[] = [RECEIPT_UPLOADS, PHOTO_UPLOADS];

/** `<prefix>/<orgId>/<folder>/<id>-<safe name>`: a checked file's key, inside its organization's prefix. */
export const uploadObjectKey = (kind: UploadKind, orgId: string, folder: string, id: string, fileName: string) =>
  `${kind.prefix}/${orgId}/${folder}/${id}-${safeFileName(fileName)}`;

/**
 * Where the browser uploads a file before it is checked: the only key a presigned PUT is ever made for. The
 * confirm copies it to the file's own key, which the browser can never write, so a later PUT with the same link
 * cannot change a confirmed file.
 */
export const pendingUploadKey = (kind: UploadKind, orgId: string, id: string) =>
  `${kind.prefix}/pending/${orgId}/${id}`;

/** A receipt's key: receipts/<orgId>/<transactionId or "unattached">/<receiptId>-<safe name>. */
export const receiptObjectKey = (orgId: string, transactionId: string | null, receiptId: string, fileName: string) =>
  uploadObjectKey(RECEIPT_UPLOADS, orgId, transactionId ?? 'unattached', receiptId, fileName);

/** A maintenance photo's key: maintenance-photos/<orgId>/<requestId>/<photoId>-<safe name>. */
export const photoObjectKey = (orgId: string, requestId: string, photoId: string, fileName: string) =>
  uploadObjectKey(PHOTO_UPLOADS, orgId, requestId, photoId, fileName);

/**
 * Every prefix an organization's uploads live under, checked and pending (what its purge empties). Photos stored
 * before they had a prefix of their own live under receipts/<orgId>/maintenance/, inside the receipts' prefix.
 */
export const organizationUploadPrefixes = (orgId: string): string[] =>
  UPLOAD_KINDS.flatMap((kind) => [`${kind.prefix}/${orgId}/`, `${kind.prefix}/pending/${orgId}/`]);

/**
 * The claim one confirm takes on a pending upload while it checks the bytes (lib/lease.ts), kept in `confirmHolder`
 * / `confirmUntil` (epoch ms) on the item. It lasts longer than a route's Lambda timeout (10 s), so a confirm whose
 * claim ran out has stopped, and the next one can finish its work.
 */
export const UPLOAD_CONFIRM_CLAIM: LeaseShape = {
  until: 'confirmUntil',
  holder: 'confirmHolder',
  unit: 'ms',
  ms: 15_000,
};

/**
 * What an upload record (a receipt, a maintenance photo) says about its file: the verified upload reads and writes
 * these. `C` narrows the types a kind accepts.
 */
export interface UploadRecord<C extends ReceiptContentType = ReceiptContentType> {
  id: string;
  organizationId: string;
  fileName: string;
  contentType: C;
  size: number;
  /** The checked file's key: whatever the record stores is where its bytes are (old records keep old keys). */
  key: string;
  /** Where the browser uploads it; absent on records made before records named it. */
  pendingKey?: string | null;
  status: 'PENDING' | 'READY';
  /** While a confirm checks it: when that confirm's claim runs out (epoch ms). */
  confirmUntil?: number | null;
}

/** The pending key of a record; one that names none was uploaded where every upload once went. */
export const pendingKeyOf = (record: UploadRecord) =>
  record.pendingKey ?? pendingUploadKey(RECEIPT_UPLOADS, record.organizationId, record.id);

/**
 * The verdict on what is stored under the file's own key: null when it is what the record announced, else the
 * problem (too large, another size, stored as another type, or bytes of another type). The first bytes are read
 * only when everything else holds.
 */
export async function judgeUpload(
  kind: UploadKind,
  record: UploadRecord,
  stored: { size: number; contentType: string | null },
  firstBytes: () => Promise<Uint8Array>,
): Promise<UploadProblem | null> {
  if (stored.size > kind.maxBytes) return 'tooLarge';
  if (stored.size !== record.size) return 'wrongSize';
  if (stored.contentType !== record.contentType) return 'wrongType';
  if (sniffContentType(await firstBytes()) !== record.contentType) return 'notReally';
  return null;
}

/** A problem in the kind's words, about the record's declared type. */
export const problemMessage = (kind: UploadKind, record: UploadRecord, problem: UploadProblem) =>
  kind.say[problem](CONTENT_TYPE_LABELS[record.contentType]);
