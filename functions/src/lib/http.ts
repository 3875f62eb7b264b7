import middy from '@middy/core';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResult } from '@rent/shared';
import type {
  Context,
  APIGatewayProxyEventV2WithJWTAuthorizer as Event,
  APIGatewayProxyStructuredResultV2 as Result,
} from 'aws-lambda';
import type { z } from 'zod';
import { isConditionFailure, isTransactionBusy, isTransactionConditionFailure } from '../data/conditions.js';
import { badRequest, forbidden, HttpError, tooLarge } from './errors.js';
import { type Caller, resolveCaller } from './identity.js';
import { logger } from './logger.js';

export interface HandlerInput<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  caller: Caller;
  event: Event;
}

type Request = middy.Request<Event, Result, Error, Context, { caller: Caller; input: Record<string, unknown> }>;

const DEFAULT_MAX_BODY = 64 * 1024;
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * The one wrapper every handler goes through. Order matters and is the security model:
 * log context -> identity (401) -> role (403) -> body size/JSON (413/400) -> zod (400) -> handler,
 * with errors mapped last. So a tenant never learns whether its body would have been valid.
 */
export function http<R extends RouteDef>(route: R, fn: (input: HandlerInput<R>) => Promise<RouteResult<R>>) {
  return middy<Event, Result, Error, Context>()
    .use({ before: (request) => logContext(route, request as Request), onError: mapError })
    .use({ before: (request) => authorize(route, request as Request) })
    .use({ before: (request) => parseInput(route, request as Request) })
    .handler(async (event, context) => {
      const { caller, input } = (context as unknown as { rent: Request['internal'] }).rent;
      const result = await fn({ ...(input as Omit<HandlerInput<R>, 'caller' | 'event'>), caller, event });
      const status = route.status ?? 200;
      return status === 204 ? { statusCode: 204, headers: { 'cache-control': 'no-store' } } : json(status, result);
    });
}

function logContext(route: RouteDef, request: Request) {
  logger.setContext({ route: route.id, requestId: request.context.awsRequestId });
}

async function authorize(route: RouteDef, request: Request) {
  const caller = await resolveCaller(request.event);
  if (!route.roles.includes(caller.role)) throw forbidden();
  stash(request).caller = caller;
}

function parseInput(route: RouteDef, request: Request) {
  const { event } = request;
  const input: Record<string, unknown> = {};
  input.params = validate(route.params, event.pathParameters ?? {}, 'path');
  input.query = validate(route.query, event.queryStringParameters ?? {}, 'query');
  if (route.body) input.body = validate(route.body, readJson(event, route.maxBodyBytes ?? DEFAULT_MAX_BODY), 'body');
  stash(request).input = input;
}

function stash(request: Request) {
  const ctx = request.context as unknown as { rent?: Record<string, unknown> };
  ctx.rent ??= {};
  return ctx.rent as Request['internal'];
}

function readJson(event: Event, limit: number): unknown {
  if (event.body == null || event.body === '') throw badRequest('A JSON request body is required.');
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text, 'utf8') > limit) throw tooLarge(limit);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

function validate(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join('.') || where,
    message: issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  const first = issues[0]!;
  throw badRequest(
    issues.length === 1 ? `${label(first.path)}${first.message}` : 'Some fields need attention.',
    issues,
  );
}

const label = (path: string) => (['body', 'query', 'path'].includes(path) ? '' : `${path}: `);

/** Registered first so middy runs it last: every failure becomes a clear, safe response. */
function mapError(request: Request) {
  const error = request.error;
  if (error instanceof HttpError) {
    // 503s are answers ("busy", "preparing"), not faults: a warning, not an error.
    if (error.status === 503) logger.warn('request deferred', { code: error.code, error: error.message });
    else if (error.status >= 500) logger.error('request failed', { error });
    request.response = json(error.status, {
      error: error.message,
      code: error.code,
      issues: error.issues,
      details: error.details,
    });
    return;
  }
  if (isConditionFailure(error) || isTransactionConditionFailure(error)) {
    request.response = json(409, {
      error: 'This was changed by someone else at the same time. Reload and try again.',
      code: 'CONFLICT',
    });
    return;
  }
  const name = (error as { name?: string } | null)?.name ?? '';
  if (
    /Throttl|ProvisionedThroughputExceeded|RequestLimitExceeded|TransactionConflict/.test(name) ||
    isTransactionBusy(error)
  ) {
    logger.warn('request throttled', { error });
    request.response = json(503, { error: 'The service is busy. Please try again in a moment.', code: 'BUSY' });
    return;
  }
  logger.error('unhandled error', { error });
  request.response = json(500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
}

function json(statusCode: number, body: unknown): Result {
  return { statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
}
