import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MAINTENANCE_PHOTOS_MAX, type PhotoContentType } from '@rent/shared';
import { Invalid, NotFound } from '../../domain-errors.js';
import type { UploadRecord } from '../../lib/uploadKinds.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import { StaleRead, type TransactOp, transact } from '../transact.js';
import {
  claimPendingUpload,
  confirmUntilOf,
  discardClaimedUpload,
  readyUpdate,
  releaseUploadClaim,
} from '../uploads.js';

/**
 * Maintenance photos (see the maintenance page in docs/): `ORG#o / MAINTPHOTO#m#p`, PENDING from the upload request
 * until the confirm call checked the bytes (then READY; lib/verifiedUpload.ts), pending ones expiring after a day.
 * The request item counts its READY photos (`photoCount`), raised in the confirm's own TransactWriteItems under
 * the condition that it stays at most 10: two confirms at once cannot make an eleventh. Photos from before their own
 * key prefix keep their keys under receipts/<org>/maintenance/.
 */
export interface MaintenancePhotoRecord extends UploadRecord<PhotoContentType> {
  requestId: string;
  userId: string;
  createdAt: string;
  uploadedAt: string | null;
}

const PENDING_TTL_SECONDS = 24 * 3600;
const notFound = () => new NotFound('Photo');

export async function putPendingPhoto(photo: MaintenancePhotoRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.maintenancePhoto(photo.organizationId, photo.requestId, photo.id),
        type: 'MaintenancePhoto',
        ...photo,
        ttl: Math.floor(Date.now() / 1000) + PENDING_TTL_SECONDS,
      },
    }),
  );
}

export async function getPhoto(orgId: string, requestId: string, photoId: string): Promise<MaintenancePhotoRecord> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.maintenancePhoto(orgId, requestId, photoId),
      ConsistentRead: true,
    }),
  );
  if (Item?.type !== 'MaintenancePhoto') throw notFound();
  return toRecord(Item);
}

/** Claims a PENDING photo for one confirm (data/uploads.ts): the photo, or null when not pending or claimed. */
export async function claimPendingPhoto(
  orgId: string,
  requestId: string,
  photoId: string,
  holder: string,
  now: number,
) {
  const item = await claimPendingUpload(keys.maintenancePhoto(orgId, requestId, photoId), holder, now);
  return item ? toRecord(item) : null;
}

export async function releasePhotoClaim(orgId: string, requestId: string, photoId: string, holder: string) {
  await releaseUploadClaim(keys.maintenancePhoto(orgId, requestId, photoId), holder);
}

/** A request's photos (READY ones; pending uploads are nobody's to see), oldest first. */
export async function listPhotos(orgId: string, requestId: string): Promise<MaintenancePhotoRecord[]> {
  const prefix = keys.maintenancePhotos(orgId, requestId);
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ConsistentRead: true }));
  return items
    .map(toRecord)
    .filter((p) => p.status === 'READY')
    .sort((a, b) => (a.uploadedAt ?? '').localeCompare(b.uploadedAt ?? ''));
}

/**
 * The checked upload becomes a READY photo, counted on its request (at most 10), in one write under the
 * confirm's claim (null when the claim was lost).
 */
export async function markPhotoReady(
  photo: MaintenancePhotoRecord,
  uploadedAt: string,
  holder: string,
): Promise<MaintenancePhotoRecord | null> {
  const ops: TransactOp[] = [
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.maintenancePhoto(photo.organizationId, photo.requestId, photo.id),
          ...readyUpdate(holder, { status: 'READY', uploadedAt }),
        },
      },
      onConditionFailure: () => new StaleRead(),
    },
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.maintenance(photo.organizationId, photo.requestId),
          UpdateExpression: 'ADD photoCount :one',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(photoCount) OR photoCount < :max)',
          ExpressionAttributeValues: { ':one': 1, ':max': MAINTENANCE_PHOTOS_MAX },
        },
      },
      onConditionFailure: () => tooMany(),
    },
  ];
  try {
    await transact(ops);
  } catch (error) {
    if (error instanceof StaleRead) return null;
    throw error;
  }
  return { ...photo, status: 'READY', uploadedAt };
}

export const tooMany = () => new Invalid(`A request can have at most ${MAINTENANCE_PHOTOS_MAX} photos.`);

/** Forgets a photo whose bytes failed the checks (or that its request refused), under the confirm's claim. */
export async function forgetPendingPhoto(photo: MaintenancePhotoRecord, holder: string): Promise<void> {
  await discardClaimedUpload(keys.maintenancePhoto(photo.organizationId, photo.requestId, photo.id), holder);
}

function toRecord(item: Record<string, unknown>): MaintenancePhotoRecord {
  return {
    id: String(item.id),
    organizationId: String(item.organizationId),
    requestId: String(item.requestId),
    userId: String(item.userId),
    fileName: String(item.fileName),
    contentType: item.contentType as PhotoContentType,
    size: Number(item.size),
    key: String(item.key),
    pendingKey: (item.pendingKey as string | undefined) ?? null,
    status: item.status === 'READY' ? 'READY' : 'PENDING',
    confirmUntil: confirmUntilOf(item),
    createdAt: String(item.createdAt),
    uploadedAt: (item.uploadedAt as string | null) ?? null,
  };
}
