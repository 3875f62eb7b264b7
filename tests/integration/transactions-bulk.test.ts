import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedBenchTransactions } from '../bench/seed-transactions.js';
import { client, newAdmin, signIn } from '../support/api.js';
import { partition, TABLE_NAME } from '../support/db.js';
import { expectLedgerConsistent, orgIdOf } from './ledger-helpers.js';

type Api = Awaited<ReturnType<typeof newAdmin>>['api'];

let api: Api;
let orgId: string;
let ids: string[];

const transactionsOf = async (org: string) =>
  new Map((await partition(`ORG#${org}`)).filter((i) => i.type === 'Transaction').map((t) => [t.id as string, t]));

beforeAll(async () => {
  ({ api } = await newAdmin('bulk'));
  orgId = await orgIdOf(api);
  ({ transactionIds: ids } = await seedBenchTransactions(inject('dynamoEndpoint'), TABLE_NAME, orgId, 520));
});

describe('bulk updates of up to 500 transactions', () => {
  it('sets a category on 500 at once, as a categorization by hand, keeping the rollups right', async () => {
    const selected = ids.slice(0, 500);
    const before = await transactionsOf(orgId);
    const res = await api.post('/api/transactions/bulk', { ids: selected, set: { category: 'repairs' } });
    expect(res.status).toBe(200);
    expect([...res.body.updatedIds, ...res.body.unchangedIds].sort()).toEqual([...selected].sort());
    const alreadyRepairs = selected.filter((id) => before.get(id)!.category === 'repairs');
    expect(res.body.unchangedIds.sort()).toEqual(alreadyRepairs.sort());
    const after = await transactionsOf(orgId);
    for (const id of selected) expect(after.get(id)!.category).toBe('repairs');
    for (const id of selected.filter((id) => !alreadyRepairs.includes(id))) {
      expect(after.get(id)).toMatchObject({
        categorizationSource: 'manual',
        version: Number(before.get(id)!.version) + 1,
      });
    }
    for (const id of ids.slice(500)) expect(after.get(id)).toEqual(before.get(id));
    await expectLedgerConsistent(orgId);
  });

  it('moves 500 to one property and back to none; the property counts follow', async () => {
    const selected = ids.slice(10, 510);
    const { body: p } = await api.post('/api/properties', { address: '500 Bulk Boulevard' });
    const moved = await api.post('/api/transactions/bulk', { ids: selected, set: { propertyId: p.id } });
    expect(moved.body.updatedIds).toHaveLength(500);
    await expectLedgerConsistent(orgId);
    expect((await api.get(`/api/transactions?propertyId=${p.id}&limit=100`)).body.transactions).toHaveLength(100);
    expect((await api.delete(`/api/properties/${p.id}`)).status).toBe(409);

    const cleared = await api.post('/api/transactions/bulk', { ids: selected, set: { propertyId: '' } });
    expect(cleared.body.updatedIds).toHaveLength(500);
    await expectLedgerConsistent(orgId);
    expect((await api.delete(`/api/properties/${p.id}`)).status).toBe(200);
  });

  it('ignores a selection and brings it back; the totals follow', async () => {
    const current = await transactionsOf(orgId);
    const selected = ids.slice(100, 250).filter((id) => !current.get(id)!.isIgnored);
    const totals = async () => (await api.get('/api/transactions/totals')).body.totals;
    const before = await totals();
    const ignored = await api.post('/api/transactions/bulk', { ids: selected, set: { isIgnored: true } });
    expect(ignored.body).toEqual({ updatedIds: selected, unchangedIds: [] });
    expect((await totals()).count).toBe(before.count - selected.length);
    await expectLedgerConsistent(orgId);

    const restored = await api.post('/api/transactions/bulk', { ids: selected, set: { isIgnored: false } });
    expect(restored.body.updatedIds).toHaveLength(selected.length);
    expect(await totals()).toEqual(before);
    await expectLedgerConsistent(orgId);
  });

  it('sets several fields at once and reports transactions that already had them as unchanged', async () => {
    const selected = ids.slice(0, 3);
    const set = { category: 'utilities', propertyId: 'bench-prop-4', isIgnored: false };
    const first = await api.post('/api/transactions/bulk', { ids: selected, set });
    expect(first.body.updatedIds.length + first.body.unchangedIds.length).toBe(3);
    const second = await api.post('/api/transactions/bulk', { ids: selected, set });
    expect(second.body).toEqual({ updatedIds: [], unchangedIds: selected });
    for (const id of selected) {
      expect((await api.get(`/api/transactions/${id}`)).body.transaction).toMatchObject({
        category: 'utilities',
        propertyId: 'bench-prop-4',
        isIgnored: false,
      });
    }
    await expectLedgerConsistent(orgId);
  });

  it.each([
    ['501 ids', () => ({ ids: [...ids, ...ids].slice(0, 501), set: { isIgnored: true } }), 'ids'],
    ['a repeated id', () => ({ ids: [ids[0], ids[0]], set: { isIgnored: true } }), 'ids'],
    ['no ids', () => ({ ids: [], set: { isIgnored: true } }), 'ids'],
    ['ids as text', () => ({ ids: ids[0], set: { isIgnored: true } }), 'ids'],
    ['a malformed id', () => ({ ids: ['a/b'], set: { isIgnored: true } }), 'ids.0'],
    ['nothing to set', () => ({ ids: [ids[0]], set: {} }), 'set'],
    ['no set', () => ({ ids: [ids[0]] }), 'set'],
    ['an unknown field to set', () => ({ ids: [ids[0]], set: { name: 'All the same' } }), 'set'],
    ['an unknown category', () => ({ ids: [ids[0]], set: { category: 'groceries' } }), 'set.category'],
    ['a non-boolean ignored', () => ({ ids: [ids[0]], set: { isIgnored: 'yes' } }), 'set.isIgnored'],
    ['an unknown top-level field', () => ({ ids: [ids[0]], set: { isIgnored: true }, all: true }), 'body'],
  ])('answers 400 to %s, writing nothing', async (_, body, field) => {
    const before = await partition(`ORG#${orgId}`);
    const res = await api.post('/api/transactions/bulk', body());
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
  });

  it("writes nothing when one selected id is unknown or another organization's, and names them", async () => {
    const other = await newAdmin('bulk-other');
    const { body } = await other.api.post('/api/transactions', { name: 'Theirs', date: '2026-01-01', amount: 5 });
    const theirs = body.transaction.id;
    const before = await partition(`ORG#${orgId}`);
    const res = await api.post('/api/transactions/bulk', {
      ids: [...ids.slice(0, 300), theirs, 'no-such-id'],
      set: { category: 'taxes' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('2 of the selected transactions were not found. Nothing was changed.');
    expect(res.body.details).toEqual({ missingIds: [theirs, 'no-such-id'] });
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
    expect((await other.api.get(`/api/transactions/${theirs}`)).body.transaction.category).toBeNull();
  });

  it("refuses a property that is not the organization's, writing nothing", async () => {
    const other = await newAdmin('bulk-other-property');
    const { body: theirs } = await other.api.post('/api/properties', { address: '9 Not Yours Road' });
    const before = await partition(`ORG#${orgId}`);
    for (const propertyId of [theirs.id, 'no-such-property']) {
      const res = await api.post('/api/transactions/bulk', { ids: ids.slice(0, 200), set: { propertyId } });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe('propertyId');
    }
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
  });

  it('is refused to a tenant', async () => {
    const { idToken } = await signIn('tara.tenant@demo.rent.today');
    const res = await client(idToken).post('/api/transactions/bulk', {
      ids: ['demo-txn-0001'],
      set: { isIgnored: true },
    });
    expect(res.status).toBe(403);
  });
});
