import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { TAX_PACKAGE_LINK_SECONDS } from '@rent/shared';
import { config } from './config.js';
import { s3, signLink } from './s3.js';

/**
 * The tax package's S3 side (docs/reports-and-tax.md "Tax package"): receipts read one at a time as streams,
 * the zip written as a stream (multipart upload, 5 MiB parts, two in flight: the job holds about 10 MiB of the
 * zip at any time, whatever its size), and the short-lived download link. Packages live in the receipts bucket under tax-packages/,
 * which a lifecycle rule empties after TAX_PACKAGE_DAYS (infra/lib/data-stack.ts).
 */
const bucket = () => config().RECEIPTS_BUCKET;

export const PART_BYTES = 5 * 1024 * 1024;

/** A receipt's bytes as a stream (nothing is buffered here). */
export async function openObject(key: string): Promise<Readable> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  if (!object.Body) throw new Error(`Empty body for ${key}`);
  return object.Body as Readable;
}

/** Streams `body` to `key`; `done()` resolves once S3 has the whole object. */
export function uploadStream(key: string, body: Readable): Upload {
  return new Upload({
    client: s3(),
    params: { Bucket: bucket(), Key: key, Body: body, ContentType: 'application/zip' },
    partSize: PART_BYTES,
    queueSize: 2,
    leavePartsOnError: false,
  });
}

/** A GET of the zip for TAX_PACKAGE_LINK_SECONDS, saved under `fileName` (attachment). */
export async function presignPackageDownload(key: string, fileName: string) {
  const url = await signLink({
    operation: 'GetObject',
    key,
    query: {
      'response-content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`,
      'response-content-type': 'application/zip',
    },
    expiresIn: TAX_PACKAGE_LINK_SECONDS,
  });
  return { url, expiresAt: new Date(Date.now() + TAX_PACKAGE_LINK_SECONDS * 1000).toISOString() };
}
