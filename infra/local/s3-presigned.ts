import type { IncomingHttpHeaders } from 'node:http';
import {
  compare,
  headerValue,
  hmac,
  parseAmzDate,
  safeDecode,
  safeEqual,
  sha256,
  splitOnce,
  uriEncode,
} from './sigv4.js';

/**
 * SigV4 query-string ("presigned URL") verification, as S3 does it, for the local /s3 pass-through:
 * s3rver checks no signature at all, so without this anyone reaching the local origin could list,
 * read, overwrite and copy every organization's receipts, or have a stored file served as HTML.
 *
 * Only what the app's presigned links do gets through: GET/HEAD/PUT of one object in the receipts
 * bucket, signed with the local credentials, not expired, every query parameter and every x-amz-*
 * header covered by the signature. The canonical request is built from the request exactly as it
 * arrived (the host and the `/s3/<bucket>/<key>` path the signer signed, as S3_PUBLIC_ENDPOINT is
 * `<origin>/s3`), so a changed key, method, host, header or query parameter breaks the signature.
 */
export interface PresignPolicy {
  /** The path prefix the public endpoint adds before /<bucket>/<key>, e.g. "/s3". */
  prefix: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface PresignedRequest {
  method: string;
  /** The request target exactly as received: path and query, still percent-encoded. */
  url: string;
  headers: IncomingHttpHeaders;
}

export type Verdict =
  | { ok: true /** The path + query to send to the emulator (without the public prefix). */; upstream: string }
  | { ok: false; status: 400 | 403; code: string; message: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** S3's limit for X-Amz-Expires: seven days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
/** How far in the future a request's X-Amz-Date may be (clock skew) before S3 calls it not valid yet. */
const MAX_SKEW_MS = 15 * 60 * 1000;
const AUTH_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
] as const;
/**
 * The query parameters a presigned GET/HEAD/PUT of an object may carry. Anything else is a sub-
 * resource (acl, tagging, uploads, versionId, list-type...) and another operation than the app's.
 * response-* overrides are allowed only because the signature covers them.
 */
const ALLOWED_PARAMS = new Set<string>([
  ...AUTH_PARAMS,
  'X-Amz-Content-Sha256',
  'x-amz-checksum-mode',
  'x-id',
  'response-content-type',
  'response-content-disposition',
  'response-content-language',
  'response-content-encoding',
  'response-cache-control',
  'response-expires',
]);
/** GET and HEAD read an object, PUT writes one; no other method reaches the emulator. */
const METHODS = new Set(['GET', 'HEAD', 'PUT']);

const refuse = (status: 400 | 403, code: string, message: string): Verdict => ({ ok: false, status, code, message });
const accessDenied = (message = 'Access Denied') => refuse(403, 'AccessDenied', message);
const badAuthParameters = (message: string) => refuse(400, 'AuthorizationQueryParametersError', message);

export function verifyPresignedRequest(req: PresignedRequest, policy: PresignPolicy, now = new Date()): Verdict {
  const [rawPath = '', rawQuery = ''] = splitOnce(req.url, '?');
  if (!METHODS.has(req.method)) return accessDenied();
  const objectPrefix = `${policy.prefix}/${policy.bucket}/`;
  if (!rawPath.startsWith(objectPrefix)) return accessDenied();
  const key = rawPath.slice(objectPrefix.length);
  // No listing (empty key), no odd segments an HTTP stack could normalise into another object.
  const segments = key.split('/').map((segment) => safeDecode(segment));
  if (!key || segments.some((s) => s === null || s === '' || s === '.' || s === '..' || s.includes('/')))
    return accessDenied();

  if (req.headers.authorization) return refuse(400, 'InvalidArgument', 'Only one auth mechanism allowed');
  const query = parseQuery(rawQuery);
  if (!query) return badAuthParameters('The query string is not valid percent-encoding.');
  const names = query.map(([name]) => name);
  if (!AUTH_PARAMS.every((name) => names.includes(name))) return accessDenied();
  if (new Set(names).size !== names.length || names.some((name) => !ALLOWED_PARAMS.has(name))) return accessDenied();
  const param = (name: string) => query.find(([n]) => n === name)?.[1] ?? '';

  if (param('X-Amz-Algorithm') !== ALGORITHM) return badAuthParameters(`X-Amz-Algorithm only supports "${ALGORITHM}"`);
  const amzDate = param('X-Amz-Date');
  const signedAt = parseAmzDate(amzDate);
  if (signedAt === null)
    return badAuthParameters("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  const expiresText = param('X-Amz-Expires');
  const expires = /^\d{1,7}$/.test(expiresText) ? Number(expiresText) : Number.NaN;
  if (!(expires >= 1)) return badAuthParameters('X-Amz-Expires should be a number of seconds above 0');
  if (expires > MAX_EXPIRES_SECONDS)
    return badAuthParameters('X-Amz-Expires must be less than a week (in seconds) that is; 604800');

  const [accessKeyId, scopeDate, region, service, terminator, ...extra] = param('X-Amz-Credential').split('/');
  if (extra.length || !terminator) return badAuthParameters('Error parsing the X-Amz-Credential parameter');
  if (!safeEqual(accessKeyId ?? '', policy.accessKeyId))
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (
    scopeDate !== amzDate.slice(0, 8) ||
    region !== policy.region ||
    service !== 's3' ||
    terminator !== 'aws4_request'
  )
    return badAuthParameters('Error parsing the X-Amz-Credential parameter; the scope is not valid');

  const signedHeaders = param('X-Amz-SignedHeaders').split(';');
  const sorted = [...signedHeaders].sort();
  if (!signedHeaders.includes('host') || signedHeaders.some((h, i) => !h || h !== h.toLowerCase() || h !== sorted[i]))
    return accessDenied('X-Amz-SignedHeaders must be sorted, lower-case and include host');
  // S3 refuses x-amz-* headers the signature does not cover; a copy source is never the app's.
  const unsigned = Object.keys(req.headers).filter((h) => h.startsWith('x-amz-') && !signedHeaders.includes(h));
  if (unsigned.length) return accessDenied('There were headers present in the request which were not signed');
  if (req.headers['x-amz-copy-source'] !== undefined) return accessDenied();
  const payloadHash = param('X-Amz-Content-Sha256') || UNSIGNED_PAYLOAD;
  if (payloadHash !== UNSIGNED_PAYLOAD) return accessDenied('Only UNSIGNED-PAYLOAD presigned requests are accepted');

  if (now.getTime() > signedAt + expires * 1000) return accessDenied('Request has expired');
  if (signedAt - now.getTime() > MAX_SKEW_MS) return accessDenied('Request is not valid yet');

  const canonicalRequest = [
    req.method,
    rawPath,
    query
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
      .sort(([a, av], [b, bv]) => compare(a, b) || compare(av, bv))
      .map(([name, value]) => `${name}=${value}`)
      .join('&'),
    ...signedHeaders.map((name) => `${name}:${headerValue(req.headers[name])}`),
    '',
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  let signingKey = hmac(`AWS4${policy.secretAccessKey}`, scopeDate!);
  for (const part of [region!, 's3', 'aws4_request']) signingKey = hmac(signingKey, part);
  const expected = hmac(signingKey, stringToSign).toString('hex');
  if (!safeEqual(param('X-Amz-Signature'), expected)) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return { ok: true, upstream: req.url.slice(policy.prefix.length) };
}

/** S3's XML error body. */
export function errorXml(code: string, message: string, requestId: string): string {
  const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${esc(code)}</Code><Message>${esc(message)}</Message><RequestId>${esc(requestId)}</RequestId></Error>`;
}

/**
 * Decoded name/value pairs, or null when some part is not valid percent-encoding. A "+" is a space,
 * as S3 reads a query string (and as URLSearchParams writes one).
 */
function parseQuery(raw: string): [string, string][] | null {
  const pairs: [string, string][] = [];
  for (const part of raw.split('&')) {
    if (!part) continue;
    const [name, value] = splitOnce(part.replace(/\+/g, '%20'), '=');
    const decodedName = safeDecode(name);
    const decodedValue = safeDecode(value);
    if (decodedName === null || decodedValue === null) return null;
    pairs.push([decodedName, decodedValue]);
  }
  return pairs;
}
