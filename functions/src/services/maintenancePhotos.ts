import { randomUUID } from 'node:crypto';
import {
  isTenant,
  MAINTENANCE_PHOTOS_MAX,
  type MaintenancePhoto,
  type MaintenancePhotoUploadRequest,
  TENANT_EDITABLE_STATUSES,
} from '@rent/shared';
import {
  forgetPendingPhoto,
  getPhoto,
  listPhotos,
  type MaintenancePhotoRecord,
  markPhotoReady,
  putPendingPhoto,
  tooMany,
} from '../data/repositories/maintenancePhotos.js';
import { StaleRead } from '../data/transact.js';
import { Invalid, NotAllowed } from '../domain-errors.js';
import {
  CONTENT_TYPE_LABELS,
  pendingReceiptKey,
  receiptDisposition,
  safeFileName,
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
import type { Caller } from '../runtime/identity.js';
import { readable } from './maintenance.js';

/**
 * Maintenance photos (issue 10; docs/decisions.md "Maintenance photos"): the receipts' two steps — a presigned
 * PUT to a pending key, then a confirm that copies the bytes to the photo's own key (under the organization's
 * prefix, so an organization purge takes them) and checks their size, declared type and magic bytes. A photo
 * that is not what it claimed is deleted, bytes and record, and answered with 400.
 */
const photoKey = (orgId: string, requestId: string, photoId: string, fileName: string) =>
  `receipts/${orgId}/maintenance/${requestId}/${photoId}-${safeFileName(fileName)}`;

/** The request, if the caller may add photos to it: staff always; its reporter while it is NEW or PENDING. */
async function writable(caller: Caller, requestId: string) {
  const request = await readable(caller, requestId);
  if (isTenant(caller.role) && !TENANT_EDITABLE_STATUSES.includes(request.status)) {
    throw new NotAllowed('Photos can be added while the request is New or Pending.', 'REQUEST_LOCKED');
  }
  return request;
}

export async function requestPhotoUpload(caller: Caller, requestId: string, input: MaintenancePhotoUploadRequest) {
  await writable(caller, requestId);
  if ((await listPhotos(caller.orgId, requestId)).length >= MAINTENANCE_PHOTOS_MAX) throw tooMany();
  const id = randomUUID();
  const photo: MaintenancePhotoRecord = {
    id,
    organizationId: caller.orgId,
    requestId,
    userId: caller.userId,
    fileName: input.fileName,
    contentType: input.contentType,
    size: input.size,
    key: photoKey(caller.orgId, requestId, id, input.fileName),
    status: 'PENDING',
    createdAt: new Date().toISOString(),
    uploadedAt: null,
  };
  await putPendingPhoto(photo);
  return {
    reference: id,
    upload: await presignReceiptUpload(pendingReceiptKey(caller.orgId, id), input.contentType, input.size),
  };
}

export async function confirmPhoto(caller: Caller, requestId: string, photoId: string) {
  await writable(caller, requestId);
  const photo = await getPhoto(caller.orgId, requestId, photoId);
  if (photo.status === 'READY') return { photo: await toApi(photo) };
  const pending = pendingReceiptKey(caller.orgId, photoId);
  if (!(await describeObject(pending)))
    throw new Invalid('The photo has not arrived yet. Upload it, then confirm again.');
  await copyObject(pending, photo.key);
  await deleteObject(pending);
  const stored = await describeObject(photo.key);
  const label = CONTENT_TYPE_LABELS[photo.contentType];
  const problem = !stored
    ? 'The photo has not arrived yet. Upload it again.'
    : stored.size !== photo.size || stored.contentType !== photo.contentType
      ? 'The uploaded photo is not the file that was announced. Upload it again.'
      : sniffContentType(await readFirstBytes(photo.key)) !== photo.contentType
        ? `That file is not really a ${label}. Upload a JPEG, PNG or WebP photo.`
        : null;
  if (problem) {
    await discard(photo);
    throw new Invalid(problem);
  }
  try {
    return { photo: await toApi(await markPhotoReady(photo, new Date().toISOString())) };
  } catch (error) {
    if (error instanceof StaleRead) return { photo: await toApi(await getPhoto(caller.orgId, requestId, photoId)) };
    await discard(photo); // the eleventh photo, or the request deleted meanwhile: nothing keeps the bytes
    throw error;
  }
}

export async function requestPhotos(caller: Caller, requestId: string): Promise<{ photos: MaintenancePhoto[] }> {
  await readable(caller, requestId);
  return { photos: await Promise.all((await listPhotos(caller.orgId, requestId)).map(toApi)) };
}

async function discard(photo: MaintenancePhotoRecord) {
  await deleteObjectsQuietly([photo.key, pendingReceiptKey(photo.organizationId, photo.id)]);
  await forgetPendingPhoto(photo);
}

async function toApi(photo: MaintenancePhotoRecord): Promise<MaintenancePhoto> {
  const { url } = await presignReceiptDownload(photo.key, photo.contentType, receiptDisposition(photo.fileName));
  return {
    id: photo.id,
    fileName: photo.fileName,
    contentType: photo.contentType,
    size: photo.size,
    uploadedAt: photo.uploadedAt ?? photo.createdAt,
    url,
  };
}
