import middy from '@middy/core';
import {
  LOCAL_DATE_HEADER,
  OVERRIDE_CLOSED_PERIOD_HEADER,
  onlyReads,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResult,
  requestDay,
} from '@rent/shared';
import type {
  Context,
  APIGatewayProxyEventV2WithJWTAuthorizer as Event,
  APIGatewayProxyStructuredResultV2 as Result,
} from 'aws-lambda';
import type * as z from 'zod';
import { Carpool, type ConsistentRead } from '../data/batchGet.js';
import { NotFound } from '../domain-errors.js';
import { logger } from '../lib/logger.js';
import { compressedFor } from './compress.js';
import { badRequest, errorResponse, forbidden, json, tooLarge } from './errors.js';
import { type Caller, expectedCaller, type Person, resolveCaller, resolvePerson } from './identity.js';
import { noteSignIn } from './token-freshness.js';

/** A public route has no caller; an optional-membership route has a signed-in Person; every other a Caller. */
export type CallerOf<R extends RouteDef> = R extends { public: true }
  ? null
  : R extends { membership: 'optional' }
    ? Person
    : Caller;

export interface HandlerInput<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  caller: CallerOf<R>;
  event: Event;
}

type Request = middy.Request<
  Event,
  Result,
  Error,
  Context,
  {
    caller: Caller | Person | null;
    input: Record<string, unknown>;
    /** A GET that starts with the caller this container saw last: identity's check, made beside it (see http()). */
    confirm?: (read?: ConsistentRead) => Promise<Caller>;
  }
>;

const DEFAULT_MAX_BODY = 64 * 1024;

/**
 * The one wrapper every handler goes through. Order matters and is the security model:
 * log context -> identity (401, also for a token older than a sign-out-everywhere; a new session's
 * sign-in is logged once) -> role (403) -> body size/JSON (413/400) -> zod (400) -> the
 * organization named in the query (404 unless it is the caller's) -> handler, with errors mapped last
 * (runtime/errors.ts). So a tenant never learns whether its body would have been valid.
 *
 * A GET does not wait for identity's read when this container already resolved the same person and organization
 * header (identity.ts `expectedCaller`): its handler starts with that caller while the consistent membership read
 * runs beside it, and its answer is released only once that read confirms the same organization and role. A
 * different outcome wins as if nothing had started: identity's error, 403 for the role, or the handler run again
 * with the caller as it is now. GET routes only read (CDK grants them no update or delete, infra/lib/route-function.ts),
 * so a discarded start leaves nothing behind, and what it read never leaves the function.
 *
 * `identityRidesAlong`: for a handler that reads its page and then makes one consistent batch read of what the page
 * needs, identity's read waits for that batch and goes in the same call (data/batchGet.ts `Carpool`), or on its own
 * once the handler finished without one. The answer still waits for it.
 */
export function http<R extends RouteDef>(
  route: R,
  fn: (input: HandlerInput<R>) => Promise<RouteResult<R>>,
  { identityRidesAlong = false }: { identityRidesAlong?: boolean } = {},
) {
  return middy<Event, Result, Error, Context>()
    .use({ before: (request) => logContext(route, request as Request), onError: mapError })
    .use({ before: (request) => authorize(route, request as Request) })
    .use({ before: (request) => parseInput(route, request as Request) })
    .use({ before: (request) => checkOrganizationScope(route, request as Request) })
    .handler(async (event, context) => {
      const { caller, input, confirm } = (context as unknown as { rent: Request['internal'] }).rent;
      const run = (as: Caller | Person | null) =>
        fn({ ...(input as Omit<HandlerInput<R>, 'caller' | 'event'>), caller: as as CallerOf<R>, event });
      const result = confirm
        ? await runWhileConfirming(route, caller as Caller, input, confirm, run, identityRidesAlong)
        : await run(caller);
      const status = route.status ?? 200;
      if (status === 204) return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
      return compressedFor(event.headers?.['accept-encoding'], json(status, result));
    });
}

/**
 * Runs the handler as `expected` while identity confirms the caller; the answer is the confirmed caller's: the
 * started run's when organization and role agree, else a run as the confirmed caller (identity's errors win).
 */
async function runWhileConfirming<T>(
  route: RouteDef,
  expected: Caller,
  input: Record<string, unknown>,
  confirm: (read?: ConsistentRead) => Promise<Caller>,
  run: (caller: Caller) => Promise<T>,
  identityRidesAlong: boolean,
): Promise<T> {
  const carpool = identityRidesAlong ? new Carpool() : null;
  const confirming = confirm(carpool?.read);
  const started = (async () => {
    assertOrganizationScope(route, expected, input);
    return run(expected);
  })()
    .finally(() => carpool?.depart())
    .then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  const caller = await confirming;
  if (caller.orgId !== expected.orgId || caller.role !== expected.role) {
    assertOrganizationScope(route, caller, input);
    return run(caller);
  }
  const outcome = await started;
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

/** An ADMIN's explicit override of a closed period: the header, from an ADMIN only (audited on each entry). */
const overridesClosedPeriod = (caller: Caller, event: Event) =>
  caller.role === 'ADMIN' && event.headers?.[OVERRIDE_CLOSED_PERIOD_HEADER] === 'true';

function logContext(route: RouteDef, request: Request) {
  logger.setContext({ route: route.id, requestId: request.context.awsRequestId });
}

async function authorize(route: RouteDef, request: Request) {
  if (route.public) {
    stash(request).caller = null;
    return;
  }
  if (route.membership === 'optional') {
    const person = await resolvePerson(request.event);
    await noteSignIn(request.event, person.userId);
    stash(request).caller = { ...person, today: callersDay(request.event) };
    return;
  }
  const expected = onlyReads(route) ? expectedCaller(request.event) : null;
  if (expected && route.roles.includes(expected.role)) {
    // Confirmed beside the handler (runWhileConfirming), or before an invalid input's 400 (parseInput).
    stash(request).confirm = (read) => confirmCaller(route, request.event, read);
    stash(request).caller = withRequest(expected, request.event);
    return;
  }
  stash(request).caller = await confirmCaller(route, request.event);
}

/** Identity, the session's sign-in, then the role: the caller as the request may act. */
async function confirmCaller(route: RouteDef, event: Event, read?: ConsistentRead): Promise<Caller> {
  const caller = await resolveCaller(event, read);
  await noteSignIn(event, caller.userId);
  if (!route.roles.includes(caller.role)) throw forbidden();
  return withRequest(caller, event);
}

/** What the request adds to who the caller is: an ADMIN's override of a closed period, and the caller's day. */
const withRequest = (caller: Caller, event: Event): Caller => ({
  ...caller,
  overridesClosedPeriod: overridesClosedPeriod(caller, event),
  today: callersDay(event),
});

const callersDay = (event: Event) => requestDay(event.headers?.[LOCAL_DATE_HEADER]);

async function parseInput(route: RouteDef, request: Request) {
  const { event } = request;
  const input: Record<string, unknown> = {};
  try {
    input.params = validate(route.params, event.pathParameters ?? {}, 'path');
    input.query = validate(route.query, event.queryStringParameters ?? {}, 'query');
    if (route.body) input.body = validate(route.body, readJson(event, route.maxBodyBytes ?? DEFAULT_MAX_BODY), 'body');
  } catch (error) {
    // Identity and the role answer before the input does.
    await stash(request).confirm?.();
    throw error;
  }
  stash(request).input = input;
}

/**
 * The product's rule calls send `?organizationId=` (routes flagged `orgScopedQuery`; docs/rules.md "Routes"). The
 * organization still comes from the membership; a different id answers 404, exactly like an
 * organization that does not exist.
 */
function checkOrganizationScope(route: RouteDef, request: Request) {
  const { caller, input, confirm } = stash(request);
  // A GET still confirming its caller checks the scope against the caller it runs with (runWhileConfirming).
  if (confirm) return;
  assertOrganizationScope(route, caller as Caller, input);
}

function assertOrganizationScope(route: RouteDef, caller: Caller, input: Record<string, unknown>) {
  if (!route.orgScopedQuery) return;
  const organizationId = (input.query as { organizationId?: string } | undefined)?.organizationId;
  if (organizationId !== undefined && organizationId !== caller.orgId) throw new NotFound('Organization');
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
  // The message is what a person reads: never the API's field name (a form places each issue at its field by path).
  throw badRequest(issues.length === 1 ? issues[0]!.message : 'Some fields need attention.', issues);
}

/** Registered first so middy runs it last: every failure becomes a clear, safe response. */
function mapError(request: Request) {
  request.response = errorResponse(request.error);
}

/**
 * The exact bytes the client sent (a signed webhook's hash is over these, not over parsed JSON): API Gateway hands
 * text bodies over as UTF-8 and others base64-encoded. Above `limit` bytes: 413. An absent body is empty.
 */
export function rawBody(event: Event, limit = DEFAULT_MAX_BODY): Buffer {
  const bytes = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (bytes.length > limit) throw tooLarge(limit);
  return bytes;
}
