import { type RouteDef, routeList } from '@rent/shared';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { apiGatewayEvent } from '../../infra/local/apigw-event.js';
import { routeKeyOf, routeMatcher } from '../../infra/local/routing.js';

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

/**
 * An API Gateway HTTP API (payload 2.0) event for a handler under test: a thin adapter over the
 * local gateway's factory (infra/local/apigw-event.ts), so unit tests and the gateway build the
 * same shape. The routeKey is the route the local gateway would pick for method + path (or
 * "METHOD path" for a path no route has, as handler tests may use any path).
 */
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
  const matched = matchRoute(method, path);
  return apiGatewayEvent({
    method,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.queryStringParameters).toString(),
    routeKey: matched ? routeKeyOf(matched.route) : `${method} ${path}`,
    pathParameters: options.pathParameters ?? matched?.pathParameters,
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest', ...options.headers },
    body: options.isBase64Encoded && body !== undefined ? Buffer.from(body, 'base64') : body,
    binaryBody: options.isBase64Encoded ?? false,
    claims: claims && withoutUndefined(claims),
    requestId: 'request-1',
    now: new Date('2026-01-01T00:00:00Z'),
  });
}

const matchRoute = routeMatcher<RouteDef>(routeList);

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

/**
 * A BatchGetItem that finds every key it is asked for: memberships as ADMIN, organizations named "Acme" (what
 * GET /api/organization's list of the caller's organizations reads after the membership index).
 */
export function batchGetFindsEveryKey(input: { RequestItems?: Record<string, { Keys?: Record<string, unknown>[] }> }): {
  Responses: Record<string, Record<string, unknown>[]>;
} {
  const found = (key: Record<string, unknown>) => ({
    ...key,
    ...(key.SK === 'ORG' ? { name: 'Acme' } : { role: 'ADMIN' }),
  });
  return {
    Responses: Object.fromEntries(
      Object.entries(input.RequestItems ?? {}).map(([table, request]) => [table, (request.Keys ?? []).map(found)]),
    ),
  };
}
