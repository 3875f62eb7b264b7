import type { APIGatewayProxyStructuredResultV2 as Result } from 'aws-lambda';
import { isConditionFailure, isTransactionBusy, isTransactionConditionFailure } from '../data/conditions.js';
import {
  Busy,
  Conflict,
  DomainError,
  Invalid,
  NotAllowed,
  NotFound,
  TooMany,
  Unverified,
  Upstream,
} from '../domain-errors.js';
import { logger } from '../lib/logger.js';

/**
 * THE mapping from errors to HTTP: the only code in functions/ that knows status codes. Domain errors
 * come from repositories and services; the request errors below come from the http() wrapper itself
 * (who is calling, what they sent).
 */
export class RequestError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 413,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new RequestError(400, 'VALIDATION', message, issues);
export const unauthorized = (message = 'Please sign in to continue.') => new RequestError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Your role does not allow this.') => new RequestError(403, 'FORBIDDEN', message);
export const tooLarge = (limitBytes: number) =>
  new RequestError(413, 'TOO_LARGE', `The request body is too large (limit ${Math.round(limitBytes / 1024)} KB).`);

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown): Result {
  return { statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

const CONCURRENT_CHANGE = 'This was changed by someone else at the same time. Reload and try again.';
const SERVICE_BUSY = 'The service is busy. Please try again in a moment.';

function statusOf(error: DomainError): number {
  if (error instanceof NotFound) return 404;
  if (error instanceof NotAllowed) return 403;
  if (error instanceof Conflict) return 409;
  if (error instanceof Invalid) return 400;
  if (error instanceof Busy) return 503;
  if (error instanceof TooMany) return 429;
  if (error instanceof Unverified) return 401;
  if (error instanceof Upstream) return 502;
  return 500;
}

/** DynamoDB's own failures that reached the wrapper unhandled, as domain errors. */
function fromDynamo(error: unknown): DomainError | null {
  if (isConditionFailure(error) || isTransactionConditionFailure(error))
    return new Conflict('CONFLICT', CONCURRENT_CHANGE);
  const name = (error as { name?: string } | null)?.name ?? '';
  if (
    /Throttl|ProvisionedThroughputExceeded|RequestLimitExceeded|TransactionConflict/.test(name) ||
    isTransactionBusy(error)
  ) {
    return new Busy(SERVICE_BUSY);
  }
  return null;
}

/** Every failure becomes a clear, safe response; details of the unexpected ones stay in the log. */
export function errorResponse(error: unknown): Result {
  if (error instanceof RequestError) {
    return json(error.status, { error: error.message, code: error.code, issues: error.issues });
  }
  const domain = error instanceof DomainError ? error : fromDynamo(error);
  if (domain) {
    const status = statusOf(domain);
    // 503s are answers ("busy", "preparing"), not faults: a warning, not an error.
    if (status === 503) logger.warn('request deferred', { code: domain.code, error: domain.message, cause: error });
    return json(status, { error: domain.message, code: domain.code, issues: domain.issues, details: domain.details });
  }
  logger.error('unhandled error', { error });
  return json(500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
}
