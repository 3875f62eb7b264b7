import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { formatUrl } from '@aws-sdk/core/util';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { RECEIPT_LINK_SECONDS, type ReceiptContentType } from '@rent/shared';
import { getEndpointFromInstructions } from '@smithy/core/endpoints';
import { extendedEncodeURIComponent, HttpRequest } from '@smithy/core/protocols';
import { config } from './config.js';
import { logger } from './logger.js';
import { SNIFF_BYTES } from './receiptFiles.js';

/**
 * The receipts bucket, created once per container, on first use: a client made at import would put the S3 SDK in
 * every Lambda that reaches this module, also those that never touch the bucket (a bundler keeps a `new` it cannot
 * prove harmless; docs/performance.md "Lambda bundles"). Checksums only WHEN_REQUIRED: otherwise the SDK
 * adds a CRC32 checksum parameter to presigned PUTs that a browser upload cannot satisfy (real S3
 * then refuses it). Offline, S3_ENDPOINT is s3rver (path-style), and presigned links are made
 * against S3_PUBLIC_ENDPOINT, the local origin's /s3 pass-through, so the browser stays same-origin.
 */
const { AWS_REGION, S3_ENDPOINT, S3_PUBLIC_ENDPOINT, RECEIPTS_BUCKET } = config();

const common: S3ClientConfig = {
  region: AWS_REGION,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
};
let bucketClient: S3Client | undefined;
let signerClient: S3Client | undefined;
export const s3 = (): S3Client =>
  (bucketClient ??= new S3Client({ ...common, ...(S3_ENDPOINT && { endpoint: S3_ENDPOINT, forcePathStyle: true }) }));
export const linkSigner = (): S3Client =>
  (signerClient ??= S3_PUBLIC_ENDPOINT
    ? new S3Client({ ...common, endpoint: S3_PUBLIC_ENDPOINT, forcePathStyle: true })
    : s3());

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

/**
 * A PUT of exactly one key, for RECEIPT_LINK_SECONDS, with Content-Type and Content-Length in the
 * signature (S3 refuses a different type or size). The presigner signs only `host` unless told
 * otherwise, so the headers are named explicitly; tests/unit/presign.test.ts pins this.
 */
export async function presignUpload(
  key: string,
  contentType: ReceiptContentType,
  size: number,
): Promise<PresignedUpload> {
  const url = await signLink({
    operation: 'PutObject',
    key,
    headers: { 'content-type': contentType, 'content-length': String(size) },
    expiresIn: RECEIPT_LINK_SECONDS,
  });
  return { url, method: 'PUT', headers: { 'Content-Type': contentType }, expiresAt: expiry() };
}

/**
 * A short-lived GET whose response type and disposition the server sets (the verified type; inline,
 * with a safe name): whatever the object's own metadata says, the link never serves it as HTML.
 */
export async function presignDownload(key: string, contentType: ReceiptContentType, disposition: string) {
  const url = await signLink({
    operation: 'GetObject',
    key,
    query: { 'response-content-disposition': disposition, 'response-content-type': contentType },
    expiresIn: RECEIPT_LINK_SECONDS,
  });
  return { url, expiresAt: expiry() };
}

/**
 * A presigned link to one object of the bucket, the same URL the SDK's `getSignedUrl` makes for the same
 * GetObject or PutObject (tests/unit/presign.test.ts compares them, on AWS's endpoint and on the local one). The
 * SDK resolves the client's whole middleware stack and S3's endpoint rules twice for every link it signs, about
 * 0.3 ms of CPU each; a maintenance request's photos sign a link each. The bucket's endpoint and signing region are
 * the same for every key, so they are resolved once per container, through the SDK, and a link is then only its
 * request signed: about 0.03 ms. Only what the SDK sends for these two operations is built here: the key as a
 * greedy path label, the response overrides or the signed headers, and `x-id`.
 */
export async function signLink(link: {
  operation: 'GetObject' | 'PutObject';
  key: string;
  query?: Record<string, string>;
  /** Lower-case names; every one is signed (S3 then refuses a request whose header differs). */
  headers?: Record<string, string>;
  expiresIn: number;
}): Promise<string> {
  bucketSigner ??= resolveBucketSigner().catch((error: unknown) => {
    bucketSigner = undefined;
    throw error;
  });
  const { endpoint, presigner } = await bucketSigner;
  const headers = { ...link.headers, host: endpoint.host };
  const request = new HttpRequest({
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    method: link.operation === 'GetObject' ? 'GET' : 'PUT',
    path: `${endpoint.pathname.replace(/\/$/, '')}/${link.key.split('/').map(extendedEncodeURIComponent).join('/')}`,
    query: { ...link.query, 'x-id': link.operation },
    headers,
  });
  const signableHeaders = link.headers ? new Set(Object.keys(link.headers)) : undefined;
  return formatUrl(await presigner.presign(request, { expiresIn: link.expiresIn, signableHeaders }));
}

let bucketSigner: Promise<{ endpoint: URL; presigner: S3RequestPresigner }> | undefined;

/** The bucket's endpoint and a presigner for its signing region, as `getSignedUrl` resolves them for any key. */
async function resolveBucketSigner() {
  const client = linkSigner();
  const resolved = await getEndpointFromInstructions(
    { Bucket: RECEIPTS_BUCKET, Key: 'key' },
    GetObjectCommand,
    client.config,
  );
  const scheme = resolved.properties?.authSchemes?.[0] as { signingRegion?: string; signingName?: string } | undefined;
  const presigner = new S3RequestPresigner({
    ...client.config,
    signingName: scheme?.signingName,
    region: async () => scheme?.signingRegion ?? AWS_REGION,
  });
  return { endpoint: resolved.url, presigner };
}

const expiry = () => new Date(Date.now() + RECEIPT_LINK_SECONDS * 1000).toISOString();

/** Whether S3 answered "no such object". Without s3:ListBucket (deliberately not granted) that is a 403, not a 404. */
function isMissingObject(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || status === 404 || status === 403;
}

/** Size and type of a stored object, or null when nothing is stored under the key. */
export async function describeObject(key: string): Promise<{ size: number; contentType: string | null } | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: RECEIPTS_BUCKET, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/** The first bytes of an object (a ranged GET), enough to recognise its format. */
export async function readFirstBytes(key: string): Promise<Uint8Array> {
  const object = await s3().send(
    new GetObjectCommand({ Bucket: RECEIPTS_BUCKET, Key: key, Range: `bytes=0-${SNIFF_BYTES - 1}` }),
  );
  return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
}

/**
 * Copies an object inside the bucket (s3:GetObject on the source, s3:PutObject on the target); false when
 * nothing is stored under `from`. A 403 is not taken for "missing" here: the caller has just seen the source,
 * so a refusal is a permission fault, and it should surface as one.
 */
export async function copyObject(from: string, to: string): Promise<boolean> {
  try {
    await s3().send(
      new CopyObjectCommand({
        Bucket: RECEIPTS_BUCKET,
        CopySource: `${RECEIPTS_BUCKET}/${from.split('/').map(encodeURIComponent).join('/')}`,
        Key: to,
      }),
    );
    return true;
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: RECEIPTS_BUCKET, Key: key }));
}

/**
 * Removes objects whose records are already gone. A failure is logged, not raised: the database is
 * the truth, an unreferenced object is unreachable (links are only made from records), and the
 * bucket's lifecycle/versioning keeps the cost bounded.
 */
export async function deleteObjectsQuietly(keys: string[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await deleteObject(key);
      } catch (error) {
        logger.warn('could not delete an object', { key, error });
      }
    }),
  );
}

/**
 * Deletes up to one listing (1000 objects) under `prefix` (the organization purge); returns how many went and
 * whether more remain. Repeating it is safe: deleted objects are no longer listed.
 */
export async function deleteObjectsPage(prefix: string): Promise<{ deleted: number; more: boolean }> {
  const listing = await s3().send(new ListObjectsV2Command({ Bucket: RECEIPTS_BUCKET, Prefix: prefix, MaxKeys: 1000 }));
  const objects = (listing.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
  if (objects.length > 0) {
    const answer = await s3().send(
      new DeleteObjectsCommand({ Bucket: RECEIPTS_BUCKET, Delete: { Objects: objects, Quiet: true } }),
    );
    if (answer.Errors?.length)
      throw new Error(`S3 refused to delete ${answer.Errors.length} object(s) under ${prefix}`);
  }
  return { deleted: objects.length, more: Boolean(listing.IsTruncated) };
}
