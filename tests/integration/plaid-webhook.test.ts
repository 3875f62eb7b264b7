import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import { mailTo } from '../support/invitations.js';
import { team } from '../support/members.js';
import { PlaidStandInControl, plaidApi, type WebhookTamper } from '../support/plaid.js';
import { syncRunnerControl } from '../support/sync-runner.js';

/**
 * The Sync plumbing end to end on the local stack (docs/banking.md "Sync plumbing"): the Plaid stand-in sends
 * signed webhooks to /api/plaid/webhook through the real local gateway; verified ones enqueue a sync on the local
 * sync runner (SQS's SendMessage on loopback) whose consumer syncs under the link's lease; item errors change the
 * link's status and email staff; "Sync now" enqueues the same way.
 */

// The repositories read their config at import: the test stack's DynamoDB Local and KMS stand-in.
process.env.KMS_ENDPOINT = inject('kmsEndpoint');
process.env.PLAID_TOKEN_KEY_ID = inject('plaidTokenKeyId');
// ...and the stack's sync runner as the queue.
process.env.SQS_ENDPOINT = inject('syncRunnerEndpoint');
process.env.SYNC_QUEUE_URL = `${inject('syncRunnerEndpoint')}/000000000000/rent-bank-sync`;
const { createBankLink, newBankLinkId, sealAccessToken, setInstitutionStatus } = await import(
  '../../functions/src/data/banking/banks.js'
);
const { requestSync } = await import('../../functions/src/services/banking/syncQueue.js');

const plaid = new PlaidStandInControl(inject('plaidEndpoint'));
const runnerControl = async (action: 'idle' | 'pause' | 'resume') => {
  const res = await syncRunnerControl(action);
  expect(res.status).toBe(200);
  return res.json();
};

type Team = Awaited<ReturnType<typeof team>>;
// Each link's generated transactions get their own seed: Plaid transaction ids are unique across items.
let seed = Math.floor(Math.random() * 1e6);
let t: Team;

/** A bank linked the way the exchange route stores it: a stand-in item with its webhook URL, sealed token, accounts. */
async function linkBank(orgId: string, userId: string, transactions: number) {
  const { accessToken, itemId } = await plaid.linkItem({ webhook: `${baseUrl()}/api/plaid/webhook` });
  if (transactions > 0) await moreAtBank(itemId, transactions);
  const { data } = await plaidApi(inject('plaidEndpoint')).accountsGet({ access_token: accessToken });
  const id = newBankLinkId();
  await createBankLink({
    id,
    organizationId: orgId,
    itemId,
    accessToken: await sealAccessToken(orgId, id, accessToken),
    createdById: userId,
    plaidInstitutionId: `ins_${randomUUID().slice(0, 8)}`,
    institutionName: `Webhook Bank ${randomUUID().slice(0, 6)}`,
    accounts: data.accounts.map((a) => ({
      accountId: a.account_id,
      name: a.name,
      officialName: a.official_name ?? null,
      type: String(a.type),
      subtype: a.subtype ? String(a.subtype) : null,
      mask: a.mask ?? null,
      currency: a.balances.iso_currency_code ?? null,
      balance: a.balances.current == null ? null : Math.round(a.balances.current * 100),
    })),
  });
  // Plaid says the first pull is done (SYNC_UPDATES_AVAILABLE) seconds after the exchange: let it land first.
  await expect.poll(async () => (await plaid.webhooks(itemId)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await plaid.flushWebhooks();
  await runnerControl('idle');
  return { id, itemId, base: await stateOf(orgId, id) };
}

/** More transactions at the bank, announced by nobody: only a sync brings them. */
const moreAtBank = (itemId: string, count: number) =>
  plaid.generate(itemId, { count, days: 30, seed: ++seed, notify: false });

/** How many transactions the bank (the stand-in) has for the item: what a sync must bring, once each. */
const atBank = async (itemId: string) => (await plaid.item(itemId)).transactions.length;

/** What our table holds for one link: its status, its lease (syncs run) and the bank transactions. */
async function stateOf(orgId: string, institutionId: string) {
  const items = await partition(`ORG#${orgId}`);
  const link = items.find((i) => i.SK === `BANKITEM#${institutionId}`)!;
  const lease = items.find((i) => i.SK === `BANKSYNC#${institutionId}`);
  const transactions = items.filter((i) => String(i.SK).startsWith('TXN#') && i.institutionId === institutionId);
  return {
    status: link.status as string,
    errorCode: (link.errorCode ?? null) as string | null,
    consentExpiresAt: (link.consentExpiresAt ?? null) as string | null,
    cursor: (link.cursor ?? null) as string | null,
    runs: Number(lease?.runs ?? 0),
    transactions: transactions.length,
    externalIds: transactions.map((i) => String(i.externalId)),
  };
}

beforeAll(async () => {
  t = await team();
});

describe('Plaid webhook verification through the local gateway', () => {
  it.each<WebhookTamper>(['bad_signature', 'old_iat', 'altered_body', 'unknown_kid', 'expired_key', 'no_header'])(
    'refuses a webhook with %s: 401, nothing enqueued, nothing synced',
    async (tamper) => {
      const link = await linkBank(t.orgId, t.admin.userId, 0);
      await moreAtBank(link.itemId, 5);
      const delivery = await plaid.sendWebhook(link.itemId, { code: 'SYNC_UPDATES_AVAILABLE', tamper });
      expect(delivery.status).toBe(401);
      await runnerControl('idle');
      const after = await stateOf(t.orgId, link.id);
      expect(after).toEqual(link.base);
      expect(after.transactions).toBeLessThan(await atBank(link.itemId));
    },
  );

  it('accepts a good webhook and syncs the link: transactions arrive once, a replay adds none', async () => {
    const link = await linkBank(t.orgId, t.admin.userId, 0);
    await moreAtBank(link.itemId, 12);
    const first = await plaid.sendWebhook(link.itemId, { code: 'SYNC_UPDATES_AVAILABLE' });
    expect(first.status).toBe(200);
    await runnerControl('idle');
    const after = await stateOf(t.orgId, link.id);
    const expected = await atBank(link.itemId);
    expect(expected).toBe(link.base.transactions + 12);
    expect(after).toMatchObject({ runs: link.base.runs + 1, transactions: expected });
    expect(after.cursor).not.toBeNull();
    expect(new Set(after.externalIds).size).toBe(expected);

    expect((await plaid.sendWebhook(link.itemId, { code: 'DEFAULT_UPDATE' })).status).toBe(200);
    await runnerControl('idle');
    expect(await stateOf(t.orgId, link.id)).toMatchObject({ runs: link.base.runs + 2, transactions: expected });
  });

  it('acknowledges a verified webhook about an item nobody has (Plaid retries anything else) and does nothing', async () => {
    const link = await linkBank(t.orgId, t.admin.userId, 0);
    await moreAtBank(link.itemId, 3);
    const delivery = await plaid.sendWebhook(link.itemId, {
      payload: {
        webhook_type: 'TRANSACTIONS',
        webhook_code: 'SYNC_UPDATES_AVAILABLE',
        item_id: `unknown-${randomUUID()}`,
        environment: 'sandbox',
      },
    });
    expect(delivery.status).toBe(200);
    await runnerControl('idle');
    expect(await stateOf(t.orgId, link.id)).toEqual(link.base);
  });
});

describe('schedule and webhook at once', () => {
  it('sync the link once: the second request is covered by the lease holder', async () => {
    const link = await linkBank(t.orgId, t.admin.userId, 0);
    await moreAtBank(link.itemId, 8);
    // Both requests wait in the queue together, as behind a busy consumer, then are delivered. The schedule's is the
    // message its fan-out sends for this link (the fan-out itself, over every link: sync-schedule.test.ts).
    await runnerControl('pause');
    try {
      const [delivery] = await Promise.all([
        plaid.sendWebhook(link.itemId, { code: 'SYNC_UPDATES_AVAILABLE' }),
        requestSync(t.orgId, link.id, 'schedule'),
      ]);
      expect(delivery.status).toBe(200);
    } finally {
      await runnerControl('resume');
    }
    await runnerControl('idle');
    expect(await stateOf(t.orgId, link.id)).toMatchObject({
      runs: link.base.runs + 1,
      transactions: await atBank(link.itemId),
    });
  });
});

describe('item errors by webhook', () => {
  it('ITEM_LOGIN_REQUIRED marks the link needs_reconnect and emails the staff who opted in; LOGIN_REPAIRED clears it', async () => {
    const own = await team();
    // The manager turned bank-connection mail off; the tenant is not staff.
    const off = await own.manager.api.put('/api/notification-preferences', { preferences: { BANK_CONNECTION: false } });
    expect(off.status).toBe(200);
    const link = await linkBank(own.orgId, own.admin.userId, 0);

    await plaid.forceLoginRequired(link.itemId);
    await plaid.flushWebhooks();
    const errorHooks = (await plaid.webhooks(link.itemId)).filter((w) => w.webhook_code === 'ERROR');
    expect(errorHooks.map((w) => w.status)).toEqual([200]);
    expect(await stateOf(own.orgId, link.id)).toMatchObject({
      status: 'needs_reconnect',
      errorCode: 'ITEM_LOGIN_REQUIRED',
    });
    await expect.poll(async () => (await mailTo(own.landlord.email)).length).toBe(1);
    const [mail] = await mailTo(own.admin.email);
    expect(mail?.subject).toMatch(/bank connection needs attention/);
    expect(mail?.body.text).toMatch(/sign in to the bank again/);
    expect(await mailTo(own.manager.email)).toEqual([]);
    expect(await mailTo(own.tenant.email)).toEqual([]);

    // The same error again: no second email.
    expect((await plaid.sendWebhook(link.itemId, { code: 'ERROR' })).status).toBe(200);
    expect(await mailTo(own.admin.email)).toHaveLength(1);

    expect((await plaid.sendWebhook(link.itemId, { code: 'LOGIN_REPAIRED' })).status).toBe(200);
    expect(await stateOf(own.orgId, link.id)).toMatchObject({ status: 'connected', errorCode: null });
  });

  it('PENDING_DISCONNECT marks the link pending_disconnect with the date and tells staff', async () => {
    const own = await team();
    const link = await linkBank(own.orgId, own.admin.userId, 0);
    const delivery = await plaid.sendWebhook(link.itemId, { code: 'PENDING_DISCONNECT', disconnectDate: '2027-01-15' });
    expect(delivery.status).toBe(200);
    expect(await stateOf(own.orgId, link.id)).toMatchObject({
      status: 'pending_disconnect',
      consentExpiresAt: '2027-01-15T00:00:00.000Z',
    });
    await expect.poll(async () => (await mailTo(own.manager.email)).length).toBe(1);
    expect((await mailTo(own.manager.email))[0]?.body.text).toMatch(/will disconnect on 2027-01-15/);
  });
});

describe('deliveries again', () => {
  it('PENDING_DISCONNECT delivered four times (some at once) emails staff once; a new date emails again', async () => {
    const own = await team();
    const link = await linkBank(own.orgId, own.admin.userId, 0);
    const send = (disconnectDate: string) =>
      plaid.sendWebhook(link.itemId, { code: 'PENDING_DISCONNECT', disconnectDate });
    expect((await send('2027-02-01')).status).toBe(200);
    const again = await Promise.all([send('2027-02-01'), send('2027-02-01'), send('2027-02-01')]);
    expect(again.map((d) => d.status)).toEqual([200, 200, 200]);
    await expect.poll(async () => (await mailTo(own.admin.email)).length).toBe(1);
    expect((await send('2027-03-01')).status).toBe(200);
    await expect.poll(async () => (await mailTo(own.admin.email)).length).toBe(2);
    expect((await mailTo(own.admin.email)).map((m) => m.body.text?.match(/disconnect on (\S+) /)?.[1]).sort()).toEqual([
      '2027-02-01',
      '2027-03-01',
    ]);
  });
});

describe('Sync now', () => {
  it('queues a sync of the link (202) and the transactions arrive; tenants 403, other organizations 404', async () => {
    const link = await linkBank(t.orgId, t.admin.userId, 0);
    await moreAtBank(link.itemId, 6);
    const path = `/api/bank-connections/${link.id}/sync`;

    expect((await t.tenant.api.post(path)).status).toBe(403);
    const stranger = await newAdmin('stranger');
    const foreign = await stranger.api.post(path);
    expect(foreign.status).toBe(404);
    await runnerControl('idle');
    expect(await stateOf(t.orgId, link.id)).toEqual(link.base);

    const res = await t.manager.api.post(path);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: true, requestedAt: expect.any(String) });
    await runnerControl('idle');
    const synced = await stateOf(t.orgId, link.id);
    expect(synced).toMatchObject({ runs: link.base.runs + 1, transactions: await atBank(link.itemId) });
    expect(synced.transactions).toBe(link.base.transactions + 6);
    // The sync's end is on the connection: what "Sync now" waits for and says (docs/banking.md "Sync now").
    const listed = (await t.manager.api.get('/api/bank-connections')).body.connections.find(
      (c: { id: string }) => c.id === link.id,
    );
    expect(listed.lastSync).toMatchObject({ status: 'synced', added: 6, modified: 0, removed: 0, message: null });
    expect(listed.lastSync.startedAt >= res.body.requestedAt).toBe(true);
    expect(listed.recentSyncs[0]).toEqual(listed.lastSync);
  });

  it('a sync that meets a lapsed login says so in words; a sync that works connects a needs-reconnect link again', async () => {
    const own = await team();
    const link = await linkBank(own.orgId, own.admin.userId, 0);
    const path = `/api/bank-connections/${link.id}/sync`;
    const connection = async () =>
      (await own.admin.api.get('/api/bank-connections')).body.connections.find((c: { id: string }) => c.id === link.id);
    const attention = async () => (await own.admin.api.get('/api/plaid/status')).body.attention as { id: string }[];

    await plaid.forceLoginRequired(link.itemId);
    await plaid.flushWebhooks();
    await runnerControl('idle');
    const lapsed = await own.admin.api.post(path);
    expect(lapsed.status).toBe(202);
    await runnerControl('idle');
    expect(await connection()).toMatchObject({
      status: 'needs_reconnect',
      lastSync: { status: 'needs_reconnect', added: 0, message: expect.stringContaining('sign in to the bank again') },
    });
    expect((await attention()).map((a) => a.id)).toEqual([link.id]);

    // A link marked needs_reconnect whose login works (a sync is the proof): the next sync connects it again, and
    // the needs-reconnect item goes from the bank status (the banner, the dashboard) without anyone reconnecting.
    const working = await linkBank(own.orgId, own.admin.userId, 0);
    await setInstitutionStatus(own.orgId, working.id, 'needs_reconnect', { errorCode: 'ITEM_LOGIN_REQUIRED' });
    expect((await attention()).map((a) => a.id).sort()).toEqual([link.id, working.id].sort());
    const again = await own.admin.api.post(`/api/bank-connections/${working.id}/sync`);
    expect(again.status).toBe(202);
    await runnerControl('idle');
    const after = (await own.admin.api.get('/api/bank-connections')).body.connections.find(
      (c: { id: string }) => c.id === working.id,
    );
    expect(after.lastSync.startedAt >= again.body.requestedAt).toBe(true);
    expect(after).toMatchObject({
      status: 'connected',
      errorCode: null,
      lastSync: { status: 'synced', message: null },
    });
    expect((await attention()).map((a) => a.id)).toEqual([link.id]);
  });
});
