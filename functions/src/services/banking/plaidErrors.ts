import { BANK_MESSAGES } from '@rent/shared';
import { Conflict, type DomainError, Invalid, TooMany, Upstream } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';

/**
 * Plaid's failures as domain errors: a clear 4xx or a 502, never a 500 with a stack. The error the plaid client
 * throws is an axios error whose `config` holds the request body, access token included, so it is never logged,
 * never wrapped and never rethrown: only Plaid's error_type, error_code and request_id survive.
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
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  return data && typeof data === 'object' && 'error_code' in data ? (data as PlaidErrorBody) : null;
}

export const plaidErrorCode = (error: unknown) => plaidErrorOf(error)?.error_code ?? null;

/** Codes that mean the item is gone at Plaid: after /item/remove, or never known. */
export const ITEM_GONE_CODES = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

export function plaidFailure(operation: string, error: unknown, institutionName = 'The bank'): DomainError {
  const body = plaidErrorOf(error);
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  logger.warn('plaid call failed', {
    operation,
    status,
    errorType: body?.error_type,
    errorCode: body?.error_code,
    plaidRequestId: body?.request_id,
    // Only the error's name: its message and config may carry the request (and the token).
    cause: body ? undefined : ((error as { name?: string; code?: string } | null)?.code ?? (error as Error)?.name),
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
