import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlaidApiError } from '../../infra/local/plaid/errors.js';
import { type PlaidStandIn, startPlaidStandIn } from '../../infra/local/plaid/server.js';
import { PlaidStore } from '../../infra/local/plaid/store.js';
import { plaidApi } from '../support/plaid.js';

/** The stand-in's clock-driven rules on a store of the test's own (advancing it touches no other test). */
const MINUTE = 60_000;

function thrownCode(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof PlaidApiError) return `${error.status} ${error.errorCode}: ${error.message}`;
    throw error;
  }
  throw new Error('expected a Plaid error');
}

describe('Plaid stand-in store: expiry and lapses', () => {
  it('expires public tokens after 30 minutes', () => {
    const store = new PlaidStore();
    const item = store.createItem({ institutionId: 'ins_109508', webhook: null, products: ['transactions'] });
    const fresh = store.createPublicToken(item);
    const stale = store.createPublicToken(item);
    store.advance(29 * MINUTE);
    expect(store.exchange(fresh).item_id).toBe(item.item_id);
    store.advance(2 * MINUTE);
    expect(thrownCode(() => store.exchange(stale))).toMatch(
      /^400 INVALID_PUBLIC_TOKEN: provided public token is expired/,
    );
  });

  it('expires link tokens after 4 hours, and update-mode ones after 30 minutes', () => {
    const store = new PlaidStore();
    const item = store.createItem({ institutionId: 'ins_109508', webhook: null, products: ['transactions'] });
    const { access_token } = store.exchange(store.createPublicToken(item));
    const create = store.createLinkToken({ clientName: 'Rent.Today', products: ['transactions'] });
    const update = store.createLinkToken({ clientName: 'Rent.Today', accessToken: access_token });
    expect(store.linkToken(update.link_token).itemId).toBe(item.item_id);
    expect(store.linkToken(update.link_token).products).toEqual([]);
    store.advance(31 * MINUTE);
    expect(thrownCode(() => store.linkToken(update.link_token))).toMatch(
      /INVALID_LINK_TOKEN: provided link token is expired/,
    );
    expect(store.linkToken(create.link_token).itemId).toBeNull();
    store.advance(3.5 * 60 * MINUTE);
    expect(thrownCode(() => store.linkToken(create.link_token))).toMatch(/INVALID_LINK_TOKEN/);
  });

  it('puts user_relogin into ITEM_LOGIN_REQUIRED 24 hours after linking, with an ITEM ERROR webhook; repair clears it', () => {
    const store = new PlaidStore();
    const notify = vi.fn();
    store.notify = notify;
    const item = store.createItem({
      institutionId: 'ins_109508',
      username: 'user_relogin',
      password: 'pass_good',
      webhook: 'http://127.0.0.1:9/hook',
      products: ['transactions'],
    });
    store.advance(23 * 60 * MINUTE);
    expect(item.error).toBeNull();
    store.advance(61 * MINUTE);
    expect(item.error?.errorCode).toBe('ITEM_LOGIN_REQUIRED');
    expect(notify).toHaveBeenCalledWith(
      item,
      expect.objectContaining({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: item.item_id }),
    );
    store.repairLogin(item);
    expect(item.error).toBeNull();
    expect(notify).toHaveBeenLastCalledWith(item, expect.objectContaining({ webhook_code: 'LOGIN_REPAIRED' }));
    store.advance(48 * 60 * MINUTE);
    expect(item.error).toBeNull();
  });

  it('refuses unknown institutions and wrong passwords as Plaid does', () => {
    const store = new PlaidStore();
    expect(thrownCode(() => store.createItem({ institutionId: 'ins_1', webhook: null, products: [] }))).toMatch(
      /^400 INVALID_INSTITUTION/,
    );
    expect(
      thrownCode(() =>
        store.createItem({
          institutionId: 'ins_109508',
          username: 'user_good',
          password: 'x',
          webhook: null,
          products: [],
        }),
      ),
    ).toMatch(/^400 INVALID_CREDENTIALS/);
  });
});

describe('plaidClient() (functions/src/lib/plaid.ts) against the stand-in', () => {
  let standIn: PlaidStandIn;
  beforeAll(async () => {
    standIn = await startPlaidStandIn();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await standIn.close();
  });

  async function freshModule(env: Record<string, string | undefined>) {
    vi.resetModules();
    vi.unstubAllEnvs();
    // vi.stubEnv with undefined removes the variable.
    for (const [name, value] of Object.entries({ TABLE_NAME: 'rent-today', ...env })) vi.stubEnv(name, value as string);
    return import('@rent/functions/lib/plaid');
  }

  it('refuses to build a client without the three settings', async () => {
    const { plaidClient } = await freshModule({
      PLAID_BASE_PATH: undefined,
      PLAID_CLIENT_ID: undefined,
      PLAID_SECRET: undefined,
    });
    expect(() => plaidClient()).toThrow(/PLAID_BASE_PATH, PLAID_CLIENT_ID and PLAID_SECRET/);
  });

  it('authenticates with PLAID-CLIENT-ID / PLAID-SECRET headers at PLAID_BASE_PATH', async () => {
    const { plaidClient, plaidWebhookUrl } = await freshModule({
      PLAID_BASE_PATH: standIn.url,
      PLAID_CLIENT_ID: standIn.clientId,
      PLAID_SECRET: standIn.secret,
      PLAID_WEBHOOK_URL: 'https://localhost:8443/api/plaid/webhook',
    });
    const { public_token } = (
      await plaidApi(standIn.url, standIn).sandboxPublicTokenCreate({
        institution_id: 'ins_109508',
        initial_products: [Products.Transactions],
      })
    ).data;
    const exchanged = await plaidClient()('/item/public_token/exchange', { public_token });
    const { accounts } = await plaidClient()('/accounts/get', { access_token: exchanged.access_token });
    expect(accounts).toHaveLength(3);
    expect(plaidWebhookUrl()).toBe('https://localhost:8443/api/plaid/webhook');

    const { plaidClient: wrongClient, PlaidAnswered } = await freshModule({
      PLAID_BASE_PATH: standIn.url,
      PLAID_CLIENT_ID: standIn.clientId,
      PLAID_SECRET: 'wrong',
    });
    const failure = await wrongClient()('/accounts/get', { access_token: exchanged.access_token }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PlaidAnswered);
    expect(failure).toMatchObject({ status: 400, body: { error_code: 'INVALID_API_KEYS' } });
    // Nothing of the request travels with the failure: not the token, not the secret.
    const everything = JSON.stringify(failure, Object.getOwnPropertyNames(failure));
    expect(everything).not.toContain(exchanged.access_token);
    expect(everything).not.toContain('wrong');
  });

  it('pins the API version and sends JSON, as Plaid expects of every client', async () => {
    const seen: object[] = [];
    const server = createServer((req, res) => {
      seen.push({ ...req.headers, method: req.method, url: req.url });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"request_id":"r1"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { createPlaidClient } = await freshModule({});
      const { port } = server.address() as AddressInfo;
      const plaid = createPlaidClient({ basePath: `http://127.0.0.1:${port}/`, clientId: 'id-1', secret: 'secret-1' });
      expect(await plaid('/item/remove', { access_token: 'access-sandbox-1' })).toEqual({ request_id: 'r1' });
      expect(seen).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/item/remove',
          'content-type': 'application/json',
          'plaid-version': '2020-09-14',
          'plaid-client-id': 'id-1',
          'plaid-secret': 'secret-1',
        }),
      ]);
    } finally {
      server.close();
    }
  });
});
