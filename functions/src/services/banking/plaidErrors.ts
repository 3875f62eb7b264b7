import { BANK_MESSAGES } from '@rent/shared';
import { Conflict, type DomainError, Invalid, TooMany, Upstream } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { PlaidAnswered } from '../../lib/plaid.js';

/**
 * Plaid's failures as domain errors: a clear 4xx or a 502, never a 500 with a stack. Only Plaid's status,
 * error_type, error_code and request_id are kept; a failure that never got an answer (network, timeout) is
 * logged by its name alone, since a network error's message may name the request.
 */
export interface PlaidErrorBody {
  error_type?: string;
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
  request_id?: string;
}

/** Plaid's error body of a failed call, or null when the call never got an answer (network, timeout). */
export function plaidErrorOf(error: unknown): PlaidErrorBody | null {
  const body = error instanceof PlaidAnswered ? error.body : null;
  return body && typeof body === 'object' && 'error_code' in body ? (body as PlaidErrorBody) : null;
}

/** The HTTP status Plaid answered a failed call with; undefined when it never answered. */
export const plaidStatusOf = (error: unknown) => (error instanceof PlaidAnswered ? error.status : undefined);

export const plaidErrorCode = (error: unknown) => plaidErrorOf(error)?.error_code ?? null;

/** Codes that mean the item is gone at Plaid: after /item/remove, or never known. */
export const ITEM_GONE_CODES = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

export function plaidFailure(operation: string, error: unknown, institutionName = 'The bank'): DomainError {
  const body = plaidErrorOf(error);
  logger.warn('plaid call failed', {
    operation,
    status: plaidStatusOf(error),
    errorType: body?.error_type,
    errorCode: body?.error_code,
    plaidRequestId: body?.request_id,
    cause: body ? undefined : causeOf(error),
  });
  const code = body?.error_code;
  if (code === 'INVALID_PUBLIC_TOKEN') return new Invalid(BANK_MESSAGES.linkExpired);
  if (code === 'ITEM_LOGIN_REQUIRED')
    return new Conflict('ITEM_LOGIN_REQUIRED', BANK_MESSAGES.needsReconnect(institutionName));
  if (code && ITEM_GONE_CODES.has(code))
    return new Conflict(
      'BANK_LINK_GONE',
      `${institutionName} no longer knows this connection. Disconnect it here, then connect the bank again.`,
    );
  if (body?.error_type === 'RATE_LIMIT_EXCEEDED') return new TooMany(BANK_MESSAGES.rateLimited);
  if (body?.error_type === 'INSTITUTION_ERROR')
    return new Upstream(`${institutionName} is not answering right now. Please try again later.`, 'BANK_UNAVAILABLE');
  return new Upstream(BANK_MESSAGES.upstream, 'UPSTREAM', code ? { plaidErrorCode: code } : undefined);
}

/** A failure without Plaid's answer, by name only: ECONNREFUSED, TimeoutError, ... */
function causeOf(error: unknown): string | undefined {
  const { name, cause } = (error ?? {}) as { name?: string; cause?: { code?: string } };
  return cause?.code ?? name;
}
