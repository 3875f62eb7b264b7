import type {
  AccountsGetRequest,
  AccountsGetResponse,
  ItemPublicTokenExchangeRequest,
  ItemPublicTokenExchangeResponse,
  ItemRemoveRequest,
  ItemRemoveResponse,
  LinkTokenCreateRequest,
  LinkTokenCreateResponse,
  TransactionsSyncRequest,
  TransactionsSyncResponse,
  WebhookVerificationKeyGetRequest,
  WebhookVerificationKeyGetResponse,
} from 'plaid';
import { config } from './config.js';

/**
 * The Plaid endpoints we call, with the request and response shapes of Plaid's published API (the `plaid`
 * package's types, imported as types only: its runtime and axios never reach a Lambda bundle).
 */
interface PlaidEndpoints {
  '/link/token/create': [LinkTokenCreateRequest, LinkTokenCreateResponse];
  '/item/public_token/exchange': [ItemPublicTokenExchangeRequest, ItemPublicTokenExchangeResponse];
  '/accounts/get': [AccountsGetRequest, AccountsGetResponse];
  '/item/remove': [ItemRemoveRequest, ItemRemoveResponse];
  '/transactions/sync': [TransactionsSyncRequest, TransactionsSyncResponse];
  '/webhook_verification_key/get': [WebhookVerificationKeyGetRequest, WebhookVerificationKeyGetResponse];
}

export type PlaidPath = keyof PlaidEndpoints;
export type PlaidRequest<P extends PlaidPath> = PlaidEndpoints[P][0];
export type PlaidResponse<P extends PlaidPath> = PlaidEndpoints[P][1];

/** One call to Plaid: POST `path` with a JSON body; resolves to Plaid's answer, or throws PlaidAnswered. */
export type PlaidClient = <P extends PlaidPath>(path: P, request: PlaidRequest<P>) => Promise<PlaidResponse<P>>;

/**
 * Plaid answered, but not with a 2xx: its status and its error body (error_type, error_code, request_id, ...).
 * It holds nothing of the request, so no access token can leak through a log or a rethrow.
 */
export class PlaidAnswered extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Plaid answered ${status}`);
    this.name = 'PlaidAnswered';
  }
}

/** The API version every call pins, as Plaid's own clients send it. */
const PLAID_VERSION = '2020-09-14';
const TIMEOUT_MS = 30_000;

export interface PlaidSettings {
  basePath: string;
  clientId: string;
  secret: string;
}

/** A client for Plaid at `basePath` (Plaid's sandbox or production, or the Plaid stand-in offline). */
export function createPlaidClient({ basePath, clientId, secret }: PlaidSettings): PlaidClient {
  const base = basePath.replace(/\/+$/, '');
  return async (path, request) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'plaid-version': PLAID_VERSION,
        'plaid-client-id': clientId,
        'plaid-secret': secret,
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new PlaidAnswered(response.status, await response.json().catch(() => null));
    return (await response.json()) as never;
  };
}

let cached: PlaidClient | undefined;

/**
 * The client configured by PLAID_BASE_PATH, PLAID_CLIENT_ID and PLAID_SECRET, authenticated with Plaid's
 * PLAID-CLIENT-ID / PLAID-SECRET headers. The secret stays in this client: never logged, never returned.
 */
export function plaidClient(): PlaidClient {
  if (cached) return cached;
  const { PLAID_BASE_PATH, PLAID_CLIENT_ID, PLAID_SECRET } = config();
  if (!PLAID_BASE_PATH || !PLAID_CLIENT_ID || !PLAID_SECRET) {
    throw new Error('Plaid is not configured: PLAID_BASE_PATH, PLAID_CLIENT_ID and PLAID_SECRET are required');
  }
  cached = createPlaidClient({ basePath: PLAID_BASE_PATH, clientId: PLAID_CLIENT_ID, secret: PLAID_SECRET });
  return cached;
}

/** The public URL of our Plaid webhook route, which every link token carries; undefined = no webhooks. */
export function plaidWebhookUrl(): string | undefined {
  return config().PLAID_WEBHOOK_URL;
}
