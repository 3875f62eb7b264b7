import { randomUUID } from 'node:crypto';
import {
  isTenant,
  MAINTENANCE_PHOTOS_MAX,
  type MaintenancePhoto,
  type MaintenancePhotoUploadRequest,
  TENANT_EDITABLE_STATUSES,
} from '@rent/shared';
import {
  claimPendingPhoto,
  forgetPendingPhoto,
  getPhoto,
  listPhotos,
  type MaintenancePhotoRecord,
  markPhotoReady,
  putPendingPhoto,
  releasePhotoClaim,
  tooMany,
} from '../../data/maintenance/photos.js';
import { NotAllowed } from '../../domain-errors.js';
import { PHOTO_UPLOADS, pendingUploadKey, photoObjectKey } from '../../lib/uploadKinds.js';
import { confirmUpload, requestUpload, uploadLink } from '../../lib/verifiedUpload.js';
import type { Caller } from '../../runtime/identity.js';
import { readable } from './requests.js';

/**
 * Maintenance photos (see the maintenance page in docs/): each a verified upload (lib/verifiedUpload.ts), like a
 * receipt: a presigned PUT to a pending key, then a confirm that copies the bytes to the photo's own key, under
 * maintenance-photos/<org>/ (so an organization purge takes them), and checks their size, declared type and
 * magic bytes. A photo that is not what it claimed is deleted, bytes and record, and answered with 400. Photos
 * stored before they had their own prefix keep their keys (receipts/<org>/maintenance/...): a photo is read from
 * whatever key its record names.
 */
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
    key: photoObjectKey(caller.orgId, requestId, id, input.fileName),
    pendingKey: pendingUploadKey(PHOTO_UPLOADS, caller.orgId, id),
    status: 'PENDING',
    createdAt: new Date().toISOString(),
    uploadedAt: null,
  };
  await putPendingPhoto(photo);
  return { reference: id, upload: await requestUpload(photo) };
}

/**
 * Step 2: the photo becomes part of the request (counted, at most 10); one that is not what it claimed, or that
 * the request refuses (full, or deleted meanwhile), is deleted. Confirming again, or many times at once, answers
 * the confirmed photo.
 */
export async function confirmPhoto(caller: Caller, requestId: string, photoId: string) {
  await writable(caller, requestId);
  const { orgId } = caller;
  const photo = await confirmUpload(PHOTO_UPLOADS, {
    read: () => getPhoto(orgId, requestId, photoId),
    claim: (holder, now) => claimPendingPhoto(orgId, requestId, photoId, holder, now),
    release: (holder) => releasePhotoClaim(orgId, requestId, photoId, holder),
    markReady: (pending, holder) => markPhotoReady(pending, new Date().toISOString(), holder),
    discard: (pending, holder) => forgetPendingPhoto(pending, holder),
  });
  return { photo: await toApi(photo) };
}

export async function requestPhotos(caller: Caller, requestId: string): Promise<{ photos: MaintenancePhoto[] }> {
  // The request is checked beside the read of its photos; their links are signed only once it answered.
  const [, photos] = await Promise.all([readable(caller, requestId), listPhotos(caller.orgId, requestId)]);
  return { photos: await Promise.all(photos.map(toApi)) };
}

async function toApi(photo: MaintenancePhotoRecord): Promise<MaintenancePhoto> {
  const { url } = await uploadLink(photo);
  return {
    id: photo.id,
    fileName: photo.fileName,
    contentType: photo.contentType,
    size: photo.size,
    uploadedAt: photo.uploadedAt ?? photo.createdAt,
    url,
  };
}
