import { addDays } from '@rent/shared';
import { Products } from 'plaid';
import { describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import { joinAs } from '../support/members.js';
import { PlaidStandInControl, plaidApi } from '../support/plaid.js';
import { syncRunnerControl } from '../support/sync-runner.js';

/**
 * Bank links (docs/banking.md "Bank links") through the real routes, against the Plaid stand-in and the KMS stand-in.
 */
const plaid = () => plaidApi(inject('plaidEndpoint'));
const control = () => new PlaidStandInControl(inject('plaidEndpoint'));
const PLATYPUS = { id: 'ins_109508', name: 'First Platypus Bank' };

/** The bank's history over fixed dates: a login linked twice then sees the same history, whatever the day. */
const HISTORY = { start_date: '2026-01-01', end_date: '2026-03-31' };

async function publicToken(institutionId = PLATYPUS.id) {
  const created = await plaid().sandboxPublicTokenCreate({
    institution_id: institutionId,
    initial_products: [Products.Transactions],
    options: { transactions: HISTORY },
  });
  return created.data.public_token;
}

async function linkedOrg() {
  const admin = await newAdmin('banks');
  const org = (await admin.api.get('/api/organization')).body;
  const linked = await admin.api.post('/api/plaid/exchange', {
    publicToken: await publicToken(),
    institution: PLATYPUS,
  });
  expect(linked.status).toBe(201);
  // Linking enqueues the first sync: let it finish, so its transactions never arrive in the middle of a test.
  expect((await syncRunnerControl('idle')).status).toBe(200);
  return { ...admin, orgId: org.id as string, connection: linked.body };
}

describe('bank links', () => {
  it('links a bank: the connection, its accounts, the status, and the token sealed at rest', async () => {
    const { api, orgId, connection } = await linkedOrg();
    expect(connection).toMatchObject({
      institutionName: 'First Platypus Bank',
      status: 'connected',
      provider: 'plaid',
    });
    expect(connection.accounts.length).toBeGreaterThan(0);
    expect(JSON.stringify(connection)).not.toMatch(/access-|accessToken/);

    expect((await api.get('/api/plaid/status')).body).toEqual({ isConnected: true, attention: [] });
    const accounts = (await api.get('/api/bank-accounts')).body.accounts;
    expect(accounts.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(connection.accounts.map((a: { name: string }) => a.name)),
    );
    expect(accounts[0]).toMatchObject({
      institutionName: 'First Platypus Bank',
      propertyId: null,
      status: 'connected',
    });
    expect((await api.get('/api/bank-connections')).body.connections).toHaveLength(1);

    const items = await partition(`ORG#${orgId}`);
    const institution = items.find((i) => i.type === 'Institution')!;
    expect(institution).toMatchObject({ GSI1PK: 'BANKITEMS', plaidInstitutionId: PLATYPUS.id });
    expect(Object.keys(institution.accessToken as object).sort()).toEqual([
      'ciphertext',
      'encryptedKey',
      'iv',
      'keyId',
      'tag',
    ]);
    expect(JSON.stringify(items)).not.toContain('access-');
    expect(items.filter((i) => i.type === 'BankInstitutionClaim')).toHaveLength(1);
  });

  it('a new org starts with no connection', async () => {
    const { api } = await newAdmin('banks-empty');
    expect((await api.get('/api/plaid/status')).body).toEqual({ isConnected: false, attention: [] });
    expect((await api.get('/api/bank-accounts')).body).toEqual({ accounts: [] });
  });

  it('makes link tokens: create mode, and update mode for an existing connection', async () => {
    const { api, connection } = await linkedOrg();
    const create = await api.post('/api/plaid/link-token', { connectionId: null });
    expect(create.status).toBe(200);
    expect(create.body).toMatchObject({ mode: 'create', linkToken: expect.stringMatching(/^link-/) });
    const update = await api.post('/api/plaid/link-token', { connectionId: connection.id });
    expect(update.body).toMatchObject({ mode: 'update', linkToken: expect.stringMatching(/^link-/) });
  });

  it('sets and clears the default property of an account, and refuses another organization property', async () => {
    const { api, connection } = await linkedOrg();
    const property = (await api.post('/api/properties', { address: '9 Bank Lane', propertyType: 'CONDO' })).body;
    const accountId = connection.accounts[0].id;
    const set = await api.patch(`/api/bank-accounts/${accountId}`, { propertyId: property.id });
    expect(set).toMatchObject({ status: 200, body: { propertyId: property.id } });
    // The account points at the property: it cannot be deleted from under it.
    expect((await api.delete(`/api/properties/${property.id}`)).status).toBe(409);

    const other = await newAdmin('banks-other');
    const foreign = (await other.api.post('/api/properties', { address: '1 Elsewhere', propertyType: 'CONDO' })).body;
    const refused = await api.patch(`/api/bank-accounts/${accountId}`, { propertyId: foreign.id });
    expect(refused).toMatchObject({ status: 400, body: { issues: [{ path: 'propertyId' }] } });

    expect((await api.patch(`/api/bank-accounts/${accountId}`, { propertyId: null })).body.propertyId).toBeNull();
    expect((await api.delete(`/api/properties/${property.id}`)).status).toBe(200);
  });

  it('refuses a second link of the same bank with a clear message, and exchanges nothing', async () => {
    const { api } = await linkedOrg();
    const before = (await control().state()).items.length;
    const second = await api.post('/api/plaid/exchange', { publicToken: await publicToken(), institution: PLATYPUS });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'BANK_ALREADY_CONNECTED',
      error: 'First Platypus Bank is already connected. Use Reconnect on it instead.',
    });
    // The public token was created (one item at the stand-in) but never exchanged into a second link.
    expect((await api.get('/api/bank-connections')).body.connections).toHaveLength(1);
    expect((await control().state()).items.length).toBe(before + 1);
  });

  it('a used or unknown public token is a 400 that says to start again', async () => {
    const { api } = await newAdmin('banks-used');
    const token = await publicToken();
    await plaid().itemPublicTokenExchange({ public_token: token });
    const again = await api.post('/api/plaid/exchange', { publicToken: token, institution: PLATYPUS });
    expect(again).toMatchObject({
      status: 400,
      body: { error: 'The bank sign-in expired or was already used. Start Connect bank again.' },
    });
  });

  it('needs reconnect after a forced re-login; confirming too early stays 409, the status names it', async () => {
    const { api, orgId, connection } = await linkedOrg();
    const itemId = String((await partition(`ORG#${orgId}`)).find((i) => i.type === 'Institution')!.itemId);
    await control().forceLoginRequired(itemId);
    const confirm = await api.post(`/api/bank-connections/${connection.id}/reconnected`);
    expect(confirm).toMatchObject({ status: 409, body: { code: 'ITEM_LOGIN_REQUIRED' } });
    expect((await api.get('/api/plaid/status')).body.attention).toEqual([
      { id: connection.id, institutionName: 'First Platypus Bank', status: 'needs_reconnect', consentExpiresAt: null },
    ]);
  });

  it('disconnects: /item/remove at Plaid, the link and accounts gone, transactions kept; the bank can link again', async () => {
    const { api, orgId, connection } = await linkedOrg();
    const itemId = String((await partition(`ORG#${orgId}`)).find((i) => i.type === 'Institution')!.itemId);
    const txn = await api.post('/api/transactions', { name: 'Kept by hand', date: '2026-01-05', amount: -12 });
    expect(txn.status).toBe(201);

    const transactions = async () => (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'Transaction');
    // Two charges still pending at the bank; a person writes a note on one.
    await control().postPending(itemId, { amount: 12.5, merchant_name: 'Corner Cafe', name: 'CORNER CAFE' });
    await control().postPending(itemId, { amount: 40, merchant_name: 'Hardware Barn', name: 'HARDWARE BARN' });
    expect((await api.post(`/api/bank-connections/${connection.id}/sync`)).status).toBe(202);
    expect((await syncRunnerControl('idle')).status).toBe(200);
    const pendingLine = async (name: string) => (await transactions()).find((t) => t.name === name && t.pending)!;
    const noted = await pendingLine('Hardware Barn');
    const shownNoted = (await api.get(`/api/transactions/${noted.id}`)).body.transaction;
    const withNote = await api.put(`/api/transactions/${noted.id}`, {
      name: shownNoted.name,
      date: shownNoted.date,
      amount: shownNoted.amount,
      category: null,
      propertyId: null,
      notes: 'Ladder for unit 2',
      version: shownNoted.version,
    });
    expect(withNote.status, JSON.stringify(withNote.body)).toBe(200);
    const cafe = await pendingLine('Corner Cafe');
    const before = await transactions();
    // The first sync brought the bank's transactions; with the one typed by hand, every one stays.
    expect(before.filter((t) => t.source === 'plaid').length).toBeGreaterThan(0);

    const gone = await api.delete(`/api/bank-connections/${connection.id}`);
    expect(gone).toMatchObject({ status: 200, body: { id: connection.id, transactionsKept: true } });
    expect((await control().item(itemId)).removed).toBe(true);
    const items = await partition(`ORG#${orgId}`);
    expect(
      items.filter((i) => ['Institution', 'BankAccount', 'BankInstitutionClaim'].includes(String(i.type))),
    ).toEqual([]);
    // The claim is released, and remembers the link for the next one of this bank.
    expect(items.filter((i) => i.type === 'FormerBankLinks')).toEqual([
      expect.objectContaining({
        formerLinks: [{ linkId: connection.id, through: new Date().toISOString().slice(0, 10) }],
      }),
    ]);
    // What the link brought stays, but a pending charge will never post through it: it goes, or, with a person's
    // note, stays removed by the bank and counted nowhere.
    const kept = items.filter((i) => i.type === 'Transaction');
    expect(kept).toHaveLength(before.length - 1);
    expect(kept.find((t) => t.id === cafe.id)).toBeUndefined();
    expect(kept.find((t) => t.id === noted.id)).toMatchObject({ removedByBank: true, isIgnored: true });
    expect(items.filter((i) => i.type === 'BankPending')).toEqual([]);
    expect((await api.get('/api/plaid/status')).body.isConnected).toBe(false);
    expect((await api.delete(`/api/bank-connections/${connection.id}`)).status).toBe(404);

    const again = await api.post('/api/plaid/exchange', { publicToken: await publicToken(), institution: PLATYPUS });
    expect(again.status).toBe(201);
  });

  it('a bank linked again adopts the lines its former link brought: nothing twice, what people did kept', async () => {
    const { api, orgId, connection } = await linkedOrg();
    const bankLines = async () =>
      (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'Transaction' && i.source === 'plaid');
    const first = await bankLines();
    expect(first.length).toBeGreaterThan(0);
    const chosen = first[0]!;
    const shown = (await api.get(`/api/transactions/${chosen.id}`)).body.transaction;
    const edited = await api.put(`/api/transactions/${chosen.id}`, {
      name: shown.name,
      date: shown.date,
      amount: shown.amount,
      category: 'repairs',
      propertyId: null,
      notes: 'Checked against the statement',
      version: shown.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // Another line a person re-dated, renamed and corrected the amount of: still the bank's own line.
    const posted = first
      .filter((t) => t.id !== chosen.id && !t.pending)
      .map((t) => ({ id: String(t.id), date: String(t.date), amount: Number(t.amount), name: String(t.name) }))
      .sort((a, b) => a.date.localeCompare(b.date));
    const redated = posted[Math.floor(posted.length / 2)]!;
    const redatedShown = (await api.get(`/api/transactions/${redated.id}`)).body.transaction;
    const personSaid = {
      name: `Corrected ${redated.id.slice(0, 6)}`,
      date: addDays(redated.date, -2),
      amount: redatedShown.amount - 1,
    };
    const redatedEdit = await api.put(`/api/transactions/${redated.id}`, {
      ...personSaid,
      category: null,
      propertyId: null,
      notes: null,
      version: redatedShown.version,
    });
    expect(redatedEdit.status, JSON.stringify(redatedEdit.body)).toBe(200);
    // The bank's statement file of that line is the same line too.
    const statement = await api.post('/api/imports/preview', {
      bankAccountId: redatedShown.bankAccountId,
      rows: [{ line: 2, date: redated.date, name: redated.name, amount: redatedShown.amount }],
    });
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(statement.body.rows[0]).toMatchObject({ status: 'duplicate', include: false, match: { id: redated.id } });
    expect((await api.delete(`/api/bank-connections/${connection.id}`)).status).toBe(200);

    // The same login again: a new Plaid item, the same history under new transaction and account ids.
    const again = await api.post('/api/plaid/exchange', { publicToken: await publicToken(), institution: PLATYPUS });
    expect(again.status).toBe(201);
    expect((await syncRunnerControl('idle')).status).toBe(200);
    const newAccounts = new Set(again.body.accounts.map((a: { id: string }) => a.id));
    const after = await bankLines();
    expect(after.map((t) => t.id).sort()).toEqual(first.map((t) => t.id).sort());
    for (const t of after) {
      expect(t.institutionId).toBe(again.body.id);
      expect(newAccounts.has(t.bankAccountId)).toBe(true);
    }
    expect(after.find((t) => t.id === chosen.id)).toMatchObject({
      category: 'repairs',
      notes: 'Checked against the statement',
      amount: chosen.amount,
      date: chosen.date,
    });
    expect(after.find((t) => t.id === redated.id)).toMatchObject({
      name: personSaid.name,
      date: personSaid.date,
      amount: redated.amount - 100,
      bankSaid: { name: redated.name, date: redated.date, amount: redated.amount },
    });
    // The bank's later word about a line reaches it through the new link's ids.
    const newId = String(after.find((t) => t.id === chosen.id)!.plaidTransactionId);
    expect(newId).not.toBe(chosen.plaidTransactionId);
    expect((await partition(`ORG#${orgId}`)).find((i) => i.SK === `EXTID#plaid#${newId}`)).toMatchObject({
      transactionId: chosen.id,
    });
  });

  it('a PROPERTY_MANAGER sees, reconnects, syncs and files the banks, but neither connects nor disconnects one (403)', async () => {
    const { api, orgId, connection } = await linkedOrg();
    const manager = await joinAs(orgId, 'PROPERTY_MANAGER', 'manager');
    const accountId = connection.accounts[0].id;
    expect((await manager.api.get('/api/plaid/status')).body).toEqual({ isConnected: true, attention: [] });
    expect((await manager.api.get('/api/bank-connections')).body.connections).toHaveLength(1);
    expect((await manager.api.get('/api/bank-accounts')).status).toBe(200);

    // Connecting a bank: no link token for a new bank, and no exchange even of a real public token.
    const create = await manager.api.post('/api/plaid/link-token', { connectionId: null });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      code: 'OWNERS_ONLY',
      error: 'Only admins and landlords connect a bank. Ask one of them to connect it.',
    });
    const exchange = await manager.api.post('/api/plaid/exchange', {
      publicToken: await publicToken('ins_109511'),
      institution: { id: 'ins_109511', name: 'Tartan Bank' },
    });
    expect(exchange.status).toBe(403);
    // Disconnecting: refused, and Plaid's item is still there.
    expect((await manager.api.delete(`/api/bank-connections/${connection.id}`)).status).toBe(403);
    const itemId = String((await partition(`ORG#${orgId}`)).find((i) => i.type === 'Institution')!.itemId);
    expect((await control().item(itemId)).removed).toBe(false);
    expect((await api.get('/api/bank-connections')).body.connections).toHaveLength(1);

    // Repairing the owner's existing link: update mode and the check after it.
    const update = await manager.api.post('/api/plaid/link-token', { connectionId: connection.id });
    expect(update.body).toMatchObject({ mode: 'update', linkToken: expect.stringMatching(/^link-/) });
    const reconnected = await manager.api.post(`/api/bank-connections/${connection.id}/reconnected`);
    expect(reconnected).toMatchObject({ status: 200, body: { id: connection.id, status: 'connected' } });
    expect((await manager.api.patch(`/api/bank-accounts/${accountId}`, { propertyId: null })).status).toBe(200);
    expect((await syncRunnerControl('idle')).status).toBe(200);
  });

  it('a LANDLORD connects and disconnects a bank, as an ADMIN does', async () => {
    const { orgId, connection } = await linkedOrg();
    const landlord = await joinAs(orgId, 'LANDLORD');
    const create = await landlord.api.post('/api/plaid/link-token', { connectionId: null });
    expect(create).toMatchObject({ status: 200, body: { mode: 'create' } });
    expect((await landlord.api.delete(`/api/bank-connections/${connection.id}`)).status).toBe(200);
    const again = await landlord.api.post('/api/plaid/exchange', {
      publicToken: await publicToken(),
      institution: PLATYPUS,
    });
    expect(again.status).toBe(201);
    expect((await syncRunnerControl('idle')).status).toBe(200);
  });

  it('tenants get 403 on every bank route; another organization gets 404 for these ids', async () => {
    const { api, orgId, connection } = await linkedOrg();
    const tenant = await joinAs(orgId, 'TENANT');
    const accountId = connection.accounts[0].id;
    for (const [method, path, body] of [
      ['get', '/api/plaid/status'],
      ['get', '/api/bank-connections'],
      ['get', '/api/bank-accounts'],
      ['post', '/api/plaid/link-token', { connectionId: null }],
      ['post', '/api/plaid/exchange', { publicToken: 'public-sandbox-x', institution: PLATYPUS }],
      ['patch', `/api/bank-accounts/${accountId}`, { propertyId: null }],
      ['delete', `/api/bank-connections/${connection.id}`],
      ['post', `/api/bank-connections/${connection.id}/reconnected`],
    ] as const) {
      const res = await (tenant.api as any)[method](path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }

    const other = await newAdmin('banks-foreign');
    expect((await other.api.patch(`/api/bank-accounts/${accountId}`, { propertyId: null })).status).toBe(404);
    expect((await other.api.delete(`/api/bank-connections/${connection.id}`)).status).toBe(404);
    expect((await other.api.post(`/api/bank-connections/${connection.id}/reconnected`)).status).toBe(404);
    expect((await other.api.post('/api/plaid/link-token', { connectionId: connection.id })).status).toBe(404);
    // Nothing changed for the owner.
    expect((await api.get('/api/bank-connections')).body.connections[0]).toMatchObject({ status: 'connected' });
  });

  it('bad input is a clear 400', async () => {
    const { api } = await newAdmin('banks-bad');
    for (const body of [
      {},
      { publicToken: 'nope', institution: PLATYPUS },
      { publicToken: 'public-sandbox-1', institution: { id: 'ins 1', name: 'x' } },
      { publicToken: 'public-sandbox-1', institution: PLATYPUS, extra: 1 },
    ]) {
      expect((await api.post('/api/plaid/exchange', body)).status).toBe(400);
    }
    expect((await api.post('/api/plaid/link-token', { connectionId: '../x' })).status).toBe(400);
    expect((await api.patch('/api/bank-accounts/abc', { propertyId: 5 })).status).toBe(400);
  });
});
