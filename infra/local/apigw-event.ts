import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

export interface EventInput {
  method: string;
  /** The path as the client sent it (still percent-encoded). */
  rawPath: string;
  /** Everything after "?", as sent. */
  rawQueryString?: string;
  /** The matched route's key, e.g. "PUT /api/properties/{id}" */
  routeKey: string;
  pathParameters?: Record<string, string>;
  /** Request headers in any case; a repeated header may come as an array (as node's IncomingMessage has it). */
  headers?: Record<string, string | string[] | undefined>;
  body?: Buffer | string | null;
  /**
   * The verified JWT's claims. null or absent: the route has no authorizer, and the event has no
   * requestContext.authorizer (as for an API Gateway route without one).
   */
  claims?: Record<string, unknown> | null;
  /** Base64-encode the body whatever its content type says (API Gateway does for binary bodies). */
  binaryBody?: boolean;
  sourceIp?: string;
  requestId?: string;
  now?: Date;
}

/** Content types API Gateway hands to Lambda as text; everything else arrives base64-encoded. */
const TEXT_TYPES = /^(application\/([\w.+-]*\+)?(json|x-www-form-urlencoded|xml|javascript)|text\/)/i;

/**
 * An API Gateway HTTP API (payload 2.0) event, as AWS builds it: lower-case headers, repeated
 * headers and query parameters joined by commas, the Cookie header moved to `cookies`, JWT claims
 * as strings (arrays as "[a b]"), binary bodies base64. The ONE factory: the local gateway builds
 * every event with it and the unit tests' apiEvent is a thin adapter over it, so both see exactly
 * what Lambda would (tests/unit/apigw-event.test.ts pins the shape).
 */
export function apiGatewayEvent(input: EventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(',') : value;
    headers[key] = key in headers ? `${headers[key]},${joined}` : joined;
  }
  const cookies = headers.cookie
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  delete headers.cookie;
  const rawQueryString = input.rawQueryString ?? '';
  const now = input.now ?? new Date();
  const { body, isBase64Encoded } = encodeBody(input.body, headers['content-type'], input.binaryBody ?? false);
  const authorizer =
    input.claims == null
      ? undefined
      : { principalId: '', integrationLatency: 0, jwt: { claims: stringifyClaims(input.claims), scopes: [] } };
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: input.rawPath,
    rawQueryString,
    ...(cookies?.length && { cookies }),
    headers,
    queryStringParameters: queryParameters(rawQueryString),
    pathParameters: input.pathParameters && Object.keys(input.pathParameters).length ? input.pathParameters : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      ...(authorizer && { authorizer }),
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: input.method,
        path: input.rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId ?? randomUUID(),
      routeKey: input.routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    body,
    isBase64Encoded,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

function encodeBody(body: Buffer | string | null | undefined, contentType: string | undefined, binary: boolean) {
  if (body == null || body.length === 0) return { body: undefined, isBase64Encoded: false };
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const text = !binary && (!contentType || TEXT_TYPES.test(contentType)) && isUtf8(bytes);
  return text
    ? { body: typeof body === 'string' ? body : bytes.toString('utf8'), isBase64Encoded: false }
    : { body: bytes.toString('base64'), isBase64Encoded: true };
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function queryParameters(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(raw)) out[key] = key in out ? `${out[key]},${value}` : value;
  return Object.keys(out).length ? out : undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** requestContext.time as API Gateway writes it: "14/Mar/2026:12:00:00 +0000". */
export function requestTime(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${two(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}`;
  return `${date}:${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000`;
}

/** API Gateway hands claims to Lambda as strings; arrays become "[a b]". */
export function stringifyClaims(claims: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(claims)) {
    if (Array.isArray(value)) out[key] = `[${value.join(' ')}]`;
    else if (value !== null && typeof value === 'object') out[key] = JSON.stringify(value);
    else if (value !== undefined) out[key] = String(value);
  }
  return out;
}
