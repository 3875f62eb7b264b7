import { INJECTABLE, plaidErrors } from './errors.js';
import { hashSeed } from './ids.js';
import { webhookPayload } from './payloads.js';
import type { PlaidStore, StandInItem } from './store.js';
import { generateHistory, isoDate, type PlaidTransaction } from './transactions.js';
import { type Delivery, TAMPERS, type Tamper, type WebhookSigner } from './webhooks.js';

type Body = Record<string, unknown>;

export interface ControlDeps {
  store: PlaidStore;
  signer: WebhookSigner;
  deliveries: Delivery[];
  fire: (item: StandInItem, payload: Body, tamper?: Tamper | null) => Promise<Delivery | null>;
  flush: () => Promise<void>;
}

const DAY = 86_400_000;
type ItemRoute = (item: StandInItem, body: Body) => unknown;

function num(value: unknown, field: string, { min, max }: { min?: number; max?: number } = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw plaidErrors.invalidField(`${field} must be a number`);
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    throw plaidErrors.invalidField(`${field} must be between ${min} and ${max}`);
  }
  return value;
}
const optStr = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

function itemSummary(item: StandInItem) {
  return {
    item_id: item.item_id,
    institution_id: item.institution.institution_id,
    institution_name: item.institution.name,
    username: item.user.username,
    webhook: item.webhook,
    removed: item.removed,
    error_code: item.error?.errorCode ?? null,
    ready: item.ready,
    login_required_at: item.loginRequiredAt === null ? null : new Date(item.loginRequiredAt).toISOString(),
    transaction_count: item.live.size,
    changes: item.log.length,
    accounts: item.accounts,
  };
}

/**
 * The stand-in's own control API under /_control (tests, the bench and a developer's curl): history,
 * pending and posted charges, edits, removals, the clock, item errors, injected API errors, webhooks
 * (also spoiled ones) and keys. Not part of Plaid's API.
 */
export function controlHandler({ store, signer, deliveries, fire, flush }: ControlDeps) {
  const notify = (item: StandInItem, body: Body) => {
    if (body.notify !== false) store.syncUpdatesAvailable(item);
  };
  const itemRoutes: Record<string, ItemRoute> = {
    '': (item) => ({ ...itemSummary(item), transactions: [...item.live.values()] }),
    generate: (item, body) => {
      const count = num(body.count, 'count', { min: 1, max: 100_000 });
      const end = isDate(body.end_date) ? String(body.end_date) : isoDate(store.now());
      const days = body.days === undefined ? 730 : num(body.days, 'days', { min: 1, max: 3650 });
      const start = isDate(body.start_date) ? String(body.start_date) : isoDate(Date.parse(end) - (days - 1) * DAY);
      const seed = body.seed === undefined ? hashSeed(item.item_id) : num(body.seed, 'seed');
      const twinEvery = body.twin_every === undefined ? undefined : num(body.twin_every, 'twin_every', { min: 0 });
      const added = generateHistory(item.accounts, { count, startDate: start, endDate: end, seed, twinEvery });
      for (const txn of added) store.upsert(item, txn);
      notify(item, body);
      return { added: added.length, transaction_ids: added.map((t) => t.transaction_id) };
    },
    transactions: (item, body) => {
      const txn = store.addTransaction(item, {
        account_id: optStr(body.account_id),
        amount: num(body.amount, 'amount'),
        date: isDate(body.date) ? String(body.date) : isoDate(store.now()),
        name: optStr(body.name) ?? 'STAND-IN PURCHASE',
        merchant_name: optStr(body.merchant_name) ?? null,
        pending: body.pending === true,
        category: (body.category as { primary: string; detailed: string } | undefined) ?? null,
        payment_channel: 'in store',
      });
      notify(item, body);
      return txn;
    },
    pending: (item, body) => (itemRoutes.transactions as ItemRoute)(item, { ...body, pending: true }),
    post: (item, body) => {
      const pendingId = optStr(body.pending_transaction_id);
      if (!pendingId) throw plaidErrors.missingFields(['pending_transaction_id']);
      const posted = store.settle(item, pendingId, {
        amount: body.amount === undefined ? undefined : num(body.amount, 'amount'),
        date: isDate(body.date) ? String(body.date) : undefined,
        name: optStr(body.name),
      });
      notify(item, body);
      return posted;
    },
    modify: (item, body) => {
      const id = optStr(body.transaction_id);
      if (!id) throw plaidErrors.missingFields(['transaction_id']);
      const patch: Partial<PlaidTransaction> = {};
      if (body.amount !== undefined) patch.amount = num(body.amount, 'amount');
      if (isDate(body.date)) patch.date = String(body.date);
      if (optStr(body.name)) patch.name = String(body.name);
      if (body.merchant_name !== undefined) patch.merchant_name = optStr(body.merchant_name) ?? null;
      const txn = store.modify(item, id, patch);
      notify(item, body);
      return txn;
    },
    remove: (item, body) => {
      const id = optStr(body.transaction_id);
      if (!id) throw plaidErrors.missingFields(['transaction_id']);
      const txn = store.removeTransaction(item, id);
      notify(item, body);
      return { removed: txn.transaction_id };
    },
    'login-required': (item) => {
      store.requireLogin(item);
      return itemSummary(item);
    },
    ready: (item, body) => {
      item.ready = body.ready !== false;
      if (item.ready) notify(item, body);
      return itemSummary(item);
    },
    errors: (item, body) => inject(item.injections, body),
    webhook: async (item, body) => {
      const tamper = (optStr(body.tamper) ?? null) as Tamper | null;
      if (tamper && !TAMPERS.includes(tamper))
        throw plaidErrors.invalidField(`tamper must be one of ${TAMPERS.join(', ')}`);
      const code = optStr(body.webhook_code) ?? 'SYNC_UPDATES_AVAILABLE';
      const payload =
        (body.payload as Body | undefined) ?? webhookPayload(store, item, code, optStr(body.disconnect_date));
      const delivery = await fire(item, payload, tamper);
      if (!delivery) throw plaidErrors.invalidField('the Item has no webhook URL');
      return delivery;
    },
  };

  return async (method: string, path: string, query: URLSearchParams, body: Body): Promise<unknown> => {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] === 'items' && parts[1]) {
      const route = itemRoutes[parts.slice(2).join('/')];
      if (!route || (method === 'GET') !== (parts.length === 2)) throw plaidErrors.notFound();
      store.tick();
      return route(store.item(parts[1]), body);
    }
    const key = `${method} ${parts.join('/')}`;
    switch (key) {
      case 'GET state':
        store.tick();
        return {
          now: new Date(store.now()).toISOString(),
          offset_ms: store.offsetMs,
          items: [...store.items.values()].map(itemSummary),
          keys: signer.allKeys(),
          current_kid: signer.currentKid,
          webhooks_sent: deliveries.length,
        };
      case 'POST clock/advance': {
        const ms =
          (typeof body.ms === 'number' ? body.ms : 0) +
          (typeof body.hours === 'number' ? body.hours * 3_600_000 : 0) +
          (typeof body.days === 'number' ? body.days * DAY : 0);
        if (!(ms > 0)) throw plaidErrors.invalidField('advance by a positive ms, hours or days');
        store.advance(ms);
        return { now: new Date(store.now()).toISOString(), offset_ms: store.offsetMs };
      }
      case 'POST errors':
        return inject(store.globalInjections, body);
      case 'GET keys':
        return { current_kid: signer.currentKid, keys: signer.allKeys() };
      case 'POST keys/rotate':
        return { key: signer.rotate(body.keep_old === true), keys: signer.allKeys() };
      case 'POST keys/expire': {
        const key = signer.expire(String(body.kid));
        if (!key) throw plaidErrors.unknownKeyId();
        return { key };
      }
      case 'GET webhooks': {
        const itemId = query.get('item_id');
        return { webhooks: deliveries.filter((d) => !itemId || d.item_id === itemId) };
      }
      case 'POST webhooks/flush':
        await flush();
        return { webhooks: deliveries.length };
      default:
        throw plaidErrors.notFound();
    }
  };
}

function inject(list: StandInItem['injections'], body: Body) {
  const endpoint = optStr(body.endpoint);
  const errorCode = optStr(body.error_code);
  if (!endpoint || !errorCode) throw plaidErrors.missingFields(['endpoint', 'error_code']);
  if (!INJECTABLE[errorCode]) {
    throw plaidErrors.invalidField(`error_code must be one of ${Object.keys(INJECTABLE).join(', ')}`);
  }
  const onCall = body.on_call === undefined ? 1 : num(body.on_call, 'on_call', { min: 1, max: 10_000 });
  list.push({ endpoint, errorCode, onCall, calls: 0 });
  return { endpoint, error_code: errorCode, on_call: onCall };
}
