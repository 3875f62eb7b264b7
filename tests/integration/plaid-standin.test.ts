import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { CountryCode, type PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PlaidStandInControl, plaidApi } from '../support/plaid.js';
import { schemaProblems } from '../support/plaid-schema.js';

/** The Plaid stand-in driven by the real `plaid` client; every answer checked against Plaid's published schemas. */
const endpoint = inject('plaidEndpoint');
const control = new PlaidStandInControl(endpoint);
const client: PlaidApi = plaidApi(endpoint);

/** The Plaid error a call failed with (status and body), or a failure when it did not fail. */
async function plaidError(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: { status: number; data: Record<string, unknown> } }).response;
    if (!response) throw error;
    expect(schemaProblems(response.data, 'PlaidError')).toEqual([]);
    return { status: response.status, body: response.data };
  }
  throw new Error('expected the call to fail');
}

/** A tiny webhook receiver: what arrived, with the exact body and the Plaid-Verification header. */
const received: { body: string; verification: string | undefined }[] = [];
let receiver: Server;
let webhookUrl: string;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        verification: req.headers['plaid-verification'] as string | undefined,
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/plaid/webhook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const bodiesFor = (itemId: string) =>
  received
    .map((r) => ({ ...r, json: JSON.parse(r.body) as Record<string, unknown> }))
    .filter((r) => r.json.item_id === itemId);

async function syncAll(accessToken: string, cursor = '', count = 500) {
  const pages = [];
  for (;;) {
    const { data } = await client.transactionsSync({ access_token: accessToken, cursor, count });
    expect(schemaProblems(data, 'TransactionsSyncResponse')).toEqual([]);
    pages.push(data);
    cursor = data.next_cursor;
    if (!data.has_more) return { pages, cursor };
  }
}

describe('link tokens and the public token exchange', () => {
  it('makes a 4 h link token, and a 30 min one in update mode without products', async () => {
    const before = Date.parse((await control.state()).now);
    const { data } = await client.linkTokenCreate({
      client_name: 'Rent.Today',
      language: 'en',
      country_codes: [CountryCode.Us],
      user: { client_user_id: 'person-1' },
      products: [Products.Transactions],
      webhook: webhookUrl,
    });
    expect(schemaProblems(data, 'LinkTokenCreateResponse')).toEqual([]);
    expect(data.link_token).toMatch(/^link-sandbox-/);
    expect(Date.parse(data.expiration) - before).toBeGreaterThan(4 * 3_600_000 - 60_000);
    expect(Date.parse(data.expiration) - before).toBeLessThanOrEqual(4 * 3_600_000 + 60_000);

    const { accessToken } = await control.linkItem();
    const update = await client.linkTokenCreate({
      client_name: 'Rent.Today',
      language: 'en',
      country_codes: [CountryCode.Us],
      user: { client_user_id: 'person-1' },
      access_token: accessToken,
    });
    expect(Date.parse(update.data.expiration) - before).toBeLessThanOrEqual(30 * 60_000 + 60_000);
    expect(Date.parse(update.data.expiration) - before).toBeGreaterThan(30 * 60_000 - 60_000);

    const noProducts = await plaidError(
      client.linkTokenCreate({
        client_name: 'Rent.Today',
        language: 'en',
        country_codes: [CountryCode.Us],
        user: { client_user_id: 'person-1' },
      }),
    );
    expect(noProducts.status).toBe(400);
    expect(noProducts.body.error_code).toBe('INVALID_FIELD');
  });

  it('refuses wrong API keys with INVALID_API_KEYS', async () => {
    const wrong = plaidApi(endpoint, { clientId: 'rent-today-offline-client', secret: 'not-the-secret' });
    const error = await plaidError(
      wrong.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] }),
    );
    expect(error).toMatchObject({ status: 400, body: { error_type: 'INVALID_INPUT', error_code: 'INVALID_API_KEYS' } });
  });

  it('exchanges a public token once', async () => {
    const created = await client.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
    });
    expect(schemaProblems(created.data, 'SandboxPublicTokenCreateResponse')).toEqual([]);
    const exchanged = await client.itemPublicTokenExchange({ public_token: created.data.public_token });
    expect(schemaProblems(exchanged.data, 'ItemPublicTokenExchangeResponse')).toEqual([]);
    expect(exchanged.data.access_token).toMatch(/^access-sandbox-/);
    const again = await plaidError(client.itemPublicTokenExchange({ public_token: created.data.public_token }));
    expect(again).toMatchObject({ status: 400, body: { error_code: 'INVALID_PUBLIC_TOKEN' } });
  });
});

describe('Link (what link-initialize.js calls)', () => {
  const link = async (path: string, body: object) => {
    const response = await fetch(`${endpoint}/_link/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('offers the sandbox banks and users, refuses a wrong password, and links with Link metadata', async () => {
    const clientUserId = `person-${Date.now()}-${Math.random()}`;
    const linkToken = await control.linkToken({ clientUserId, webhook: webhookUrl });
    const session = await link('session', { link_token: linkToken });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ mode: 'create', client_name: 'Rent.Today' });
    expect((session.body.institutions as { institution_id: string }[]).map((i) => i.institution_id)).toContain(
      'ins_109508',
    );
    expect((session.body.users as { username: string }[]).map((u) => u.username)).toEqual([
      'user_good',
      'user_relogin',
      'user_new',
    ]);

    const wrong = await link('complete', {
      link_token: linkToken,
      institution_id: 'ins_109510',
      username: 'user_good',
      password: 'nope',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error_code: 'INVALID_CREDENTIALS' } });
    const badToken = await link('session', { link_token: 'link-sandbox-00000000-0000-0000-0000-000000000000' });
    expect(badToken).toMatchObject({ status: 400, body: { error_code: 'INVALID_LINK_TOKEN' } });

    const done = await link('complete', {
      link_token: linkToken,
      institution_id: 'ins_109510',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(done.status).toBe(200);
    expect(done.body.metadata).toMatchObject({
      institution: { name: 'Tattersall Federal Credit Union', institution_id: 'ins_109510' },
      link_session_id: expect.any(String),
    });
    const [item] = await control.items({ clientUserId });
    expect(item).toMatchObject({ institution_id: 'ins_109510', username: 'user_good', webhook: webhookUrl });
    const exchanged = await client.itemPublicTokenExchange({ public_token: String(done.body.public_token) });
    expect(exchanged.data.item_id).toBe(item!.item_id);
    const metadataIds = (done.body.metadata as { accounts: { id: string }[] }).accounts.map((a) => a.id);
    const accounts = await client.accountsGet({ access_token: exchanged.data.access_token });
    expect(accounts.data.accounts.map((a) => a.account_id)).toEqual(metadataIds);
  });
});

describe('accounts and items', () => {
  it('lists checking, savings and a credit card, and the item', async () => {
    const { accessToken, itemId } = await control.linkItem({ institutionId: 'ins_109509' });
    const { data } = await client.accountsGet({ access_token: accessToken });
    expect(schemaProblems(data, 'AccountsGetResponse')).toEqual([]);
    expect(data.accounts.map((a) => a.subtype)).toEqual(['checking', 'savings', 'credit card']);
    expect(data.item).toMatchObject({ item_id: itemId, institution_id: 'ins_109509' });
    const item = await client.itemGet({ access_token: accessToken });
    expect(schemaProblems(item.data, 'ItemGetResponse')).toEqual([]);
    expect(item.data.item.institution_name).toBe('First Gingham Credit Union');
  });

  it('kills the access token when the item is removed (ITEM_NOT_FOUND)', async () => {
    const { accessToken } = await control.linkItem();
    const removed = await client.itemRemove({ access_token: accessToken });
    expect(schemaProblems(removed.data, 'ItemRemoveResponse')).toEqual([]);
    // Each call starts only when it is awaited: started together, a later one could reject before its handler is
    // attached, an unhandled rejection that fails the run at random.
    for (const call of [
      () => client.accountsGet({ access_token: accessToken }),
      () => client.transactionsSync({ access_token: accessToken }),
      () => client.itemRemove({ access_token: accessToken }),
    ]) {
      expect(await plaidError(call())).toMatchObject({
        status: 400,
        body: { error_type: 'ITEM_ERROR', error_code: 'ITEM_NOT_FOUND' },
      });
    }
    const malformed = await plaidError(client.accountsGet({ access_token: 'not-a-token' }));
    expect(malformed.body.error_code).toBe('INVALID_ACCESS_TOKEN');
  });
});

describe('/transactions/sync', () => {
  it('pages with has_more, validates count, replays from any cursor, and reports not-ready as ""', async () => {
    const { accessToken, itemId } = await control.linkItem();
    await control.generate(itemId, { count: 140, days: 365, seed: 7, notify: false });
    for (const count of [0, 501, 2.5]) {
      const error = await plaidError(client.transactionsSync({ access_token: accessToken, count }));
      expect(error).toMatchObject({ status: 400, body: { error_code: 'INVALID_FIELD' } });
    }
    const first = await syncAll(accessToken, '', 50);
    expect(first.pages.map((p) => p.has_more)).toEqual([true, true, true, false]);
    const ids = first.pages.flatMap((p) => p.added.map((t) => t.transaction_id));
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    const amounts = first.pages.flatMap((p) => p.added.map((t) => t.amount));
    expect(amounts.some((a) => a > 0)).toBe(true);
    expect(amounts.some((a) => a < 0)).toBe(true);
    // Same-day same-amount twins at the same merchant exist in generated history.
    const keys = first.pages.flatMap((p) => p.added.map((t) => `${t.account_id}/${t.date}/${t.amount}/${t.name}`));
    expect(new Set(keys).size).toBeLessThan(keys.length);

    const replay = await syncAll(accessToken, '', 500);
    expect(replay.pages.flatMap((p) => p.added.map((t) => t.transaction_id)).sort()).toEqual([...ids].sort());
    const caughtUp = await client.transactionsSync({ access_token: accessToken, cursor: first.cursor });
    expect(caughtUp.data).toMatchObject({ added: [], modified: [], removed: [], has_more: false });

    await control.setReady(itemId, false);
    const notReady = await client.transactionsSync({ access_token: accessToken });
    expect(notReady.data).toMatchObject({
      next_cursor: '',
      has_more: false,
      added: [],
      transactions_update_status: 'NOT_READY',
    });
    expect(schemaProblems(notReady.data, 'TransactionsSyncResponse')).toEqual([]);
  });

  it('answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION when data changes mid-pagination, and on demand', async () => {
    const { accessToken, itemId } = await control.linkItem();
    const page1 = await client.transactionsSync({ access_token: accessToken, count: 10 });
    expect(page1.data.has_more).toBe(true);
    await control.addTransaction(itemId, { amount: 12.34, name: 'LATE ARRIVAL', notify: false });
    const mutated = await plaidError(
      client.transactionsSync({ access_token: accessToken, cursor: page1.data.next_cursor, count: 10 }),
    );
    expect(mutated).toMatchObject({
      status: 400,
      body: { error_type: 'TRANSACTIONS_ERROR', error_code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION' },
    });
    const restarted = await syncAll(accessToken, '', 10);
    expect(restarted.pages.flatMap((p) => p.added)).toHaveLength(61);

    await control.injectError(itemId, '/transactions/sync', 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 2);
    const again = await client.transactionsSync({ access_token: accessToken, count: 20 });
    const injected = await plaidError(
      client.transactionsSync({ access_token: accessToken, cursor: again.data.next_cursor, count: 20 }),
    );
    expect(injected.body.error_code).toBe('TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION');
    // Injected once: the same page now answers.
    const third = await client.transactionsSync({
      access_token: accessToken,
      cursor: again.data.next_cursor,
      count: 20,
    });
    expect(third.data.added).toHaveLength(20);
  });

  it('sends pending, then posted with a tip (removed + added with pending_transaction_id), modified and removed', async () => {
    const { accessToken, itemId } = await control.linkItem({ username: 'user_new' });
    const start = await client.transactionsSync({ access_token: accessToken });
    expect(start.data.added).toEqual([]);

    const pending = await control.postPending(itemId, {
      amount: 42.5,
      name: 'SQ *CORNER CAFE',
      merchant_name: 'Corner Cafe',
    });
    const p1 = await client.transactionsSync({ access_token: accessToken, cursor: start.data.next_cursor });
    expect(p1.data.added).toEqual([
      expect.objectContaining({
        transaction_id: pending.transaction_id,
        pending: true,
        amount: 42.5,
        merchant_name: 'Corner Cafe',
      }),
    ]);

    const posted = await control.postPosted(itemId, pending.transaction_id, { amount: 50.5 });
    const p2 = await client.transactionsSync({ access_token: accessToken, cursor: p1.data.next_cursor });
    expect(schemaProblems(p2.data, 'TransactionsSyncResponse')).toEqual([]);
    expect(p2.data.removed).toEqual([{ transaction_id: pending.transaction_id, account_id: pending.account_id }]);
    expect(p2.data.added).toEqual([
      expect.objectContaining({
        transaction_id: posted.transaction_id,
        pending: false,
        pending_transaction_id: pending.transaction_id,
        amount: 50.5,
        account_id: pending.account_id,
      }),
    ]);
    expect(posted.transaction_id).not.toBe(pending.transaction_id);

    await control.modify(itemId, posted.transaction_id, { name: 'CORNER CAFE' });
    const p3 = await client.transactionsSync({ access_token: accessToken, cursor: p2.data.next_cursor });
    expect(p3.data.modified).toEqual([
      expect.objectContaining({ transaction_id: posted.transaction_id, name: 'CORNER CAFE' }),
    ]);

    await control.remove(itemId, posted.transaction_id);
    const p4 = await client.transactionsSync({ access_token: accessToken, cursor: p3.data.next_cursor });
    expect(p4.data.removed.map((r) => r.transaction_id)).toEqual([posted.transaction_id]);

    // /sandbox/transactions/create arrives as added.
    const made = await client.sandboxTransactionsCreate({
      access_token: accessToken,
      transactions: [
        { date_transacted: '2026-01-02', date_posted: '2026-01-03', amount: 19.99, description: 'SANDBOX BOOKSTORE' },
      ],
    });
    expect(schemaProblems(made.data, 'SandboxTransactionsCreateResponse')).toEqual([]);
    const p5 = await client.transactionsSync({ access_token: accessToken, cursor: p4.data.next_cursor });
    expect(p5.data.added).toEqual([
      expect.objectContaining({ name: 'SANDBOX BOOKSTORE', amount: 19.99, date: '2026-01-03' }),
    ]);
  });
});

describe('item errors, update mode and webhooks', () => {
  it('says the first pull is ready (SYNC_UPDATES_AVAILABLE) shortly after the exchange, not before', async () => {
    const { itemId } = await control.linkItem({ webhook: webhookUrl });
    expect(await control.webhooks(itemId)).toEqual([]);
    await expect
      .poll(async () => (await control.webhooks(itemId)).map((w) => [w.webhook_code, w.status]), { timeout: 10_000 })
      .toEqual([['SYNC_UPDATES_AVAILABLE', 200]]);
    const [first] = bodiesFor(itemId);
    expect(first!.json).toMatchObject({ initial_update_complete: true, historical_update_complete: true });
  });

  it('a flush right after the exchange waits for that delayed webhook too: nothing is left to arrive after it', async () => {
    const { itemId } = await control.linkItem({ webhook: webhookUrl });
    expect(await control.webhooks(itemId)).toEqual([]);
    await control.flushWebhooks();
    expect((await control.webhooks(itemId)).map((w) => [w.webhook_code, w.status])).toEqual([
      ['SYNC_UPDATES_AVAILABLE', 200],
    ]);
    expect(bodiesFor(itemId).map((w) => w.json.webhook_code)).toEqual(['SYNC_UPDATES_AVAILABLE']);
  });

  it('delivers to the local https origin, trusting exactly its self-signed certificate', async () => {
    const { itemId } = await control.linkItem({ webhook: `${inject('baseUrl')}/api/plaid/webhook` });
    const delivery = await control.sendWebhook(itemId, { code: 'SYNC_UPDATES_AVAILABLE' });
    expect(delivery.error).toBeNull();
    expect(delivery.status).toEqual(expect.any(Number));
  });

  it('answers ITEM_LOGIN_REQUIRED after reset_login until update-mode Link completes, then sends LOGIN_REPAIRED', async () => {
    const { accessToken, itemId } = await control.linkItem({ webhook: webhookUrl });
    const reset = await client.sandboxItemResetLogin({ access_token: accessToken });
    expect(schemaProblems(reset.data, 'SandboxItemResetLoginResponse')).toEqual([]);
    for (const call of [
      () => client.accountsGet({ access_token: accessToken }),
      () => client.transactionsSync({ access_token: accessToken }),
    ]) {
      expect(await plaidError(call())).toMatchObject({
        status: 400,
        body: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' },
      });
    }
    const item = await client.itemGet({ access_token: accessToken });
    expect(item.data.item.error?.error_code).toBe('ITEM_LOGIN_REQUIRED');

    // What the browser's Link does in update mode (link-initialize.js): the same item signs in again.
    const linkToken = await control.linkToken({ accessToken });
    const completed = await fetch(`${endpoint}/_link/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link_token: linkToken, password: 'pass_good' }),
    });
    expect(completed.status).toBe(200);
    expect(
      ((await completed.json()) as { metadata: { institution: { institution_id: string } } }).metadata.institution,
    ).toEqual({
      name: 'First Platypus Bank',
      institution_id: 'ins_109508',
    });
    const accounts = await client.accountsGet({ access_token: accessToken });
    expect(accounts.data.accounts).toHaveLength(3);

    await control.flushWebhooks();
    const itemHooks = bodiesFor(itemId).filter((w) => w.json.webhook_type === 'ITEM');
    expect(itemHooks.map((w) => w.json.webhook_code)).toEqual(['ERROR', 'LOGIN_REPAIRED']);
    const [errorHook, repaired] = itemHooks;
    expect(schemaProblems(errorHook!.json, 'ItemErrorWebhook')).toEqual([]);
    expect(schemaProblems(repaired!.json, 'ItemLoginRepairedWebhook')).toEqual([]);
  });

  it('user_relogin needs a new login 24 hours after linking (stand-in clock)', async () => {
    const { accessToken, itemId } = await control.linkItem({ username: 'user_relogin', webhook: webhookUrl });
    await client.accountsGet({ access_token: accessToken });
    const item = await control.item(itemId);
    expect(item.login_required_at).not.toBeNull();
    const hours = (Date.parse(item.login_required_at!) - Date.parse((await control.state()).now)) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    await control.forceLoginRequired(itemId);
    expect(await plaidError(client.accountsGet({ access_token: accessToken }))).toMatchObject({
      body: { error_code: 'ITEM_LOGIN_REQUIRED' },
    });
  });

  it('signs webhooks with an ES256 JWT over the exact body, verifiable with the served key', async () => {
    const { accessToken, itemId } = await control.linkItem({ webhook: webhookUrl });
    const fired = await client.sandboxItemFireWebhook({
      access_token: accessToken,
      webhook_code: 'SYNC_UPDATES_AVAILABLE' as never,
    });
    expect(schemaProblems(fired.data, 'SandboxItemFireWebhookResponse')).toEqual([]);
    const pendingDisconnect = await control.sendWebhook(itemId, {
      code: 'PENDING_DISCONNECT',
      disconnectDate: '2027-01-15',
    });
    expect(pendingDisconnect.status).toBe(200);
    await control.flushWebhooks();
    const sync = bodiesFor(itemId).find((w) => w.json.webhook_code === 'SYNC_UPDATES_AVAILABLE');
    const disconnect = bodiesFor(itemId).find((w) => w.json.webhook_code === 'PENDING_DISCONNECT');
    expect(schemaProblems(sync!.json, 'SyncUpdatesAvailableWebhook')).toEqual([]);
    expect(schemaProblems(disconnect!.json, 'PendingDisconnectWebhook')).toEqual([]);
    expect(disconnect!.json.disconnect_time).toBe('2027-01-15T00:00:00Z');

    const { kid, alg } = decodeProtectedHeader(sync!.verification!);
    expect(alg).toBe('ES256');
    const { data } = await client.webhookVerificationKeyGet({ key_id: kid! });
    expect(schemaProblems(data, 'WebhookVerificationKeyGetResponse')).toEqual([]);
    expect(data.key.expired_at).toBeNull();
    const { payload } = await jwtVerify(sync!.verification!, await importJWK(data.key as never, 'ES256'), {
      algorithms: ['ES256'],
      maxTokenAge: '5 min',
    });
    expect(payload.request_body_sha256).toBe(createHash('sha256').update(sync!.body).digest('hex'));

    const unknown = await plaidError(client.webhookVerificationKeyGet({ key_id: 'no-such-key' }));
    expect(unknown.status).toBe(400);
  });

  it('injects an error on the next call of an endpoint for one item only', async () => {
    const one = await control.linkItem();
    const other = await control.linkItem();
    await control.injectError(one.itemId, '/accounts/get', 'INTERNAL_SERVER_ERROR');
    await client.accountsGet({ access_token: other.accessToken });
    expect(await plaidError(client.accountsGet({ access_token: one.accessToken }))).toMatchObject({
      status: 500,
      body: { error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR' },
    });
    await client.accountsGet({ access_token: one.accessToken });
  });
});
