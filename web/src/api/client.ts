// Only zod-free parts of shared are imported: calls need a route's method and path, which the build extracts from the
// route table (web/build/route-manifest.ts), so the table's zod schemas never reach the browser.

import manifest from 'virtual:rent/route-manifest';
import { fillPath, type RouteDef, type RouteInput, type RouteResponse } from '@rent/shared/api/route';
import { OVERRIDE_CLOSED_PERIOD_HEADER } from '@rent/shared/core/auditDiff';
import { LOCAL_DATE_HEADER, ORGANIZATION_HEADER } from '@rent/shared/core/organization';
import type { RouteId, Routes } from '@rent/shared/types';
import { getIdToken, getSessionState } from '../auth/session';
import { todayIso } from '../lib/dates';
import { nextTask } from '../lib/nextTask';
import { chosenOrganization, forgetOrganization, lastOrganization } from './organizationChoice';

export interface ApiIssue {
  path: string;
  message: string;
}

/** A failed API call: HTTP status, the server's message (used when it is a string), and field issues. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
  }
}

/** A role the route does not allow (a tenant on a bookkeeping page); pages say so kindly. */
export const isForbiddenError = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** The message to show for any failure, falling back when there is nothing useful. */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

let unauthorizedHandler: ((message: string | null) => void) | null = null;

/**
 * The app registers what a 401 means (go to sign-in with the current page as the return address). It gets the
 * server's own message when there is one (a sign-out everywhere, a deleted account), null for the gateway's bare
 * "Unauthorized" (an expired or missing token).
 */
export function setUnauthorizedHandler(handler: ((message: string | null) => void) | null) {
  unauthorizedHandler = handler;
}

let organizationLostHandler: ((organizationName: string | null) => void) | null = null;

/**
 * The app registers what 403 NOT_A_MEMBER means (the remembered organization is no longer the person's:
 * removed, or left elsewhere): the choice is forgotten here first, so the next request uses the default. The
 * handler gets the lost organization's name as this browser last fetched it (null if it never did).
 */
export function setOrganizationLostHandler(handler: ((organizationName: string | null) => void) | null) {
  organizationLostHandler = handler;
}

type AnyInput = CallOptions & { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** Beside a route's input: an ADMIN's explicit override of the closed period (the server audits it). */
export interface CallOptions {
  overrideClosedPeriod?: boolean;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function readIssues(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    item && typeof item === 'object' && typeof item.message === 'string'
      ? [{ path: typeof item.path === 'string' ? item.path : '', message: item.message }]
      : [],
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The request was not valid',
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have permission to do that',
  404: 'Not found',
  409: 'Someone else changed this. Reload and try again.',
  413: 'That is too large to send',
};

/**
 * THE typed client over the route table: `call(routes.updateProperty, { params, body })`.
 * Fills the path, adds the query string and JSON body, sends the Cognito ID token and the chosen
 * organization (X-Organization-Id, ./organizationChoice), and returns
 * the route's response type. Errors become ApiError.
 */
type InputArgs<R extends RouteDef> = keyof RouteInput<R> extends never
  ? [input?: RouteInput<R> & CallOptions]
  : [input: RouteInput<R> & CallOptions];

export async function call<R extends RouteDef>(
  route: Pick<RouteDef, 'method' | 'path'>,
  ...args: InputArgs<R>
): Promise<RouteResponse<R>> {
  // A request is started from a page's commit (a query's first subscriber) or an event handler: what it costs
  // before the network (the token, the headers, fetch itself) runs in a task of its own, not in that long task
  // (docs/performance.md "The first render").
  await nextTask();
  const input = (args[0] ?? {}) as AnyInput;
  const url = fillPath(route.path, input.params ?? {}) + queryString(input.query);
  // The person's own day, so "today" on the server (rent due, late fees, this month) is theirs, not UTC's.
  const headers: Record<string, string> = { accept: 'application/json', [LOCAL_DATE_HEADER]: todayIso() };
  const token = await getIdToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const userId = getSessionState().data?.userId;
  const organizationId = chosenOrganization(userId);
  if (organizationId) headers[ORGANIZATION_HEADER] = organizationId;
  if (input.overrideClosedPeriod) headers[OVERRIDE_CLOSED_PERIOD_HEADER] = 'true';
  const init: RequestInit = { method: route.method, headers, credentials: 'same-origin' };
  if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(input.body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.', 'NETWORK');
  }

  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }

  if (!response.ok) {
    const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
    const message =
      typeof body.error === 'string' && body.error
        ? body.error
        : typeof body.message === 'string' && body.message
          ? body.message
          : (STATUS_TEXT[response.status] ?? `The server answered ${response.status}`);
    const code = typeof body.code === 'string' ? body.code : `HTTP_${response.status}`;
    const error = new ApiError(response.status, message, code, readIssues(body.issues));
    if (response.status === 401) unauthorizedHandler?.(code === 'UNAUTHORIZED' ? message : null);
    // Once per lost organization: requests in flight with it answer the same, after it was forgotten.
    if (
      response.status === 403 &&
      code === 'NOT_A_MEMBER' &&
      organizationId &&
      chosenOrganization(userId) === organizationId
    ) {
      const lost = lastOrganization<{ id: string; name?: string }>(userId);
      forgetOrganization(userId);
      organizationLostHandler?.(lost?.name ?? null);
    }
    throw error;
  }
  return payload as RouteResponse<R>;
}

/** `call` by route id: `callRoute('getOrganization')` is `call(routes.getOrganization)` without the route table. */
export function callRoute<K extends RouteId>(id: K, ...args: InputArgs<Routes[K]>): Promise<RouteResponse<Routes[K]>> {
  return call<Routes[K]>(manifest[id], ...args);
}
