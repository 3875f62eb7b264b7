import { Configuration, CountryCode, PlaidApi, Products } from 'plaid';
import { LOCAL } from '../../infra/local/config.js';

/**
 * The Plaid stand-in (infra/local/plaid) from tests and the bench: the real `plaid` client pointed at it,
 * and a typed client for its control API (/_control/*). Takes the endpoint (integration and e2e:
 * `inject('plaidEndpoint')`; the bench: `stack.plaidEndpoint`), so it does not depend on vitest.
 */

export type PlaidErrorCode =
  | 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION'
  | 'INTERNAL_SERVER_ERROR'
  | 'RATE_LIMIT'
  | 'INSTITUTION_DOWN'
  | 'ITEM_LOGIN_REQUIRED'
  | 'INVALID_ACCESS_TOKEN'
  | 'ITEM_NOT_FOUND'
  | 'PRODUCT_NOT_READY';

export type WebhookTamper = 'bad_signature' | 'old_iat' | 'altered_body' | 'unknown_kid' | 'expired_key' | 'no_header';
export type SandboxUsername = 'user_good' | 'user_relogin' | 'user_new';

/** A transaction as Plaid returns it (the fields tests look at; the stand-in sends Plaid's full shape). */
export interface StandInTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  authorized_date: string | null;
  name: string;
  merchant_name: string | null;
  pending: boolean;
  pending_transaction_id: string | null;
  personal_finance_category: { primary: string; detailed: string; confidence_level: string | null } | null;
}

export interface StandInAccount {
  account_id: string;
  name: string;
  mask: string | null;
  type: string;
  subtype: string | null;
  balances: {
    available: number | null;
    current: number | null;
    limit: number | null;
    iso_currency_code: string | null;
  };
}

export interface StandInItemState {
  item_id: string;
  institution_id: string;
  institution_name: string;
  username: string;
  /** user.client_user_id of the link token the item was linked with (Link-made items), else null. */
  client_user_id: string | null;
  created_at: string;
  webhook: string | null;
  removed: boolean;
  error_code: string | null;
  ready: boolean;
  login_required_at: string | null;
  transaction_count: number;
  changes: number;
  accounts: StandInAccount[];
}

export interface WebhookDelivery {
  id: string;
  url: string;
  item_id: string | null;
  webhook_type: string;
  webhook_code: string;
  /** The exact body sent. */
  body: string;
  /** The Plaid-Verification header sent (null for tamper `no_header`). */
  verification: string | null;
  tamper: WebhookTamper | null;
  sentAt: number;
  /** The receiver's HTTP status, null until it answered (or on a network error). */
  status: number | null;
  error: string | null;
}

export interface PlaidJwk {
  alg: string;
  crv: string;
  kid: string;
  kty: string;
  use: string;
  x: string;
  y: string;
  created_at: number;
  expired_at: number | null;
}

/** The real `plaid` client for the stand-in, authenticated with the offline test credentials. */
export function plaidApi(endpoint: string, credentials: { clientId: string; secret: string } = LOCAL.plaid): PlaidApi {
  return new PlaidApi(
    new Configuration({
      basePath: endpoint,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': credentials.clientId, 'PLAID-SECRET': credentials.secret } },
    }),
  );
}

export class PlaidStandInControl {
  constructor(readonly endpoint: string) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const response = await fetch(`${this.endpoint}/_control/${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as T & { error_code?: string; error_message?: string };
    if (!response.ok) throw new Error(`Plaid stand-in ${path}: ${answer.error_code}: ${answer.error_message}`);
    return answer;
  }

  /**
   * A linked item without a browser (/sandbox/public_token/create + exchange, as Link would end): its
   * access token and item id. `webhook` is where its webhooks go (offline: `${baseUrl}/api/plaid/webhook`).
   */
  async linkItem(
    options: {
      institutionId?: string;
      username?: SandboxUsername;
      webhook?: string;
      startDate?: string;
      endDate?: string;
    } = {},
  ): Promise<{ accessToken: string; itemId: string }> {
    const client = plaidApi(this.endpoint);
    const created = await client.sandboxPublicTokenCreate({
      institution_id: options.institutionId ?? 'ins_109508',
      initial_products: [Products.Transactions],
      options: {
        webhook: options.webhook,
        override_username: options.username ?? 'user_good',
        override_password: 'pass_good',
        transactions:
          options.startDate && options.endDate
            ? { start_date: options.startDate, end_date: options.endDate }
            : undefined,
      },
    });
    const exchanged = await client.itemPublicTokenExchange({ public_token: created.data.public_token });
    return { accessToken: exchanged.data.access_token, itemId: exchanged.data.item_id };
  }

  /** A link token as our server would make it (update mode when accessToken is given). */
  async linkToken(options: { accessToken?: string; webhook?: string; clientUserId?: string } = {}): Promise<string> {
    const answer = await plaidApi(this.endpoint).linkTokenCreate({
      client_name: 'Rent.Today',
      language: 'en',
      country_codes: [CountryCode.Us],
      user: { client_user_id: options.clientUserId ?? 'test-user' },
      ...(options.accessToken ? { access_token: options.accessToken } : { products: [Products.Transactions] }),
      webhook: options.webhook,
    });
    return answer.data.link_token;
  }

  /** N posted transactions over a date range (default the last 730 days), deterministic for a seed. */
  generate(
    itemId: string,
    options: {
      count: number;
      startDate?: string;
      endDate?: string;
      days?: number;
      seed?: number;
      twinEvery?: number;
      notify?: boolean;
    },
  ): Promise<{ added: number; transaction_ids: string[] }> {
    return this.call('POST', `items/${itemId}/generate`, {
      count: options.count,
      start_date: options.startDate,
      end_date: options.endDate,
      days: options.days,
      seed: options.seed,
      twin_every: options.twinEvery,
      notify: options.notify,
    });
  }

  /** A posted (or, with pending: true, pending) transaction; amount outflow-positive dollars. */
  addTransaction(itemId: string, txn: TransactionSpec & { pending?: boolean }): Promise<StandInTransaction> {
    return this.call('POST', `items/${itemId}/transactions`, txn);
  }

  /** A pending charge. */
  postPending(itemId: string, txn: TransactionSpec): Promise<StandInTransaction> {
    return this.call('POST', `items/${itemId}/pending`, txn);
  }

  /**
   * The pending charge posts: Plaid removes the pending one and adds a posted one with a new id and
   * `pending_transaction_id`; a different `amount` is a tip.
   */
  postPosted(
    itemId: string,
    pendingTransactionId: string,
    patch: { amount?: number; date?: string; name?: string; notify?: boolean } = {},
  ): Promise<StandInTransaction> {
    return this.call('POST', `items/${itemId}/post`, { pending_transaction_id: pendingTransactionId, ...patch });
  }

  modify(
    itemId: string,
    transactionId: string,
    patch: { amount?: number; date?: string; name?: string; merchant_name?: string | null; notify?: boolean },
  ): Promise<StandInTransaction> {
    return this.call('POST', `items/${itemId}/modify`, { transaction_id: transactionId, ...patch });
  }

  remove(itemId: string, transactionId: string, options: { notify?: boolean } = {}): Promise<{ removed: string }> {
    return this.call('POST', `items/${itemId}/remove`, { transaction_id: transactionId, ...options });
  }

  /** The item needs a new login now (ITEM ERROR webhook); update-mode Link clears it (LOGIN_REPAIRED). */
  forceLoginRequired(itemId: string): Promise<StandInItemState> {
    return this.call('POST', `items/${itemId}/login-required`, {});
  }

  /** Whether the item's initial pull is done (false: /transactions/sync answers next_cursor ""). */
  setReady(itemId: string, ready: boolean, options: { notify?: boolean } = {}): Promise<StandInItemState> {
    return this.call('POST', `items/${itemId}/ready`, { ready, ...options });
  }

  /**
   * The `onCall`th call (default the next) of `endpoint` for this item answers `errorCode`, e.g.
   * ('/transactions/sync', 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 3) on the third page.
   */
  injectError(itemId: string, endpoint: string, errorCode: PlaidErrorCode, onCall = 1) {
    return this.call('POST', `items/${itemId}/errors`, { endpoint, error_code: errorCode, on_call: onCall });
  }

  /** The same for calls with no item (e.g. /link/token/create, /item/public_token/exchange). */
  injectGlobalError(endpoint: string, errorCode: PlaidErrorCode, onCall = 1) {
    return this.call('POST', 'errors', { endpoint, error_code: errorCode, on_call: onCall });
  }

  /** Sends a webhook to the item's URL now, optionally spoiled, and answers when the receiver answered. */
  sendWebhook(
    itemId: string,
    options: {
      code?: 'SYNC_UPDATES_AVAILABLE' | 'DEFAULT_UPDATE' | 'ERROR' | 'LOGIN_REPAIRED' | 'PENDING_DISCONNECT';
      tamper?: WebhookTamper;
      /** PENDING_DISCONNECT's date (YYYY-MM-DD). */
      disconnectDate?: string;
      /** A body of your own instead of the one for `code`. */
      payload?: Record<string, unknown>;
    } = {},
  ): Promise<WebhookDelivery> {
    return this.call('POST', `items/${itemId}/webhook`, {
      webhook_code: options.code,
      tamper: options.tamper,
      disconnect_date: options.disconnectDate,
      payload: options.payload,
    });
  }

  /** Webhooks sent so far (all, or one item's), oldest first. */
  async webhooks(itemId?: string): Promise<WebhookDelivery[]> {
    const query = itemId ? `?item_id=${encodeURIComponent(itemId)}` : '';
    return (await this.call<{ webhooks: WebhookDelivery[] }>('GET', `webhooks${query}`)).webhooks;
  }

  /** Waits until every webhook sent or still waiting out its delay has been answered. */
  async flushWebhooks(): Promise<void> {
    await this.call('POST', 'webhooks/flush', {});
  }

  /** Moves the stand-in's clock (token expiry, user_relogin's lapse, default dates); webhook iat stays real time. */
  advanceTime(by: { ms?: number; hours?: number; days?: number }): Promise<{ now: string; offset_ms: number }> {
    return this.call('POST', 'clock/advance', by);
  }

  keys(): Promise<{ current_kid: string; keys: PlaidJwk[] }> {
    return this.call('GET', 'keys');
  }

  /** A new signing key; the old one expires now unless keepOld. */
  rotateKey(keepOld = false): Promise<{ key: PlaidJwk; keys: PlaidJwk[] }> {
    return this.call('POST', 'keys/rotate', { keep_old: keepOld });
  }

  expireKey(kid: string): Promise<{ key: PlaidJwk }> {
    return this.call('POST', 'keys/expire', { kid });
  }

  /** One item's state with its live transactions (for assertions). */
  item(itemId: string): Promise<StandInItemState & { transactions: StandInTransaction[] }> {
    return this.call('GET', `items/${itemId}`);
  }

  /**
   * Items newest first, optionally filtered; e.g. the item a browser test just linked through the app:
   * `(await control.items({ clientUserId }))[0]`, or with no filter in the serial e2e project.
   */
  async items(
    filter: { clientUserId?: string; institutionId?: string; username?: SandboxUsername; webhook?: string } = {},
  ): Promise<StandInItemState[]> {
    const query = new URLSearchParams();
    if (filter.clientUserId) query.set('client_user_id', filter.clientUserId);
    if (filter.institutionId) query.set('institution_id', filter.institutionId);
    if (filter.username) query.set('username', filter.username);
    if (filter.webhook) query.set('webhook', filter.webhook);
    return (await this.call<{ items: StandInItemState[] }>('GET', `items?${query}`)).items;
  }

  state(): Promise<{ now: string; offset_ms: number; items: StandInItemState[]; current_kid: string }> {
    return this.call('GET', 'state');
  }
}

export interface TransactionSpec {
  amount: number;
  name?: string;
  merchant_name?: string;
  account_id?: string;
  date?: string;
  category?: { primary: string; detailed: string };
  notify?: boolean;
}
