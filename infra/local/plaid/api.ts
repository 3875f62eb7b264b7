import { plaidErrors } from './errors.js';
import { webhookPayload } from './payloads.js';
import { type AccountBase, type PlaidStore, plaidTime, type StandInItem } from './store.js';
import { makeTransaction, type PlaidTransaction } from './transactions.js';
import type { WebhookSigner } from './webhooks.js';

type Body = Record<string, unknown>;
export type Endpoint = (body: Body) => Body | Promise<Body>;

export interface ApiDeps {
  store: PlaidStore;
  signer: WebhookSigner;
  /** Fires a webhook to the item's URL (SYNC_UPDATES_AVAILABLE and friends). */
  fire: (item: StandInItem, payload: Body) => void;
}

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function required(body: Body, ...fields: string[]) {
  const missing = fields.filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
  if (missing.length) throw plaidErrors.missingFields(missing);
}

/** An item the token opens, refusing when the login broke (what Plaid answers data calls then). */
function healthyItem(store: PlaidStore, body: Body, endpoint: string): StandInItem {
  required(body, 'access_token');
  const item = store.itemFor(body.access_token);
  store.injected(endpoint, item);
  if (item.error) throw item.error;
  return item;
}

function itemJson(item: StandInItem) {
  return {
    item_id: item.item_id,
    institution_id: item.institution.institution_id,
    institution_name: item.institution.name,
    webhook: item.webhook,
    auth_method: null,
    error: item.error ? item.error.itemError() : null,
    available_products: ['balance', 'identity'].filter((p) => !item.products.includes(p)),
    billed_products: item.products,
    products: item.products,
    consented_products: item.products,
    consent_expiration_time: null,
    update_type: 'background',
  };
}

/** /item/get's item (ItemWithConsentFields) also says when it was made. */
const itemWithConsentJson = (item: StandInItem) => ({ ...itemJson(item), created_at: plaidTime(item.createdAt) });

const SYNC_COUNT_MESSAGE = 'count must be an integer between 1 and 500';

interface SyncCursor {
  item: string;
  /** Settled: everything up to `to` was delivered. Paging: `offset` changes of the window from..to were. */
  from: number;
  to: number;
  offset: number;
}

const encodeCursor = (c: SyncCursor) =>
  Buffer.from(JSON.stringify([c.item, c.from, c.to, c.offset]), 'utf8').toString('base64url');

function decodeCursor(value: string, item: StandInItem): SyncCursor {
  try {
    const [id, from, to, offset] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    const ints = [from, to, offset].every((n) => Number.isInteger(n) && (n as number) >= 0);
    if (id !== item.item_id || !ints || (to as number) > item.log.length) throw plaidErrors.invalidCursor();
    return { item: id, from, to, offset } as SyncCursor;
  } catch {
    throw plaidErrors.invalidCursor();
  }
}

function transactionsSync(store: PlaidStore, body: Body): Body {
  const item = healthyItem(store, body, '/transactions/sync');
  const count = body.count ?? 100;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 500) {
    throw plaidErrors.invalidField(SYNC_COUNT_MESSAGE);
  }
  if (body.cursor !== undefined && body.cursor !== null && typeof body.cursor !== 'string') {
    throw plaidErrors.invalidField('cursor must be a string');
  }
  const accounts = item.accounts;
  if (!item.ready) {
    return {
      added: [],
      modified: [],
      removed: [],
      accounts,
      next_cursor: '',
      has_more: false,
      transactions_update_status: 'NOT_READY',
    };
  }
  const head = item.log.length;
  let window: SyncCursor = { item: item.item_id, from: 0, to: head, offset: 0 };
  if (str(body.cursor)) {
    const cursor = decodeCursor(body.cursor, item);
    if (cursor.offset === 0) window = { ...window, from: cursor.to };
    else if (cursor.to !== head) throw plaidErrors.mutationDuringPagination();
    else window = cursor;
  }
  const changes = store.changes(item, window.from, window.to);
  const page = changes.slice(window.offset, window.offset + count);
  const hasMore = window.offset + count < changes.length;
  const next: SyncCursor = hasMore
    ? { ...window, offset: window.offset + count }
    : { item: item.item_id, from: window.to, to: window.to, offset: 0 };
  const added: PlaidTransaction[] = [];
  const modified: PlaidTransaction[] = [];
  const removed: { transaction_id: string; account_id: string }[] = [];
  for (const change of page) {
    if (change.kind === 'removed')
      removed.push({ transaction_id: change.transaction_id, account_id: change.account_id });
    else (change.kind === 'added' ? added : modified).push(change.txn);
  }
  return {
    added,
    modified,
    removed,
    accounts,
    next_cursor: encodeCursor(next),
    has_more: hasMore,
    transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
  };
}

/** Plaid's API paths the stand-in answers, each with Plaid's request and response shapes. */
export function plaidEndpoints({ store, signer, fire }: ApiDeps): Record<string, Endpoint> {
  return {
    '/link/token/create': (body) => {
      store.injected('/link/token/create', null);
      required(body, 'client_name', 'language', 'country_codes');
      const user = body.user as Body | undefined;
      if (!body.user_id && !str(user?.client_user_id)) throw plaidErrors.missingFields(['user.client_user_id']);
      const products = Array.isArray(body.products) ? (body.products as string[]) : [];
      if (!body.access_token && products.length === 0) {
        throw plaidErrors.invalidField('products must be provided unless access_token is set (update mode)');
      }
      if (body.access_token) store.itemFor(body.access_token);
      return store.createLinkToken({
        webhook: str(body.webhook) ? body.webhook : null,
        accessToken: str(body.access_token) ? body.access_token : null,
        products,
        clientName: String(body.client_name),
      });
    },

    '/item/public_token/exchange': (body) => {
      store.injected('/item/public_token/exchange', null);
      required(body, 'public_token');
      return store.exchange(String(body.public_token));
    },

    '/accounts/get': (body) => {
      const item = healthyItem(store, body, '/accounts/get');
      const wanted = (body.options as Body | undefined)?.account_ids;
      const accounts = Array.isArray(wanted)
        ? item.accounts.filter((a) => wanted.includes(a.account_id))
        : item.accounts;
      return { accounts, item: itemJson(item) };
    },

    '/transactions/sync': (body) => transactionsSync(store, body),

    '/item/get': (body) => {
      required(body, 'access_token');
      const item = store.itemFor(body.access_token);
      store.injected('/item/get', item);
      const now = plaidTime(store.now());
      return {
        item: itemWithConsentJson(item),
        status: {
          investments: null,
          transactions: { last_successful_update: item.error ? null : now, last_failed_update: null },
          last_webhook: null,
        },
      };
    },

    '/item/remove': (body) => {
      required(body, 'access_token');
      const item = store.itemFor(body.access_token);
      store.injected('/item/remove', item);
      store.remove(item);
      return {};
    },

    '/webhook_verification_key/get': (body) => {
      required(body, 'key_id');
      const key = signer.jwk(String(body.key_id));
      if (!key) throw plaidErrors.unknownKeyId();
      return { key };
    },

    '/sandbox/public_token/create': (body) => {
      required(body, 'institution_id', 'initial_products');
      const options = (body.options ?? {}) as Body;
      const history = options.transactions as { start_date?: string; end_date?: string } | undefined;
      const item = store.createItem({
        institutionId: String(body.institution_id),
        username: str(options.override_username) ? options.override_username : 'user_good',
        password: str(options.override_password) ? options.override_password : null,
        webhook: str(options.webhook) ? options.webhook : null,
        products: body.initial_products as string[],
        history:
          history?.start_date && history.end_date
            ? { startDate: history.start_date, endDate: history.end_date }
            : undefined,
      });
      return { public_token: store.createPublicToken(item) };
    },

    '/sandbox/item/fire_webhook': (body) => {
      required(body, 'access_token', 'webhook_code');
      const item = store.itemFor(body.access_token);
      const payload = webhookPayload(store, item, String(body.webhook_code));
      if (!item.webhook) throw plaidErrors.invalidField('the Item has no webhook URL');
      fire(item, payload);
      return { webhook_fired: true };
    },

    '/sandbox/item/reset_login': (body) => {
      required(body, 'access_token');
      const item = store.itemFor(body.access_token);
      store.requireLogin(item);
      return { reset_login: true };
    },

    '/sandbox/transactions/create': (body) => {
      required(body, 'access_token', 'transactions');
      const item = store.itemFor(body.access_token);
      const list = body.transactions;
      if (!Array.isArray(list) || list.length === 0 || list.length > 10) {
        throw plaidErrors.invalidField('transactions must contain between 1 and 10 items');
      }
      const checking = item.accounts.find((a) => a.subtype === 'checking') ?? (item.accounts[0] as AccountBase);
      for (const raw of list as Body[]) {
        required(raw, 'date_transacted', 'date_posted', 'amount', 'description');
        if (typeof raw.amount !== 'number') throw plaidErrors.invalidField('amount must be a number');
        store.upsert(
          item,
          makeTransaction({
            account_id: checking.account_id,
            amount: raw.amount,
            date: String(raw.date_posted),
            authorized_date: String(raw.date_transacted),
            name: String(raw.description),
          }),
        );
      }
      store.syncUpdatesAvailable(item);
      return {};
    },
  };
}
