import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * SigV4 header-signature verification for the local stand-ins the handlers call with the real AWS SDK (the Cognito
 * stand-in's admin operations and the KMS stand-in over JSON 1.1, the sync runner's SQS over JSON 1.0, the SES
 * emulator's front over REST JSON), as those services verify IAM calls. One verifier, parameterised by the service
 * name the credential scope must name ('cognito-idp', 'kms', 'sqs', 'ses'); each stand-in answers a refusal in its
 * own service's error shape. Presigned S3 links (query-string signatures) are s3-presigned.ts.
 */

/** The one key pair a stand-in accepts, and the region its credential scope must name. */
export interface SigV4Identity {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface SigV4Request {
  method: string;
  /** The request target as received: path and query, still encoded. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** The error types AWS's JSON services answer a refused signature with (HTTP 400 for JSON 1.1; 403 for REST JSON). */
export type SigV4ErrorType =
  | 'MissingAuthenticationTokenException'
  | 'IncompleteSignatureException'
  | 'InvalidSignatureException'
  | 'UnrecognizedClientException';

/** A refusal in the AWS JSON 1.1 error shape: a stand-in sends it as the body of a 400. */
export interface SigV4Refusal {
  __type: SigV4ErrorType;
  message: string;
}

/** What a signed server call from a browser gets (the stand-ins answer it without CORS). */
export interface BrowserRefusal {
  __type: 'AccessDeniedException';
  message: string;
}

const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far X-Amz-Date may be from the server's clock, as AWS's JSON services allow. */
const SIGV4_SKEW_MS = 5 * 60 * 1000;
/**
 * Headers the signature must cover by default (the JSON RPC services). AWS requires host; x-amz-target is required
 * here too (the SDK always signs it) so that a captured call cannot be replayed as another operation (a sign-out as a
 * deletion, a GenerateDataKey as a Decrypt). A REST API names its operation in the method and path, which the
 * signature covers anyway: its stand-in passes `REST_SIGNED_HEADERS`.
 */
const RPC_SIGNED_HEADERS = ['host', 'x-amz-date', 'x-amz-target'] as const;
export const REST_SIGNED_HEADERS = ['host', 'x-amz-date'] as const;

interface SigV4Options {
  /** Headers the signature must cover; default host, x-amz-date and x-amz-target. */
  requiredHeaders?: readonly string[];
  now?: number;
}

/**
 * The same refusals in the AWS Query protocol's words (SQS and SES v1, and SQS's JSON protocol in its
 * `x-amzn-query-error` header), with the HTTP status those services answer them with.
 */
export const QUERY_ERRORS: Record<SigV4ErrorType | BrowserRefusal['__type'], { code: string; status: number }> = {
  MissingAuthenticationTokenException: { code: 'MissingAuthenticationToken', status: 403 },
  IncompleteSignatureException: { code: 'IncompleteSignature', status: 400 },
  UnrecognizedClientException: { code: 'InvalidClientTokenId', status: 403 },
  InvalidSignatureException: { code: 'SignatureDoesNotMatch', status: 403 },
  AccessDeniedException: { code: 'AccessDenied', status: 403 },
};

/**
 * Verifies a SigV4 Authorization header: the credential must be `identity`'s access key (no session token), scoped
 * to its region, `service` and the signing day; X-Amz-Date within five minutes; host, x-amz-date and (unless
 * `options.requiredHeaders` says otherwise) x-amz-target signed; and the signature, recomputed over the method, path,
 * query, signed headers and the body's SHA-256, must match (constant time). Returns null when it does, else the
 * refusal with AWS's error type and message, so the SDK throws the same named error it would in AWS.
 */
export function verifySigV4(
  req: SigV4Request,
  body: string | Uint8Array,
  identity: SigV4Identity,
  service: string,
  options: SigV4Options = {},
): SigV4Refusal | null {
  const now = options.now ?? Date.now();
  const incomplete = (message: string): SigV4Refusal => ({ __type: 'IncompleteSignatureException', message });
  const invalid = (message: string): SigV4Refusal => ({ __type: 'InvalidSignatureException', message });
  const authorization = req.headers.authorization;
  if (!authorization) return { __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  if (!authorization.startsWith(`${SIGV4_ALGORITHM} `)) {
    return incomplete(`Authorization header requires the ${SIGV4_ALGORITHM} scheme.`);
  }
  const params = new Map<string, string>();
  for (const part of authorization.slice(SIGV4_ALGORITHM.length + 1).split(',')) {
    const [name, ...value] = part.trim().split('=');
    if (name) params.set(name, value.join('='));
  }
  const missing = ['Credential', 'SignedHeaders', 'Signature'].filter((name) => !params.get(name));
  if (missing.length) {
    return incomplete(missing.map((name) => `Authorization header requires '${name}' parameter.`).join(' '));
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signedAt = parseAmzDate(amzDate);
  if (signedAt === null) {
    return incomplete("Authorization header requires existence of a valid 'X-Amz-Date' header.");
  }

  const [accessKeyId, scopeDate, region, scopeService, terminator, ...extra] = params.get('Credential')!.split('/');
  if (extra.length || !terminator) {
    return incomplete('Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term');
  }
  // Session credentials are never the stack's: a token means someone else's credentials.
  if (!safeEqual(accessKeyId ?? '', identity.accessKeyId) || req.headers['x-amz-security-token'] !== undefined) {
    return { __type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  }
  if (scopeDate !== amzDate.slice(0, 8)) {
    return invalid(
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${scopeDate}' != '${amzDate.slice(0, 8)}', from '${amzDate}'.`,
    );
  }
  if (region !== identity.region) return invalid('Credential should be scoped to a valid region.');
  if (scopeService !== service) return invalid(`Credential should be scoped to correct service: '${service}'.`);
  if (terminator !== 'aws4_request') {
    return invalid(`Credential should be scoped with a valid terminator: 'aws4_request', not '${terminator}'.`);
  }
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');
  if (now - signedAt > SIGV4_SKEW_MS) {
    return invalid(
      `Signature expired: ${amzDate} is now earlier than ${stamp(now - SIGV4_SKEW_MS)} (${stamp(now)} - 5 min.)`,
    );
  }
  if (signedAt - now > SIGV4_SKEW_MS) {
    return invalid(
      `Signature not yet current: ${amzDate} is still later than ${stamp(now + SIGV4_SKEW_MS)} (${stamp(now)} + 5 min.)`,
    );
  }

  const signedHeaders = params.get('SignedHeaders')!.split(';');
  const sorted = [...new Set(signedHeaders)].sort();
  if (signedHeaders.some((h, i) => !h || h !== h.toLowerCase() || h !== sorted[i])) {
    return incomplete('SignedHeaders must be lower-case, sorted and without duplicates.');
  }
  const unsigned = (options.requiredHeaders ?? RPC_SIGNED_HEADERS).filter((name) => !signedHeaders.includes(name));
  if (unsigned.length) return invalid(`The signature must cover the ${unsigned.join(', ')} header(s).`);

  const bodyHash = sha256(body);
  // A declared payload hash must be the body's: the signature covers the header, the header must cover the body.
  const declaredHash = req.headers['x-amz-content-sha256'];
  if (declaredHash !== undefined && declaredHash !== bodyHash) {
    return invalid("The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
  const [rawPath = '/', rawQuery = ''] = splitOnce(req.url, '?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => splitOnce(pair.replace(/\+/g, '%20'), '=').map((part) => uriEncode(safeDecode(part) ?? part)))
    .sort(([a = '', av = ''], [b = '', bv = '']) => compare(a, b) || compare(av, bv))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    req.method,
    // Every service but S3 encodes the (already encoded) path once more.
    rawPath
      .split('/')
      .map((segment) => uriEncode(segment))
      .join('/'),
    query,
    ...signedHeaders.map((name) => `${name}:${headerValue(req.headers[name])}`),
    '',
    signedHeaders.join(';'),
    bodyHash,
  ].join('\n');
  const scope = `${scopeDate}/${region}/${service}/aws4_request`;
  const stringToSign = [SIGV4_ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${identity.secretAccessKey}`, scopeDate);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (!safeEqual(params.get('Signature')!, expected)) {
    return invalid(
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
  }
  return null;
}

/**
 * A browser's request (every browser POST carries Origin; fetch metadata adds Sec-Fetch-Site) is never a handler's:
 * the IAM-signed APIs are server calls, and a page must not drive them even with a signature. Null for a server call.
 */
export function browserRefusal(headers: IncomingHttpHeaders, operation: string): BrowserRefusal | null {
  if (headers.origin === undefined && headers['sec-fetch-site'] === undefined) return null;
  return {
    __type: 'AccessDeniedException',
    message: `${operation} is an IAM-signed server call; it is not accepted from a browser.`,
  };
}

// ---- SigV4's primitives, shared with the presigned-URL check (s3-presigned.ts) ----------------------------------

export function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

export function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** SigV4's URI encoding: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded (upper-case hex). */
export const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Byte order, as SigV4 sorts (the encoded text is ASCII, so code units are bytes). */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function headerValue(value: string | string[] | undefined): string {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

export function parseAmzDate(text: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const at = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  return new Date(at).toISOString().startsWith(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`) ? at : null;
}

/** Constant-time comparison (of equal-length digests; a length difference is not secret). */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
export const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
