import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { plaidEndpoints } from './api.js';
import { INSTITUTIONS, OFFLINE_PLAID_CREDENTIALS, SANDBOX_USERS } from './catalog.js';
import { controlHandler } from './control.js';
import { PlaidApiError, plaidErrors } from './errors.js';
import { plaidId, requestId } from './ids.js';
import { PlaidStore, type StandInItem } from './store.js';
import { type Delivery, deliver, type Tamper, WebhookSigner } from './webhooks.js';

export interface PlaidStandInOptions {
  /** Loopback port (0 = any free port). */
  port?: number;
  clientId?: string;
  secret?: string;
  /** PEM of the local origin's self-signed certificate, so webhooks to https://localhost are delivered. */
  webhookCa?: string;
  log?: (line: string) => void;
}

export interface PlaidStandIn {
  /** http://127.0.0.1:<port>: the plaid client's basePath offline. */
  url: string;
  /** The Link script the web app loads offline (runtime config plaidLinkScriptUrl). */
  linkScriptUrl: string;
  clientId: string;
  secret: string;
  store: PlaidStore;
  signer: WebhookSigner;
  close(): Promise<void>;
}

const MAX_BODY = 1_000_000;
const LINK_SCRIPT = fileURLToPath(new URL('./link-initialize.js', import.meta.url));

/**
 * A stateful Plaid on loopback (plain node:http): Plaid's API paths with Plaid's shapes and errors for
 * the real `plaid` client, Link's script and session calls for the browser (/link-initialize.js,
 * /_link/*), signed webhooks, and a control API of its own (/_control/*, control.ts).
 */
export async function startPlaidStandIn(options: PlaidStandInOptions = {}): Promise<PlaidStandIn> {
  const clientId = options.clientId ?? OFFLINE_PLAID_CREDENTIALS.clientId;
  const secret = options.secret ?? OFFLINE_PLAID_CREDENTIALS.secret;
  const store = new PlaidStore();
  const signer = new WebhookSigner();
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<unknown>>();

  const fire = (item: StandInItem, payload: Record<string, unknown>, tamper: Tamper | null = null) => {
    if (!item.webhook) return Promise.resolve(null);
    const { body, verification } = signer.prepare(payload, tamper);
    const delivery: Delivery = {
      id: plaidId(12),
      url: item.webhook,
      item_id: item.item_id,
      webhook_type: payload.webhook_type,
      webhook_code: payload.webhook_code,
      body,
      verification,
      tamper,
      sentAt: Date.now(),
      status: null,
      error: null,
    };
    deliveries.push(delivery);
    const sending = deliver(item.webhook, body, verification, options.webhookCa)
      .then((status) => {
        delivery.status = status;
      })
      .catch((error: Error) => {
        delivery.error = error.message;
        options.log?.(`Plaid stand-in: webhook to ${item.webhook} failed: ${error.message}`);
      })
      .then(() => delivery);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
    return sending;
  };
  /**
   * Webhooks waiting out their delay (the first pull's SYNC_UPDATES_AVAILABLE), each settling once it has been
   * answered. A flush waits for these as for those in flight: otherwise a test that flushed and then added charges
   * could see this late webhook's sync take them.
   */
  const delayed = new Map<NodeJS.Timeout, Promise<unknown>>();
  store.notify = (item, payload, delayMs) => {
    if (!delayMs) return void fire(item, payload);
    let timer!: NodeJS.Timeout;
    const sent = new Promise<unknown>((resolve) => {
      timer = setTimeout(() => {
        delayed.delete(timer);
        resolve(fire(item, payload));
      }, delayMs);
    });
    timer.unref();
    delayed.set(timer, sent);
  };

  const endpoints = plaidEndpoints({ store, signer, fire: (item, payload) => void fire(item, payload) });
  const control = controlHandler({
    store,
    signer,
    deliveries,
    fire,
    flush: async () => {
      while (delayed.size || inFlight.size) {
        await Promise.allSettled([...delayed.values(), ...inFlight]);
      }
    },
  });

  let origin = '';
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      options.log?.(`Plaid stand-in: ${String(error)}`);
      if (!res.headersSent) json(res, 500, plaidErrors.internal().body(requestId()));
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    if (path === '/link-initialize.js' && req.method === 'GET') {
      const script = readFileSync(LINK_SCRIPT, 'utf8').replace('__PLAID_STAND_IN_ORIGIN__', origin);
      res.writeHead(200, {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      });
      return void res.end(script);
    }
    if (path.startsWith('/_link/')) return link(req, res, path);
    if (req.method !== 'POST' && !path.startsWith('/_control/')) {
      return json(res, 405, plaidErrors.notFound().body(requestId()));
    }
    const rid = requestId();
    let body: Record<string, unknown>;
    try {
      body = await readJson(req);
    } catch {
      return json(res, 400, plaidErrors.invalidBody().body(rid));
    }
    try {
      if (path.startsWith('/_control/')) {
        const answer = await control(req.method ?? 'GET', path.slice('/_control/'.length), url.searchParams, body);
        return json(res, 200, answer);
      }
      const endpoint = endpoints[path];
      if (!endpoint) throw plaidErrors.notFound();
      authenticate(req, body);
      store.tick();
      const answer = await endpoint(body);
      return json(res, 200, { ...answer, request_id: rid });
    } catch (error) {
      if (error instanceof PlaidApiError) return json(res, error.status, error.body(rid));
      throw error;
    }
  }

  function authenticate(req: IncomingMessage, body: Record<string, unknown>) {
    const id = header(req, 'plaid-client-id') ?? body.client_id;
    const key = header(req, 'plaid-secret') ?? body.secret;
    if (!id || !key) throw plaidErrors.missingFields([!id ? 'client_id' : 'secret']);
    if (id !== clientId || key !== secret) throw plaidErrors.invalidApiKeys();
  }

  /** Link's own calls from the browser (CORS: the app's origin differs from the stand-in's). */
  async function link(req: IncomingMessage, res: ServerResponse, path: string) {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const rid = requestId();
    try {
      const body = await readJson(req).catch(() => {
        throw plaidErrors.invalidBody();
      });
      store.tick();
      const session = store.linkToken(body.link_token);
      const item = session.itemId ? store.items.get(session.itemId) : undefined;
      if (path === '/_link/session') {
        return json(res, 200, {
          mode: item ? 'update' : 'create',
          client_name: session.clientName,
          institutions: item ? [item.institution] : INSTITUTIONS,
          users: SANDBOX_USERS.map((u) => ({ username: u.username, description: u.description })),
          item_username: item?.user.username ?? null,
          link_session_id: plaidId(36),
        });
      }
      if (path === '/_link/complete') {
        const password = typeof body.password === 'string' ? body.password : '';
        let linked: StandInItem;
        if (item) {
          if (item.removed) throw plaidErrors.itemNotFound();
          if (password !== item.user.password) throw plaidErrors.invalidCredentials();
          store.repairLogin(item);
          linked = item;
        } else {
          linked = store.createItem({
            institutionId: String(body.institution_id),
            username: String(body.username ?? ''),
            password,
            webhook: session.webhook,
            products: session.products,
            clientUserId: session.clientUserId,
          });
        }
        return json(res, 200, {
          public_token: store.createPublicToken(linked),
          metadata: {
            institution: { name: linked.institution.name, institution_id: linked.institution.institution_id },
            accounts: linked.accounts.map((a) => ({
              id: a.account_id,
              name: a.name,
              mask: a.mask,
              type: a.type,
              subtype: a.subtype,
              verification_status: null,
              class_type: null,
            })),
            link_session_id: typeof body.link_session_id === 'string' ? body.link_session_id : plaidId(36),
            transfer_status: null,
          },
        });
      }
      throw plaidErrors.notFound();
    } catch (error) {
      if (error instanceof PlaidApiError) return json(res, error.status, error.body(rid));
      throw error;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    linkScriptUrl: `${origin}/link-initialize.js`,
    clientId,
    secret,
    store,
    signer,
    close: async () => {
      for (const timer of delayed.keys()) clearTimeout(timer);
      delayed.clear();
      await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
  return parsed as Record<string, unknown>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
