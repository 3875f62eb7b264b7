import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

export interface EventInput {
  method: string;
  rawPath: string;
  rawQueryString?: string;
  /** The route's key, e.g. "PUT /api/properties/{id}" */
  routeKey: string;
  pathParameters?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer | string | null;
  claims?: Record<string, unknown> | null;
  sourceIp?: string;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/**
 * An API Gateway HTTP API (payload 2.0) event, as AWS builds it: lower-case headers, repeated
 * query parameters joined by commas, JWT claims as strings (arrays as "[a b]"), binary bodies
 * base64. Used by the local gateway and by tests, so both see exactly what Lambda would.
 */
export function apiGatewayEvent(input: EventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers = Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const rawQueryString = input.rawQueryString ?? '';
  const now = new Date();
  const { body, isBase64Encoded } = encodeBody(input.body, headers['content-type']);
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: input.rawPath,
    rawQueryString,
    headers,
    queryStringParameters: queryParameters(rawQueryString),
    pathParameters: input.pathParameters && Object.keys(input.pathParameters).length ? input.pathParameters : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: stringifyClaims(input.claims ?? {}), scopes: [] },
      },
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.method,
        path: input.rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: input.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body,
    isBase64Encoded,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

function encodeBody(body: Buffer | string | null | undefined, contentType = '') {
  if (body == null || body.length === 0) return { body: undefined, isBase64Encoded: false };
  if (typeof body === 'string') return { body, isBase64Encoded: false };
  if (!contentType || TEXT_TYPES.test(contentType)) return { body: body.toString('utf8'), isBase64Encoded: false };
  return { body: body.toString('base64'), isBase64Encoded: true };
}

function queryParameters(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(raw)) out[key] = key in out ? `${out[key]},${value}` : value;
  return out;
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
