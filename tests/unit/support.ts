import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/** The claims API Gateway's JWT authorizer hands a handler (always strings). */
export interface Claims {
  sub?: string;
  email?: string;
  name?: string;
  [claim: string]: string | undefined;
}

export const DEFAULT_CLAIMS: Claims = { sub: 'user-1', email: 'Ann@Example.com', name: 'Ann' };

export interface EventOptions {
  method?: string;
  path?: string;
  /** null = no authorizer at all (what a request without a verified token would look like). */
  claims?: Claims | null;
  pathParameters?: Record<string, string>;
  queryStringParameters?: Record<string, string>;
  /** A string is sent as it is; anything else is JSON.stringify'd. */
  body?: unknown;
  isBase64Encoded?: boolean;
  headers?: Record<string, string>;
}

/** An API Gateway HTTP API (payload 2.0) event, built by hand with only what the handlers read. */
export function apiEvent(options: EventOptions = {}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const method = options.method ?? 'GET';
  const path = options.path ?? '/api/organization';
  const claims = options.claims === undefined ? DEFAULT_CLAIMS : options.claims;
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const authorizer =
    claims === null
      ? undefined
      : { principalId: '', integrationLatency: 0, jwt: { claims: withoutUndefined(claims), scopes: [] } };
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...options.headers },
    pathParameters: options.pathParameters,
    queryStringParameters: options.queryStringParameters,
    body,
    isBase64Encoded: options.isBase64Encoded ?? false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      authorizer,
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'request-1',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 1767225600000,
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

/** The little of a Lambda context the wrapper reads. */
export function lambdaContext(awsRequestId = 'aws-request-1'): Context {
  return { awsRequestId } as Context;
}

/** The response body parsed as JSON (the wrapper always answers JSON except on 204). */
export function bodyOf<T = Record<string, unknown>>(result: APIGatewayProxyStructuredResultV2): T {
  return JSON.parse(result.body ?? 'null') as T;
}

function withoutUndefined(claims: Claims): Record<string, string> {
  return Object.fromEntries(Object.entries(claims).filter((e): e is [string, string] => e[1] !== undefined));
}
