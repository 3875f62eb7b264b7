import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MAINTENANCE_PHOTOS_MAX, type PhotoContentType } from '@rent/shared';
import { Invalid, NotFound } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import { StaleRead, transact } from '../transact.js';

/**
 * Maintenance photos (issue 10; docs/decisions.md "Maintenance photos"): `ORG#o / MAINTPHOTO#m#p`, PENDING from
 * the upload request until the confirm call checked the bytes (then READY), pending ones expiring after a day.
 * The request item counts its READY photos (`photoCount`), raised in the confirm's own TransactWriteItems under
 * the condition that it stays at most 10: two confirms at once cannot make an eleventh.
 */
export interface MaintenancePhotoRecord {
  id: string;
  organizationId: string;
  requestId: string;
  userId: string;
  fileName: string;
  contentType: PhotoContentType;
  size: number;
  key: string;
  status: 'PENDING' | 'READY';
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

/** A request's photos (READY ones; pending uploads are nobody's to see), oldest first. */
export async function listPhotos(orgId: string, requestId: string): Promise<MaintenancePhotoRecord[]> {
  const prefix = keys.maintenancePhotos(orgId, requestId);
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ConsistentRead: true }));
  return items
    .map(toRecord)
    .filter((p) => p.status === 'READY')
    .sort((a, b) => (a.uploadedAt ?? '').localeCompare(b.uploadedAt ?? ''));
}

/** The checked upload becomes a READY photo, counted on its request (at most 10), in one write. */
export async function markPhotoReady(
  photo: MaintenancePhotoRecord,
  uploadedAt: string,
): Promise<MaintenancePhotoRecord> {
  await transact([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.maintenancePhoto(photo.organizationId, photo.requestId, photo.id),
          UpdateExpression: 'SET #status = :ready, uploadedAt = :at REMOVE #ttl',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':ready': 'READY', ':pending': 'PENDING', ':at': uploadedAt },
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
  ]);
  return { ...photo, status: 'READY', uploadedAt };
}

export const tooMany = () => new Invalid(`A request can have at most ${MAINTENANCE_PHOTOS_MAX} photos.`);

export async function forgetPendingPhoto(photo: MaintenancePhotoRecord): Promise<void> {
  await db
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.maintenancePhoto(photo.organizationId, photo.requestId, photo.id),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'PENDING' },
      }),
    )
    .catch(() => undefined); // confirmed meanwhile by another call: it stays
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
    status: item.status === 'READY' ? 'READY' : 'PENDING',
    createdAt: String(item.createdAt),
    uploadedAt: (item.uploadedAt as string | null) ?? null,
  };
}
