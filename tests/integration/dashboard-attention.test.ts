import { missingReceiptFilter } from '@rent/shared';
import { Products } from 'plaid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import type { Api } from '../support/members.js';
import { PlaidStandInControl, plaidApi } from '../support/plaid.js';
import { syncRunnerControl } from '../support/sync-runner.js';
import { recomputedRollups, storedRollups } from './ledger-helpers.js';
import { uploadReceipt } from './receipt-upload.js';
import { editable as editableOf } from './rules-helpers.js';

/**
 * "Needs attention" (docs/reports-and-tax.md "Needs attention"): expenses over $75 without a receipt, bank
 * connections needing reconnect and properties without a land value. Each count equals the list its link opens: the ledger with the link's own filter
 * (core/attention.ts), and the connections Org Settings and the bank status flag. Organizations the test creates.
 */
const thisMonth = () => new Date().toISOString().slice(0, 7);
const day = (d: number) => `${thisMonth()}-${String(d).padStart(2, '0')}`;
const PERIOD = () => ({ from: thisMonth(), to: thisMonth() });

/** Every transaction the ledger lists for a query, following the pages. */
async function ledgerList(api: Api, query: URLSearchParams) {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page = new URLSearchParams(query);
    page.set('limit', '100');
    if (cursor) page.set('cursor', cursor);
    const res = await api.get(`/api/transactions?${page}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    names.push(...res.body.transactions.map((t: { name: string }) => t.name));
    cursor = res.body.nextCursor;
  } while (cursor);
  return names.sort();
}

describe('Needs attention: expenses over $75 without a receipt', () => {
  let api: Api;
  let maple: string;

  beforeAll(async () => {
    ({ api } = await newAdmin('attention-receipts'));
    maple = (await api.post('/api/properties', { address: '7 Receipt Row' })).body.id;
    const rows: [string, number, string | null, boolean?][] = [
      ['Counts: plumber', -80, maple],
      ['Counts: one cent over', -75.01, null],
      ['Counts: roof', -1200, maple],
      ['Not over: exactly 75', -75, maple],
      ['Not over: small', -12.5, null],
      ['Not an expense: rent', 1500, maple],
      ['Not counted: ignored', -300, maple, true],
      ['Not counted: has a receipt', -250, maple],
    ];
    for (const [i, [name, amount, propertyId, isIgnored]] of rows.entries()) {
      const res = await api.post('/api/transactions', {
        date: day(1 + (i % 2)),
        name,
        amount,
        category: amount < 0 ? 'repairs' : 'rental_income',
        propertyId,
        isIgnored,
      });
      expect(res.status).toBe(201);
      if (name.endsWith('has a receipt')) {
        expect((await uploadReceipt(api, { transactionId: res.body.transaction.id })).status).toBe(200);
      }
    }
    // Outside the period (last year): not counted.
    const old = { date: `${Number(thisMonth().slice(0, 4)) - 1}-06-15`, name: 'Outside', amount: -500 };
    expect((await api.post('/api/transactions', { ...old, category: 'repairs', propertyId: null })).status).toBe(201);
  });

  it('counts exactly the ledger list its link opens, for the organization and per property', async () => {
    for (const propertyId of [undefined, maple, null]) {
      const scope = { ...PERIOD(), ...(propertyId !== undefined && { propertyId }) };
      const query = new URLSearchParams(PERIOD());
      if (propertyId !== undefined) query.set('propertyId', propertyId ?? 'none');
      const summary = await api.get(`/api/dashboard?${query}`);
      expect(summary.status).toBe(200);
      const listed = await ledgerList(api, new URLSearchParams(missingReceiptFilter(scope)));
      expect(summary.body.attention.expensesWithoutReceipt, String(propertyId)).toBe(listed.length);
      expect(listed.every((name) => name.startsWith('Counts:'))).toBe(true);
    }
    const all = await api.get(`/api/dashboard?${new URLSearchParams(PERIOD())}`);
    expect(all.body.attention.expensesWithoutReceipt).toBe(3);
  });

  it('drops an expense once a receipt is attached, and the list follows', async () => {
    const listed = await api.get(`/api/transactions?search=${encodeURIComponent('counts: plumber')}`);
    const plumber = listed.body.transactions[0];
    const filter = new URLSearchParams(missingReceiptFilter(PERIOD()));
    const before = (await api.get(`/api/dashboard?${new URLSearchParams(PERIOD())}`)).body.attention;
    expect((await uploadReceipt(api, { transactionId: plumber.id })).status).toBe(200);
    const after = (await api.get(`/api/dashboard?${new URLSearchParams(PERIOD())}`)).body.attention;
    expect(after.expensesWithoutReceipt).toBe(before.expensesWithoutReceipt - 1);
    expect(await ledgerList(api, filter)).toHaveLength(after.expensesWithoutReceipt);
  });

  it('counts it again when its receipt is deleted; edits keep the stored counters equal to a recomputation', async () => {
    const orgId = (await api.get('/api/organization')).body.id as string;
    const made = await api.post('/api/transactions', {
      date: day(3),
      name: 'Counts: boiler part',
      amount: -90,
      category: 'repairs',
      propertyId: maple,
    });
    const count = async () =>
      (await api.get(`/api/dashboard?${new URLSearchParams(PERIOD())}`)).body.attention.expensesWithoutReceipt;
    const start = await count();
    const receipt = await uploadReceipt(api, { transactionId: made.body.transaction.id });
    expect(receipt.status).toBe(200);
    expect(await count()).toBe(start - 1);
    expect((await api.delete(`/api/receipts/${receipt.body.receipt.id}`)).status).toBe(200);
    expect(await count()).toBe(start);
    // An edit under the threshold, then back over it and ignored: the counter follows, as a rebuild would say.
    const current = (await api.get(`/api/transactions/${made.body.transaction.id}`)).body.transaction;
    const small = await api.put(`/api/transactions/${current.id}`, { ...editableOf(current), amount: -20 });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect(await count()).toBe(start - 1);
    expect(await storedRollups(orgId)).toEqual(await recomputedRollups(orgId));
    expect(await ledgerList(api, new URLSearchParams(missingReceiptFilter(PERIOD())))).toHaveLength(start - 1);
  });

  it("another organization's dashboard counts none of ours", async () => {
    const other = await newAdmin('attention-other');
    const theirs = await other.api.get(`/api/dashboard?${new URLSearchParams(PERIOD())}`);
    expect(theirs.body.attention).toMatchObject({ expensesWithoutReceipt: 0, connectionsToReconnect: 0 });
  });
});

describe('Needs attention: bank connections needing reconnect', () => {
  const PLATYPUS = { id: 'ins_109508', name: 'First Platypus Bank' };

  it('counts the connections the bank status and Org Settings flag', async () => {
    const { api } = await newAdmin('attention-bank');
    const orgId = (await api.get('/api/organization')).body.id as string;
    const created = await plaidApi(inject('plaidEndpoint')).sandboxPublicTokenCreate({
      institution_id: PLATYPUS.id,
      initial_products: [Products.Transactions],
    });
    const linked = await api.post('/api/plaid/exchange', {
      publicToken: created.data.public_token,
      institution: PLATYPUS,
    });
    expect(linked.status).toBe(201);
    expect((await syncRunnerControl('idle')).status).toBe(200);
    const count = async () =>
      (await api.get(`/api/dashboard?${new URLSearchParams(PERIOD())}`)).body.attention.connectionsToReconnect;
    expect(await count()).toBe(0);

    const itemId = String((await partition(`ORG#${orgId}`)).find((i) => i.type === 'Institution')!.itemId);
    await new PlaidStandInControl(inject('plaidEndpoint')).forceLoginRequired(itemId);
    // Confirming the reconnect too early is how the app learns the bank wants a new sign-in.
    expect((await api.post(`/api/bank-connections/${linked.body.id}/reconnected`)).status).toBe(409);

    const connections = (await api.get('/api/bank-connections')).body.connections as { status: string }[];
    const flagged = connections.filter((c) => c.status !== 'connected');
    expect(flagged.map((c) => c.status)).toEqual(['needs_reconnect']);
    expect(await count()).toBe(flagged.length);
    expect((await api.get('/api/plaid/status')).body.attention).toHaveLength(flagged.length);
  });
});

describe('Needs attention: a property with a price and no land value', () => {
  let api: Api;
  let birch: string;
  let main: string;
  const attention = async (propertyId?: string) => {
    const query = new URLSearchParams(PERIOD());
    if (propertyId !== undefined) query.set('propertyId', propertyId);
    const res = await api.get(`/api/dashboard?${query}`);
    expect(res.status).toBe(200);
    return res.body.attention.noLandValue as { propertyId: string; address: string }[];
  };

  beforeAll(async () => {
    ({ api } = await newAdmin('attention-land'));
    const add = async (body: Record<string, unknown>) => {
      const res = await api.post('/api/properties', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    birch = await add({
      address: '220 Birch Lane, Peoria, IL 61602',
      acquisitionDate: '2023-11-08',
      acquisitionPrice: 184500,
    });
    main = await add({
      address: '301 Main Street, Bloomington, IL 61701',
      propertyType: 'COMMERCIAL',
      acquisitionDate: '2020-01-27',
      acquisitionPrice: 610000,
      landValue: 122000,
    });
    await add({ address: 'No price yet' });
    await add({ address: 'A field', propertyType: 'LAND', acquisitionPrice: 50000 });
  });

  it('lists it, and the depreciation schedule and Schedule E line 18 say why its building is not depreciated', async () => {
    expect(await attention()).toEqual([{ propertyId: birch, address: '220 Birch Lane, Peoria, IL 61602' }]);
    expect(await attention(birch)).toHaveLength(1);
    expect(await attention(main)).toEqual([]);
    expect(await attention('none')).toEqual([]);

    const year = Number(thisMonth().slice(0, 4));
    const schedule = (await api.get(`/api/reports/depreciation?year=${year}&propertyId=${birch}`)).body.properties[0];
    expect(schedule.assets[0]).toMatchObject({
      asset: 'building',
      basis: null,
      flag: expect.stringMatching(/No land value/),
    });
    expect(schedule.flags).toEqual([expect.stringMatching(/No land value/)]);
    const sheets = (await api.get(`/api/reports/schedule-e?year=${year}`)).body.worksheets;
    const line18 = sheets
      .find((w: { propertyId: string }) => w.propertyId === birch)
      .lines.find((l: { line: string }) => l.line === '18');
    expect(line18).toMatchObject({ amount: 0, flag: expect.stringMatching(/No land value/) });
  });

  it('leaves the list once the land value is entered', async () => {
    const { version } = (await api.get(`/api/properties/${birch}`)).body;
    const res = await api.put(`/api/properties/${birch}`, {
      address: '220 Birch Lane, Peoria, IL 61602',
      acquisitionDate: '2023-11-08',
      acquisitionPrice: 184500,
      landValue: 36900,
      version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await attention()).toEqual([]);
  });
});
