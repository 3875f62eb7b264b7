import { ACCOUNT_TEMPLATES, INSTITUTIONS, type InstitutionDef, type SandboxUser, sandboxUser } from './catalog.js';
import { INJECTABLE, type PlaidApiError, plaidErrors } from './errors.js';
import { hashSeed, plaidId, token } from './ids.js';
import {
  generateHistory,
  isoDate,
  makeTransaction,
  type PlaidTransaction,
  type TransactionInput,
} from './transactions.js';

const HOUR = 3_600_000;
export const LINK_TOKEN_TTL = 4 * HOUR;
export const UPDATE_LINK_TOKEN_TTL = HOUR / 2;
export const PUBLIC_TOKEN_TTL = HOUR / 2;

export interface AccountBase {
  account_id: string;
  balances: {
    available: number | null;
    current: number | null;
    limit: number | null;
    iso_currency_code: string | null;
    unofficial_currency_code: string | null;
  };
  mask: string | null;
  name: string;
  official_name: string | null;
  type: string;
  subtype: string | null;
}

type ChangeEvent =
  | { kind: 'upsert'; id: string; txn: PlaidTransaction }
  | { kind: 'remove'; id: string; account_id: string };

export type Change =
  | { kind: 'added' | 'modified'; txn: PlaidTransaction }
  | { kind: 'removed'; transaction_id: string; account_id: string };

export interface Injection {
  endpoint: string;
  errorCode: string;
  /** Fires on this call of the endpoint from now (1 = the next one). */
  onCall: number;
  calls: number;
}

export interface StandInItem {
  item_id: string;
  institution: InstitutionDef;
  user: SandboxUser;
  webhook: string | null;
  products: string[];
  /** The link token's user.client_user_id (Link-made items), for tests to find the item the app linked. */
  clientUserId: string | null;
  createdAt: number;
  accounts: AccountBase[];
  removed: boolean;
  error: PlaidApiError | null;
  /** Stand-in time at which the item starts to need a new login (user_relogin), null = never. */
  loginRequiredAt: number | null;
  /** The initial pull is done: /transactions/sync returns data (before: next_cursor ""). */
  ready: boolean;
  /** Every change to the item's transactions, in order; a change's sequence number is its index + 1. */
  log: ChangeEvent[];
  firstSeq: Map<string, number>;
  live: Map<string, PlaidTransaction>;
  injections: Injection[];
  window?: { from: number; to: number; changes: Change[] };
}

interface LinkToken {
  expiresAt: number;
  webhook: string | null;
  itemId: string | null;
  products: string[];
  clientName: string;
  clientUserId: string | null;
}

/** Sends a webhook for the item (after `delayMs` when given). */
export type Notify = (item: StandInItem, body: Record<string, unknown>, delayMs?: number) => void;

/**
 * After an exchange Plaid finishes the item's first pull and says so with SYNC_UPDATES_AVAILABLE seconds later;
 * the delay also lets the app store the new item before the webhook about it arrives.
 */
export const INITIAL_UPDATE_WEBHOOK_DELAY_MS = 2_000;

/** All the stand-in's state: items, tokens, transactions and its clock (real time + an offset tests advance). */
export class PlaidStore {
  readonly items = new Map<string, StandInItem>();
  readonly accessTokens = new Map<string, string>();
  readonly publicTokens = new Map<string, { itemId: string; expiresAt: number; used: boolean }>();
  readonly linkTokens = new Map<string, LinkToken>();
  /** Injections not tied to an item (e.g. /link/token/create). */
  readonly globalInjections: Injection[] = [];
  offsetMs = 0;
  notify: Notify = () => undefined;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves the stand-in's clock; items whose login lapses in between go to ITEM_LOGIN_REQUIRED (with a webhook). */
  advance(ms: number): void {
    this.offsetMs += ms;
    this.tick();
  }

  tick(): void {
    const now = this.now();
    for (const item of this.items.values()) {
      if (!item.removed && !item.error && item.loginRequiredAt !== null && item.loginRequiredAt <= now) {
        this.requireLogin(item);
      }
    }
  }

  createLinkToken(input: {
    webhook?: string | null;
    accessToken?: string | null;
    products?: string[];
    clientName: string;
    clientUserId?: string | null;
  }) {
    const itemId = input.accessToken ? this.itemIdOf(input.accessToken) : null;
    const link_token = token('link');
    const expiresAt = this.now() + (itemId ? UPDATE_LINK_TOKEN_TTL : LINK_TOKEN_TTL);
    this.linkTokens.set(link_token, {
      expiresAt,
      webhook: input.webhook ?? null,
      itemId,
      products: itemId ? [] : (input.products ?? []),
      clientName: input.clientName,
      clientUserId: input.clientUserId ?? null,
    });
    return { link_token, expiration: plaidTime(expiresAt) };
  }

  linkToken(value: unknown): LinkToken {
    const link = typeof value === 'string' ? this.linkTokens.get(value) : undefined;
    if (!link) throw plaidErrors.invalidLinkToken('provided link token is invalid');
    if (link.expiresAt <= this.now()) throw plaidErrors.invalidLinkToken('provided link token is expired');
    return link;
  }

  createItem(input: {
    institutionId: string;
    username?: string | null;
    password?: string | null;
    webhook: string | null;
    products: string[];
    clientUserId?: string | null;
    history?: { startDate: string; endDate: string };
  }): StandInItem {
    const institution = INSTITUTIONS.find((i) => i.institution_id === input.institutionId);
    if (!institution) throw plaidErrors.invalidInstitution();
    const user = sandboxUser(input.username);
    if (!user || (input.password != null && input.password !== user.password)) {
      throw plaidErrors.invalidCredentials();
    }
    const now = this.now();
    const item: StandInItem = {
      item_id: plaidId(),
      institution,
      user,
      webhook: input.webhook,
      products: input.products.length ? input.products : ['transactions'],
      clientUserId: input.clientUserId ?? null,
      createdAt: now,
      accounts: ACCOUNT_TEMPLATES.map((t) => ({
        account_id: plaidId(),
        balances: {
          available: t.available,
          current: t.current,
          limit: t.limit,
          iso_currency_code: 'USD',
          unofficial_currency_code: null,
        },
        mask: t.mask,
        name: t.name,
        official_name: t.official_name,
        type: t.type,
        subtype: t.subtype,
      })),
      removed: false,
      error: null,
      loginRequiredAt: user.reloginAfterHours ? now + user.reloginAfterHours * HOUR : null,
      ready: true,
      log: [],
      firstSeq: new Map(),
      live: new Map(),
      injections: [],
    };
    this.items.set(item.item_id, item);
    if (user.history.count > 0) {
      const endDate = input.history?.endDate ?? isoDate(now);
      const startDate = input.history?.startDate ?? isoDate(now - (user.history.days - 1) * 86_400_000);
      // The bank's history is the login's: another item of the same login (a bank linked again) sees the same
      // transactions under its own ids, as Plaid's transaction_id is per item.
      const seed = hashSeed(`${institution.institution_id}/${user.username}/${startDate}/${endDate}`);
      const idSeed = hashSeed(item.item_id);
      const history = { count: user.history.count, startDate, endDate, seed, idSeed };
      for (const txn of generateHistory(item.accounts, history)) {
        this.upsert(item, txn);
      }
    }
    return item;
  }

  createPublicToken(item: StandInItem): string {
    const public_token = token('public');
    this.publicTokens.set(public_token, {
      itemId: item.item_id,
      expiresAt: this.now() + PUBLIC_TOKEN_TTL,
      used: false,
    });
    return public_token;
  }

  exchange(publicToken: string): { access_token: string; item_id: string } {
    const entry = this.publicTokens.get(publicToken);
    if (!entry) {
      throw plaidErrors.invalidPublicToken(
        'provided public token is in an invalid format. expected format: public-<environment>-<identifier>',
      );
    }
    if (entry.used) throw plaidErrors.invalidPublicToken('provided public token has already been exchanged');
    if (entry.expiresAt <= this.now()) {
      throw plaidErrors.invalidPublicToken(
        'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
      );
    }
    entry.used = true;
    const access_token = token('access');
    this.accessTokens.set(access_token, entry.itemId);
    const item = this.items.get(entry.itemId);
    if (item?.ready) this.syncUpdatesAvailable(item, INITIAL_UPDATE_WEBHOOK_DELAY_MS);
    return { access_token, item_id: entry.itemId };
  }

  itemIdOf(accessToken: unknown): string {
    if (typeof accessToken !== 'string' || !/^access-(sandbox|development|production)-/.test(accessToken)) {
      throw plaidErrors.invalidAccessToken();
    }
    const itemId = this.accessTokens.get(accessToken);
    if (!itemId) throw plaidErrors.invalidAccessToken();
    const item = this.items.get(itemId);
    if (!item || item.removed) throw plaidErrors.itemNotFound();
    return itemId;
  }

  /** The item behind an access token; removed items are ITEM_NOT_FOUND. */
  itemFor(accessToken: unknown): StandInItem {
    return this.items.get(this.itemIdOf(accessToken)) as StandInItem;
  }

  item(itemId: string): StandInItem {
    const item = this.items.get(itemId);
    if (!item) throw plaidErrors.itemNotFound();
    return item;
  }

  /** /item/remove: the item is gone; its access token answers ITEM_NOT_FOUND from now on. */
  remove(item: StandInItem): void {
    item.removed = true;
  }

  requireLogin(item: StandInItem): void {
    item.error = plaidErrors.itemLoginRequired();
    this.notify(item, {
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: item.item_id,
      error: item.error.itemError(),
      environment: 'sandbox',
    });
  }

  /** Update-mode Link completed: the login works again (LOGIN_REPAIRED when it was broken). */
  repairLogin(item: StandInItem): void {
    const wasBroken = item.error?.errorCode === 'ITEM_LOGIN_REQUIRED';
    item.error = null;
    item.loginRequiredAt = null;
    if (wasBroken) {
      this.notify(item, {
        webhook_type: 'ITEM',
        webhook_code: 'LOGIN_REPAIRED',
        item_id: item.item_id,
        environment: 'sandbox',
      });
    }
  }

  // ---- transactions -------------------------------------------------------------------------------

  upsert(item: StandInItem, txn: PlaidTransaction): void {
    // Stored transactions are never mutated (modify and settle make new objects), so the log shares them.
    item.log.push({ kind: 'upsert', id: txn.transaction_id, txn });
    if (!item.firstSeq.has(txn.transaction_id)) item.firstSeq.set(txn.transaction_id, item.log.length);
    item.live.set(txn.transaction_id, txn);
  }

  removeTransaction(item: StandInItem, transactionId: string): PlaidTransaction {
    const txn = item.live.get(transactionId);
    if (!txn) throw plaidErrors.invalidField(`unknown transaction_id ${transactionId}`);
    item.log.push({ kind: 'remove', id: transactionId, account_id: txn.account_id });
    item.live.delete(transactionId);
    return txn;
  }

  addTransaction(
    item: StandInItem,
    input: Omit<TransactionInput, 'account_id'> & { account_id?: string },
  ): PlaidTransaction {
    const account_id = input.account_id ?? (item.accounts[0] as AccountBase).account_id;
    if (!item.accounts.some((a) => a.account_id === account_id)) throw plaidErrors.invalidField('unknown account_id');
    const txn = makeTransaction({ ...input, account_id });
    this.upsert(item, txn);
    return txn;
  }

  /** The pending charge settles: the pending one is removed and a posted one (new id) points at it. */
  settle(
    item: StandInItem,
    pendingId: string,
    patch: { amount?: number; date?: string; name?: string },
  ): PlaidTransaction {
    const pending = item.live.get(pendingId);
    if (!pending?.pending) throw plaidErrors.invalidField(`${pendingId} is not a pending transaction`);
    this.removeTransaction(item, pendingId);
    const posted: PlaidTransaction = {
      ...structuredClone(pending),
      transaction_id: plaidId(),
      pending: false,
      pending_transaction_id: pendingId,
      amount: patch.amount ?? pending.amount,
      date: patch.date ?? isoDate(this.now()),
      name: patch.name ?? pending.name,
      authorized_date: pending.authorized_date ?? pending.date,
    };
    this.upsert(item, posted);
    return posted;
  }

  modify(
    item: StandInItem,
    id: string,
    patch: Partial<Pick<PlaidTransaction, 'amount' | 'date' | 'name' | 'merchant_name' | 'pending'>>,
  ) {
    const txn = item.live.get(id);
    if (!txn) throw plaidErrors.invalidField(`unknown transaction_id ${id}`);
    const next = { ...structuredClone(txn), ...patch };
    this.upsert(item, next);
    return next;
  }

  syncUpdatesAvailable(item: StandInItem, delayMs?: number): void {
    this.notify(
      item,
      {
        webhook_type: 'TRANSACTIONS',
        webhook_code: 'SYNC_UPDATES_AVAILABLE',
        item_id: item.item_id,
        initial_update_complete: item.ready,
        historical_update_complete: item.ready,
        environment: 'sandbox',
      },
      delayMs,
    );
  }

  /** The net changes between two points of the item's log (cached per window: pages of one pagination). */
  changes(item: StandInItem, from: number, to: number): Change[] {
    if (item.window && item.window.from === from && item.window.to === to) return item.window.changes;
    const last = new Map<string, ChangeEvent>();
    for (let i = from; i < to; i++) {
      const event = item.log[i] as ChangeEvent;
      last.delete(event.id);
      last.set(event.id, event);
    }
    const changes: Change[] = [];
    for (const event of last.values()) {
      const existedBefore = (item.firstSeq.get(event.id) ?? Number.POSITIVE_INFINITY) <= from;
      if (event.kind === 'remove') {
        if (existedBefore) changes.push({ kind: 'removed', transaction_id: event.id, account_id: event.account_id });
      } else changes.push({ kind: existedBefore ? 'modified' : 'added', txn: event.txn });
    }
    item.window = { from, to, changes };
    return changes;
  }

  /** Counts the call and throws the error injected for it, if any (item-scoped first, then global). */
  injected(endpoint: string, item: StandInItem | null): void {
    for (const list of [item?.injections, this.globalInjections]) {
      if (!list) continue;
      const index = list.findIndex((i) => i.endpoint === endpoint);
      if (index < 0) continue;
      const injection = list[index] as Injection;
      injection.calls += 1;
      if (injection.calls >= injection.onCall) {
        list.splice(index, 1);
        throw (INJECTABLE[injection.errorCode] ?? plaidErrors.internal)();
      }
      return;
    }
  }
}

/** Plaid's timestamp format: ISO 8601 without milliseconds. */
export const plaidTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
