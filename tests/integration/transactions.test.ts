import { type RouteDef, routeList } from '@rent/shared';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { client, newAdmin, signIn } from '../support/api.js';
import { partition } from '../support/db.js';
import { expectLedgerConsistent, orgIdOf, TRANSACTION_FIELDS } from './ledger-helpers.js';
import { dispatcher, PNG_BYTES } from './receipt-upload.js';

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
const valid = { name: 'Rossi Plumbing', date: '2026-03-14', amount: -385.5 };

describe('transactions: create, read, edit, ignore, delete', () => {
  it('creates a transaction with every SPEC field, stores cents, and reads it back', async () => {
    const { api, token } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { body: property } = await api.post('/api/properties', { address: '12 Elm Street' });
    const created = await api.post('/api/transactions', {
      name: '  Rossi Plumbing – kitchen leak  ',
      date: '2026-03-14',
      amount: -1234.5,
      category: 'repairs',
      propertyId: property.id,
      notes: '  Tenant reported it by text  ',
    });
    expect(created.status).toBe(201);
    const t = created.body.transaction;
    expect(Object.keys(t).sort()).toEqual(TRANSACTION_FIELDS);
    expect(t).toMatchObject({
      name: 'Rossi Plumbing – kitchen leak',
      date: '2026-03-14',
      amount: -1234.5,
      category: 'repairs',
      propertyId: property.id,
      notes: 'Tenant reported it by text',
      organizationId: orgId,
      userId: subOf(token),
      source: 'user_created',
      categorizationSource: 'manual',
      categorizationConfidence: null,
      externalId: null,
      plaidTransactionId: null,
      institutionId: null,
      bankAccountId: null,
      isReviewed: false,
      isIgnored: false,
      hasReceipt: false,
      hasOpenReviewRequests: false,
      hasReviewHistory: false,
      version: 1,
    });
    expect(t.categorizedAt).toBe(t.createdAt);
    expect(t.updatedAt).toBe(t.createdAt);

    expect((await api.get(`/api/transactions/${t.id}`)).body).toEqual({ transaction: t });
    const item = (await partition(`ORG#${orgId}`)).find((i) => i.type === 'Transaction');
    expect(item).toMatchObject({ amount: -123450, searchName: 'rossi plumbing – kitchen leak', receiptCount: 0 });
    expect(item?.GSI2PK).toBe(`ORG#${orgId}#PROP#${property.id}`);
    await expectLedgerConsistent(orgId);
  });

  it('treats empty category, empty propertyId and blank notes as null, and defaults the rest', async () => {
    const { api } = await newAdmin();
    const res = await api.post('/api/transactions', { ...valid, category: '', propertyId: '', notes: ' \n\t ' });
    expect(res.status).toBe(201);
    expect(res.body.transaction).toMatchObject({
      category: null,
      propertyId: null,
      notes: null,
      categorizationSource: null,
      categorizedAt: null,
      isIgnored: false,
      source: 'user_created',
    });
    const item = (await partition(`ORG#${res.body.transaction.organizationId}`)).find((i) => i.type === 'Transaction');
    expect(item?.GSI2PK).toBe(`ORG#${res.body.transaction.organizationId}#NOPROP`);
  });

  it('accepts the amount limits and numeric strings, exactly', async () => {
    const { api } = await newAdmin();
    for (const [amount, expected] of [
      [1_000_000_000, 1_000_000_000],
      [-1_000_000_000, -1_000_000_000],
      ['12.30', 12.3],
      [0.1, 0.1],
      [0, 0],
    ] as const) {
      const res = await api.post('/api/transactions', { ...valid, amount });
      expect(res.status, String(amount)).toBe(201);
      expect(res.body.transaction.amount).toBe(expected);
    }
  });

  it('PUT replaces the editable fields, bumps the version, and keeps categorization when the category stays', async () => {
    const { api } = await newAdmin();
    const { body: p } = await api.post('/api/properties', { address: '3 Oak Court' });
    const { body } = await api.post('/api/transactions', { ...valid, category: 'repairs' });
    const before = body.transaction;
    const res = await api.put(`/api/transactions/${before.id}`, {
      name: 'Rossi Plumbing (invoice 114)',
      date: '2026-03-15',
      amount: '-400.00',
      category: 'repairs',
      propertyId: p.id,
      notes: 'Paid by check',
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.transaction).toMatchObject({
      name: 'Rossi Plumbing (invoice 114)',
      date: '2026-03-15',
      amount: -400,
      propertyId: p.id,
      notes: 'Paid by check',
      version: 2,
      createdAt: before.createdAt,
      categorizedAt: before.categorizedAt,
      categorizationSource: 'manual',
    });
    expect(res.body.transaction.updatedAt > before.updatedAt).toBe(true);

    const recategorized = await api.put(`/api/transactions/${before.id}`, {
      ...valid,
      category: 'supplies',
      version: 2,
    });
    expect(recategorized.body.transaction.categorizedAt > before.categorizedAt).toBe(true);
    const cleared = await api.put(`/api/transactions/${before.id}`, { ...valid, category: null, version: 3 });
    expect(cleared.body.transaction).toMatchObject({
      category: null,
      categorizationSource: null,
      categorizedAt: null,
      propertyId: null,
      notes: null,
      version: 4,
    });
    expect((await api.get(`/api/transactions/${before.id}`)).body.transaction).toEqual(cleared.body.transaction);
    await expectLedgerConsistent(before.organizationId);
  });

  it('answers 409 to an edit based on a stale version, keeping the first edit', async () => {
    const { api } = await newAdmin();
    const { body } = await api.post('/api/transactions', valid);
    const id = body.transaction.id;
    const first = await api.put(`/api/transactions/${id}`, { ...valid, name: 'First', version: 1 });
    const second = await api.put(`/api/transactions/${id}`, { ...valid, name: 'Second', amount: 999, version: 1 });
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/changed by someone else/);
    expect((await api.get(`/api/transactions/${id}`)).body.transaction).toMatchObject({ name: 'First', version: 2 });
    await expectLedgerConsistent(body.transaction.organizationId);
  });

  it('lets exactly one of several simultaneous edits of one version win; the others get 409', async () => {
    const { api } = await newAdmin();
    const { body } = await api.post('/api/transactions', valid);
    const id = body.transaction.id;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => api.put(`/api/transactions/${id}`, { ...valid, amount: n * 100, version: 1 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.transaction;
    expect((await api.get(`/api/transactions/${id}`)).body.transaction).toEqual(winner);
    await expectLedgerConsistent(body.transaction.organizationId);
  });

  it('keeps the rollups right when many transactions land in one month and property at once', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { body: p } = await api.post('/api/properties', { address: '8 Busy Street' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        api.post('/api/transactions', { ...valid, amount: n + 0.25, category: 'rental_income', propertyId: p.id }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    await expectLedgerConsistent(orgId);
  });

  it('PATCH ignore flips isIgnored, answers id, isIgnored and the new version, and is idempotent', async () => {
    const { api } = await newAdmin();
    const { body } = await api.post('/api/transactions', { ...valid, category: 'repairs' });
    const id = body.transaction.id;
    const ignored = await api.patch(`/api/transactions/${id}/ignore`, { isIgnored: true });
    expect(ignored).toMatchObject({ status: 200, body: { id, isIgnored: true, version: 2 } });
    const again = await api.patch(`/api/transactions/${id}/ignore`, { isIgnored: true });
    expect(again.body).toEqual({ id, isIgnored: true, version: 2 });
    await expectLedgerConsistent(body.transaction.organizationId);
    // The flyout keeps editing with the version the ignore call returned.
    const edit = await api.put(`/api/transactions/${id}`, { ...valid, name: 'After ignore', version: 2 });
    expect(edit.body.transaction).toMatchObject({ isIgnored: true, name: 'After ignore', version: 3 });
    const back = await api.patch(`/api/transactions/${id}/ignore`, { isIgnored: false });
    expect(back.body).toEqual({ id, isIgnored: false, version: 4 });
    await expectLedgerConsistent(body.transaction.organizationId);
  });

  it('deletes a user-created transaction with its rollup contribution', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { body: p } = await api.post('/api/properties', { address: '4 Gone Road' });
    const { body } = await api.post('/api/transactions', { ...valid, propertyId: p.id });
    const id = body.transaction.id;
    expect(await api.delete(`/api/transactions/${id}`)).toMatchObject({ status: 200, body: { id } });
    expect((await api.get(`/api/transactions/${id}`)).status).toBe(404);
    expect((await api.delete(`/api/transactions/${id}`)).status).toBe(404);
    await expectLedgerConsistent(orgId);
    expect((await api.delete(`/api/properties/${p.id}`)).status).toBe(200);
  });

  it('refuses to delete a bank transaction and says to ignore it instead', async () => {
    const { idToken } = await signIn('lena.landlord@demo.rent.today');
    const api = client(idToken);
    const { body } = await api.get('/api/transactions?limit=100');
    const bank = body.transactions.find((t: { source: string }) => t.source === 'plaid');
    expect(bank).toBeDefined();
    const res = await api.delete(`/api/transactions/${bank.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('BANK_TRANSACTION');
    expect(res.body.error).toMatch(/Ignore it instead/);
    expect((await api.get(`/api/transactions/${bank.id}`)).body.transaction).toEqual(bank);
  });
});

describe('transactions: validation', () => {
  it.each([
    ['{}', {}, ['name', 'date', 'amount']],
    ['{ name: "   " }', { ...valid, name: '   ' }, ['name']],
    ['{ name: 301 characters }', { ...valid, name: 'x'.repeat(301) }, ['name']],
    ['{ name: 42 }', { ...valid, name: 42 }, ['name']],
    ['{ date: undefined }', { ...valid, date: undefined }, ['date']],
    ['{ date: "2026-02-30" }', { ...valid, date: '2026-02-30' }, ['date']],
    ['{ date: "03/04/2026" }', { ...valid, date: '03/04/2026' }, ['date']],
    ['{ date: "2026-3-4" }', { ...valid, date: '2026-3-4' }, ['date']],
    ['{ amount: undefined }', { ...valid, amount: undefined }, ['amount']],
    ['{ amount: null }', { ...valid, amount: null }, ['amount']],
    ['{ amount: 12.345 }', { ...valid, amount: 12.345 }, ['amount']],
    ['{ amount: "12,30" }', { ...valid, amount: '12,30' }, ['amount']],
    ['{ amount: "lots" }', { ...valid, amount: 'lots' }, ['amount']],
    ['{ amount: true }', { ...valid, amount: true }, ['amount']],
    ['{ amount: 1e21 }', { ...valid, amount: 1e21 }, ['amount']],
    ['{ amount: 1_000_000_000.01 }', { ...valid, amount: 1_000_000_000.01 }, ['amount']],
    ['{ amount: -1_000_000_000.01 }', { ...valid, amount: -1_000_000_000.01 }, ['amount']],
    ['{ category: "groceries" }', { ...valid, category: 'groceries' }, ['category']],
    ['{ category: 7 }', { ...valid, category: 7 }, ['category']],
    ['{ propertyId: "bad/id" }', { ...valid, propertyId: 'bad/id' }, ['propertyId']],
    ['{ notes: 2001 characters }', { ...valid, notes: 'x'.repeat(2001) }, ['notes']],
    ['{ isIgnored: "yes" }', { ...valid, isIgnored: 'yes' }, ['isIgnored']],
    ['{ receiptIds: "r1" }', { ...valid, receiptIds: 'r1' }, ['receiptIds']],
    ['{ receiptIds: ["r1", "r1"] }', { ...valid, receiptIds: ['r1', 'r1'] }, ['receiptIds']],
    ['{ source: "plaid" }', { ...valid, source: 'plaid' }, ['body']],
    ['{ organizationId: "someone-else" }', { ...valid, organizationId: 'someone-else' }, ['body']],
  ])('POST refuses %s naming %j, and writes nothing', async (_, body, fields) => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const before = await partition(`ORG#${orgId}`);
    const res = await api.post('/api/transactions', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([...fields].sort());
    expect(res.body.error.length).toBeGreaterThan(5);
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
  });

  it("refuses a propertyId that is not one of the caller's organization's properties, writing nothing", async () => {
    const owner = await newAdmin('owner');
    const other = await newAdmin('other');
    const orgId = await orgIdOf(owner.api);
    const { body: theirs } = await other.api.post('/api/properties', { address: '1 Their Street' });
    const { body: mine } = await owner.api.post('/api/transactions', valid);
    const before = await partition(`ORG#${orgId}`);
    for (const propertyId of [theirs.id, 'no-such-property']) {
      const created = await owner.api.post('/api/transactions', { ...valid, propertyId });
      expect(created.status).toBe(400);
      expect(created.body.issues).toEqual([
        { path: 'propertyId', message: "Choose one of your organization's properties, or no property" },
      ]);
      const updated = await owner.api.put(`/api/transactions/${mine.transaction.id}`, {
        ...valid,
        propertyId,
        version: 1,
      });
      expect(updated.status).toBe(400);
    }
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
    expect((await other.api.get(`/api/properties/${theirs.id}`)).body.version).toBe(1);
  });

  it.each([
    [{ ...valid }, 'version'],
    [{ ...valid, version: 0 }, 'version'],
    [{ ...valid, version: '1' }, 'version'],
    [{ ...valid, version: 1, amount: 0.001 }, 'amount'],
  ])('PUT refuses %j naming %s', async (body, field) => {
    const { api } = await newAdmin();
    const { body: created } = await api.post('/api/transactions', valid);
    const res = await api.put(`/api/transactions/${created.transaction.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect((await api.get(`/api/transactions/${created.transaction.id}`)).body).toEqual(created);
  });

  it.each([[{}], [{ isIgnored: 'true' }], [{ isIgnored: null }], [{ isIgnored: true, id: 'x' }]])(
    'PATCH ignore refuses %j',
    async (body) => {
      const { api } = await newAdmin();
      const { body: created } = await api.post('/api/transactions', valid);
      const res = await api.patch(`/api/transactions/${created.transaction.id}/ignore`, body);
      expect(res.status).toBe(400);
      expect((await api.get(`/api/transactions/${created.transaction.id}`)).body).toEqual(created);
    },
  );
});

describe('transactions: who may do what', () => {
  const ledgerRoutes = routeList.filter((route) => /^\/api\/(transactions|receipts|get-receipt-url)/.test(route.path));
  const SAMPLE: Record<string, unknown> = {
    createTransaction: valid,
    updateTransaction: { ...valid, version: 1 },
    setTransactionIgnored: { isIgnored: true },
    bulkUpdateTransactions: { ids: ['demo-txn-0001'], set: { isIgnored: true } },
    createReceiptUpload: { fileName: 'r.png', contentType: 'image/png', size: 10 },
    postTransactionMessage: { body: 'A note', reviewRequestId: null },
    requestReview: { reviewerId: 'demo-user-pat', body: 'Please check' },
    resolveMergeSuggestion: { accept: false },
    splitTransaction: {
      version: 1,
      parts: [
        { amount: 1, category: null },
        { amount: -1, category: null },
      ],
    },
    unsplitTransaction: { version: 1, category: null },
    pairTransactionTransfer: { otherId: 'demo-txn-0002' },
  };
  const pathOf = (route: RouteDef) =>
    `${route.path.replace('{id}', route.path.startsWith('/api/receipts') ? 'demo-rcpt-0012' : 'demo-txn-0001')}${
      route.query ? '?reference=demo-rcpt-0012' : ''
    }`;

  it('covers every transaction and receipt route', () => {
    // 14 ledger and receipt routes + the transaction's messages (GET, POST), review request (POST) and the
    // bank's suggested match (POST merge-suggestion), the Activity (GET, the audit trail), split / unsplit and the
    // transfer pair (GET, PUT, DELETE).
    expect(ledgerRoutes.length).toBe(24);
  });

  it('answers 403 to a tenant on every transaction and receipt route, and writes nothing', async () => {
    const { idToken } = await signIn('tara.tenant@demo.rent.today');
    const tenant = client(idToken);
    const before = await partition('ORG#demo-org');
    for (const route of ledgerRoutes) {
      const res = await tenant.request(route.method, pathOf(route), { json: SAMPLE[route.id] });
      expect(res.status, route.id).toBe(403);
      expect(res.body.error).toBe('Your role does not allow this.');
    }
    expect(await partition('ORG#demo-org')).toEqual(before);
  });

  it('lets admins, landlords and property managers keep the books', async () => {
    for (const email of [
      'alex.admin@demo.rent.today',
      'lena.landlord@demo.rent.today',
      'pat.manager@demo.rent.today',
    ]) {
      const { idToken } = await signIn(email);
      const api = client(idToken);
      expect((await api.get('/api/transactions?limit=5')).body.transactions).toHaveLength(5);
      const created = await api.post('/api/transactions', { ...valid, name: `Supplies bought by ${email}` });
      expect(created.status).toBe(201);
      expect((await api.delete(`/api/transactions/${created.body.transaction.id}`)).status).toBe(200);
    }
    await expectLedgerConsistent('demo-org');
  });

  it("answers 404 to another organization's transaction for every verb, and changes nothing", async () => {
    const owner = await newAdmin('owner');
    const intruder = await newAdmin('intruder');
    const orgId = await orgIdOf(owner.api);
    const { body } = await owner.api.post('/api/transactions', valid);
    const id = body.transaction.id;
    const before = await partition(`ORG#${orgId}`);
    expect((await intruder.api.get(`/api/transactions/${id}`)).status).toBe(404);
    expect((await intruder.api.put(`/api/transactions/${id}`, { ...valid, version: 1 })).status).toBe(404);
    expect((await intruder.api.patch(`/api/transactions/${id}/ignore`, { isIgnored: true })).status).toBe(404);
    expect((await intruder.api.delete(`/api/transactions/${id}`)).status).toBe(404);
    expect((await intruder.api.post('/api/transactions/bulk', { ids: [id], set: { isIgnored: true } })).status).toBe(
      404,
    );
    expect((await intruder.api.get('/api/transactions')).body.transactions).toEqual([]);
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
  });
});

describe('transactions and properties', () => {
  it('blocks deleting a property while transactions point at it, and allows it once they moved', async () => {
    const { api } = await newAdmin();
    const { body: p } = await api.post('/api/properties', { address: '77 Referenced Way' });
    const { body } = await api.post('/api/transactions', { ...valid, propertyId: p.id });
    const refused = await api.delete(`/api/properties/${p.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/Move them to another property/);
    await api.put(`/api/transactions/${body.transaction.id}`, { ...valid, propertyId: null, version: 1 });
    expect((await api.delete(`/api/properties/${p.id}`)).status).toBe(200);
    const late = await api.post('/api/transactions', { ...valid, propertyId: p.id });
    expect(late.status).toBe(400);
  });

  it('never leaves a transaction pointing at a deleted property when both happen at once', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    for (let round = 0; round < 8; round++) {
      const { body: p } = await api.post('/api/properties', { address: `${round} Race Street` });
      const [created, deleted] = await Promise.all([
        api.post('/api/transactions', { ...valid, propertyId: p.id }),
        api.delete(`/api/properties/${p.id}`),
      ]);
      // Either the transaction came first (the delete is refused) or the delete did (the create is refused).
      expect([created.status, deleted.status].sort()).toEqual(created.status === 201 ? [201, 409] : [200, 400]);
    }
    const items = await partition(`ORG#${orgId}`);
    const propertyIds = new Set(items.filter((i) => i.type === 'Property').map((i) => i.id));
    for (const t of items.filter((i) => i.type === 'Transaction')) expect(propertyIds.has(t.propertyId)).toBe(true);
    await expectLedgerConsistent(orgId);
  });
});

describe('the demo organization', () => {
  it('has two years of realistic activity across its properties, with consistent rollups', async () => {
    const items = await partition('ORG#demo-org');
    const transactions = items.filter((i) => i.type === 'Transaction');
    expect(transactions.length).toBeGreaterThan(600);
    const months = (propertyId: string) =>
      new Set(transactions.filter((t) => t.propertyId === propertyId).map((t) => String(t.date).slice(0, 7)));
    for (const property of items.filter((i) => i.type === 'Property')) {
      expect(months(property.id as string).size, String(property.id)).toBeGreaterThanOrEqual(24);
    }
    const has = (predicate: (t: Record<string, unknown>) => boolean) => transactions.some(predicate);
    for (const category of ['rental_income', 'late_fees', 'mortgage', 'insurance', 'taxes', 'utilities', 'repairs']) {
      expect(
        has((t) => t.category === category),
        category,
      ).toBe(true);
    }
    expect(
      has((t) => ['roof_replacement', 'appliances', 'hvac_plumbing_electrical'].includes(t.category as string)),
    ).toBe(true);
    expect(has((t) => t.category === 'owner_distributions')).toBe(true);
    expect(has((t) => t.category === 'security_deposit')).toBe(true);
    expect(transactions.filter((t) => t.isIgnored).length).toBeGreaterThanOrEqual(2);
    // A transfer between its own accounts: both sides, paired, in different accounts, counted nowhere.
    const transfer = transactions.filter((t) => t.category === 'account_transfers' && t.transferPairId);
    expect(transfer.map((t) => t.amount).sort()).toEqual([-250_000, 250_000]);
    expect(transfer[0]!.transferPairId).toBe(transfer[1]!.id);
    expect(transfer[1]!.transferPairId).toBe(transfer[0]!.id);
    expect(new Set(transfer.map((t) => t.bankAccountId)).size).toBe(2);
    expect(transactions.filter((t) => t.category === null).length).toBeGreaterThanOrEqual(3);
    expect(has((t) => t.source === 'plaid') && has((t) => t.source === 'user_created')).toBe(true);
    const dates = transactions.map((t) => String(t.date)).sort();
    const today = new Date().toISOString().slice(0, 10);
    expect(dates.at(-1)! <= today).toBe(true);
    expect(dates[0]! <= `${Number(today.slice(0, 4)) - 2}${today.slice(4, 8)}28`).toBe(true);
    await expectLedgerConsistent('demo-org');
  });

  it('has receipts whose files can be viewed', async () => {
    const { idToken } = await signIn('pat.manager@demo.rent.today');
    const api = client(idToken);
    const withReceipt = await api.get('/api/transactions?hasReceipt=true&limit=100');
    expect(withReceipt.body.transactions.length).toBeGreaterThanOrEqual(5);
    const t = withReceipt.body.transactions[0];
    const { body } = await api.get(`/api/receipts/my-receipts?transactionId=${t.id}`);
    expect(body.receipts).toHaveLength(1);
    expect(body.receipts[0]).toMatchObject({ transactionId: t.id, contentType: 'image/png' });
    const link = await api.get(`/api/receipts/get-receipt-url?reference=${body.receipts[0].reference}`);
    const file = await fetch(link.body.url, { dispatcher: dispatcher() });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 8)).toEqual(PNG_BYTES.subarray(0, 8));
  });
});
