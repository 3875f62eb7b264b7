import * as z from 'zod';
import {
  HEIC_CONTENT_TYPES,
  HEIC_MESSAGE,
  MAINTENANCE_PHOTO_FILE_NAME_MAX,
  MAINTENANCE_PHOTO_MAX_BYTES,
  MAINTENANCE_PHOTO_MAX_MB,
  PHOTO_CONTENT_TYPES,
  type PhotoContentType,
} from '../core/maintenance.js';
import { Id, line, Timestamp } from './common.js';
import { ReceiptUpload } from './receipt.js';

/**
 * Maintenance photos (docs/tenants-and-maintenance.md "Photos"): up to 10 per request, uploaded like
 * receipts (a presigned PUT, then a confirm call that checks the stored bytes).
 */
export const MaintenancePhotoUploadRequest = z.strictObject({
  fileName: line('File name', MAINTENANCE_PHOTO_FILE_NAME_MAX),
  contentType: z.string({ error: 'Upload a JPEG, PNG or WebP photo' }).transform((value, ctx): PhotoContentType => {
    const type = value.toLowerCase();
    if ((PHOTO_CONTENT_TYPES as readonly string[]).includes(type)) return type as PhotoContentType;
    ctx.addIssue({
      code: 'custom',
      message: (HEIC_CONTENT_TYPES as readonly string[]).includes(type)
        ? HEIC_MESSAGE
        : 'Upload a JPEG, PNG or WebP photo',
    });
    return z.NEVER;
  }),
  size: z
    .number({ error: 'size must be the file size in bytes' })
    .int({ error: 'size must be the file size in bytes' })
    .min(1, { error: 'The photo is empty' })
    .max(MAINTENANCE_PHOTO_MAX_BYTES, { error: `The photo is larger than ${MAINTENANCE_PHOTO_MAX_MB} MB` }),
});
export type MaintenancePhotoUploadRequest = z.output<typeof MaintenancePhotoUploadRequest>;

export const MaintenancePhotoUpload = ReceiptUpload;

export const MaintenancePhotoParams = z.strictObject({ id: Id, photoId: Id });

export const MaintenancePhoto = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(PHOTO_CONTENT_TYPES),
  size: z.number(),
  uploadedAt: Timestamp,
  /** A short-lived link to the photo (served with its checked type, inline). */
  url: z.string(),
});
export type MaintenancePhoto = z.infer<typeof MaintenancePhoto>;

export const MaintenancePhotoList = z.object({ photos: z.array(MaintenancePhoto) });
export const MaintenancePhotoResult = z.object({ photo: MaintenancePhoto });
