/** Plaid's error object (components/schemas/PlaidError) with the HTTP status Plaid answers it with. */
export class PlaidApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    readonly errorCode: string,
    message: string,
    readonly displayMessage: string | null = null,
  ) {
    super(message);
  }

  body(requestId: string) {
    return {
      display_message: this.displayMessage,
      documentation_url: `https://plaid.com/docs/errors/${this.errorType.toLowerCase().replace(/_error$/, '')}/#${this.errorCode.toLowerCase()}`,
      error_code: this.errorCode,
      error_code_reason: null,
      error_message: this.message,
      error_type: this.errorType,
      request_id: requestId,
      suggested_action: null,
      causes: [],
      status: this.status,
    };
  }

  /** The error as it sits in an Item's `error` field and in an ITEM ERROR webhook (no request id). */
  itemError() {
    const { request_id: _, ...rest } = this.body('');
    return rest;
  }
}

const LOGIN_DISPLAY =
  "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state";

export const plaidErrors = {
  invalidApiKeys: () =>
    new PlaidApiError(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided'),
  missingFields: (fields: string[]) =>
    new PlaidApiError(
      400,
      'INVALID_REQUEST',
      'MISSING_FIELDS',
      `the following required fields are missing: ${fields.join(', ')}`,
    ),
  invalidField: (message: string) => new PlaidApiError(400, 'INVALID_REQUEST', 'INVALID_FIELD', message),
  invalidBody: () => new PlaidApiError(400, 'INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON'),
  notFound: () => new PlaidApiError(404, 'INVALID_REQUEST', 'NOT_FOUND', 'not found'),
  invalidAccessToken: () =>
    new PlaidApiError(
      400,
      'INVALID_INPUT',
      'INVALID_ACCESS_TOKEN',
      'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
    ),
  invalidPublicToken: (message: string) => new PlaidApiError(400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', message),
  invalidLinkToken: (message: string) => new PlaidApiError(400, 'INVALID_INPUT', 'INVALID_LINK_TOKEN', message),
  invalidInstitution: () =>
    new PlaidApiError(400, 'INVALID_INPUT', 'INVALID_INSTITUTION', 'invalid institution_id provided'),
  invalidCursor: () =>
    new PlaidApiError(400, 'INVALID_INPUT', 'INVALID_FIELD', 'cursor not associated with access_token'),
  unknownKeyId: () =>
    new PlaidApiError(
      400,
      'INVALID_INPUT',
      'INVALID_WEBHOOK_VERIFICATION_KEY_ID',
      'invalid key_id provided. note that key_ids are specific to Plaid environments, and verification requests must be made to the same environment that the webhook was sent from',
    ),
  invalidCredentials: () =>
    new PlaidApiError(
      400,
      'ITEM_ERROR',
      'INVALID_CREDENTIALS',
      'the provided credentials were not correct',
      'The provided credentials were not correct. Please try again.',
    ),
  itemNotFound: () =>
    new PlaidApiError(
      400,
      'ITEM_ERROR',
      'ITEM_NOT_FOUND',
      'the Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user',
    ),
  itemLoginRequired: () =>
    new PlaidApiError(
      400,
      'ITEM_ERROR',
      'ITEM_LOGIN_REQUIRED',
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
      LOGIN_DISPLAY,
    ),
  mutationDuringPagination: () =>
    new PlaidApiError(
      400,
      'TRANSACTIONS_ERROR',
      'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
      'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
    ),
  internal: () =>
    new PlaidApiError(
      500,
      'API_ERROR',
      'INTERNAL_SERVER_ERROR',
      'an unexpected error occurred',
      'An unexpected error occurred. Please try again later.',
    ),
  rateLimit: () =>
    new PlaidApiError(
      429,
      'RATE_LIMIT_EXCEEDED',
      'RATE_LIMIT',
      'rate limit exceeded for attempts to access this item. please try again later',
    ),
  institutionDown: () =>
    new PlaidApiError(
      400,
      'INSTITUTION_ERROR',
      'INSTITUTION_DOWN',
      'this institution is not currently responding to this request. please try again soon',
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
    ),
  productNotReady: () =>
    new PlaidApiError(
      400,
      'ITEM_ERROR',
      'PRODUCT_NOT_READY',
      'the requested product is not yet ready. please provide a webhook or try the request again later',
    ),
};

/** Errors a test can inject on the next call of an endpoint, by error_code. */
export const INJECTABLE: Record<string, () => PlaidApiError> = {
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: plaidErrors.mutationDuringPagination,
  INTERNAL_SERVER_ERROR: plaidErrors.internal,
  RATE_LIMIT: plaidErrors.rateLimit,
  INSTITUTION_DOWN: plaidErrors.institutionDown,
  ITEM_LOGIN_REQUIRED: plaidErrors.itemLoginRequired,
  INVALID_ACCESS_TOKEN: plaidErrors.invalidAccessToken,
  ITEM_NOT_FOUND: plaidErrors.itemNotFound,
  PRODUCT_NOT_READY: plaidErrors.productNotReady,
};
