import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fetch } from 'undici';
import { LOCAL } from '../../infra/local/config.js';
import { baseUrl } from '../support/api.js';
import { dispatcher } from './receipt-upload.js';

export const BUCKET = LOCAL.receiptsBucket;

let signer: S3Client | undefined;
/**
 * A client that signs as the handlers do offline: the local credentials, against the origin's /s3
 * public endpoint (S3_PUBLIC_ENDPOINT), path-style, so the local pass-through accepts what it makes.
 */
export function localSigner(): S3Client {
  signer ??= new S3Client({
    region: LOCAL.region,
    endpoint: `${baseUrl()}/s3`,
    forcePathStyle: true,
    credentials: LOCAL.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return signer;
}

/** Whether an object is stored, asked with a presigned HEAD through the local /s3 pass-through. */
export async function objectExists(key: string): Promise<boolean> {
  const res = await fetch(await getSignedUrl(localSigner(), new HeadObjectCommand({ Bucket: BUCKET, Key: key })), {
    method: 'HEAD',
    dispatcher: dispatcher(),
  });
  await res.arrayBuffer();
  if (res.status !== 200 && res.status !== 404) throw new Error(`HEAD ${key} answered ${res.status}`);
  return res.status === 200;
}

/** Stores bytes under a key with a link the test signs itself (for objects the app's links refuse). */
export async function storeObject(key: string, bytes: Buffer, contentType: string): Promise<void> {
  const command = new PutObjectCommand({
    Bucket: BUCKET,
    Key: key,
    ContentType: contentType,
    ContentLength: bytes.length,
  });
  const url = await getSignedUrl(localSigner(), command, {
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  const res = await fetch(url, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': contentType },
    dispatcher: dispatcher(),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`PUT ${key} answered ${res.status}`);
}
