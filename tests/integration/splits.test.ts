import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import { type Api, team } from '../support/members.js';
import { PlaidStandInControl } from '../support/plaid.js';
import { bankItems, bankSyncModules, linkedOrg } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';
import { expectConsistent } from './rules-helpers.js';

/**
 * Split transactions (docs/ledger.md "Split transactions"): parts that add up to the bank line to the cent, each
 * counted in its own property's and category's rollups, listed and totalled under each property and category it
 * names, and one line again when unsplit.
 */
type Team = Awaited<ReturnType<typeof team>>;

async function ok<T = Record<string, any>>(res: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}
const property = async (api: Api, address: string) =>
  (await ok(api.post('/api/properties', { address: `${address} ${randomUUID().slice(0, 6)}` }), 201)).id as string;
const create = async (api: Api, over: Record<string, unknown> = {}) =>
  (
    await ok(
      api.post('/api/transactions', {
        name: `Split me ${randomUUID().slice(0, 8)}`,
        date: '2026-04-01',
        amount: -1896.2,
        category: 'mortgage',
        propertyId: null,
        notes: null,
        ...over,
      }),
      201,
    )
  ).transaction;
const part = (
  amount: number,
  category: string | null,
  propertyId: string | null = null,
  memo: string | null = null,
) => ({
  amount,
  category,
  propertyId,
  leaseId: null,
  memo,
});
const split = (api: Api, t: { id: string; version: number }, parts: unknown[]) =>
  api.put(`/api/transactions/${t.id}/split`, { version: t.version, parts });
const stored = async (orgId: string, id: string): Promise<Record<string, any>> =>
  (await partition(`ORG#${orgId}`)).find((item) => item.type === 'Transaction' && item.id === id)!;
/** A GET with query parameters (undefined ones left out). */
const get = (api: Api, path: string, query: Record<string, string | undefined>) =>
  api.get(
    `${path}?${new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined))}`,
  );
const names = (page: Record<string, any>) => (page.transactions as { name: string }[]).map((t) => t.name);

let w: Team;
let x: Team;
let oak: string;
let elm: string;
beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
  [oak, elm] = await Promise.all([property(w.admin.api, '1 Oak Split'), property(w.admin.api, '2 Elm Split')]);
});

describe('a split', () => {
  it('must add up to the transaction to the cent: the 400 names the difference and nothing changes', async () => {
    const t = await create(w.admin.api);
    const short = await split(w.admin.api, t, [part(-1625, 'mortgage_interest'), part(-200, 'property_tax_escrows')]);
    expect(short.status).toBe(400);
    expect(short.body.error).toContain('-$1,825.00');
    expect(short.body.error).toContain('$71.20 left to assign');
    const over = await split(w.admin.api, t, [part(-1625, 'mortgage_interest'), part(-300, 'property_tax_escrows')]);
    expect(over.status).toBe(400);
    expect(over.body.error).toContain('$28.80 too much');
    const one = await split(w.admin.api, t, [part(-1896.2, 'mortgage_interest')]);
    expect(one.status).toBe(400);
    expect((await stored(w.orgId, t.id)).parts).toBeUndefined();
    await expectLedgerConsistent(w.orgId);
  });

  it('counts each part in its own property and category, and the bank line keeps its amount', async () => {
    const t = await create(w.admin.api, { propertyId: oak });
    const body = await ok(
      split(w.admin.api, t, [
        part(-1625, 'mortgage_interest', oak, 'Interest'),
        part(-271.2, 'mortgage', oak),
        part(-0.01, 'property_tax_escrows', elm),
        part(0, null, null, 'Nothing yet'),
        part(0.01, 'other_income', elm),
      ]),
    );
    expect(body.transaction).toMatchObject({ amount: -1896.2, category: null, propertyId: null, version: 2 });
    expect(body.transaction.parts).toHaveLength(5);
    expect(body.transaction.parts[0]).toEqual({
      amount: -1625,
      category: 'mortgage_interest',
      propertyId: oak,
      leaseId: null,
      memo: 'Interest',
    });
    const item = await stored(w.orgId, t.id);
    expect(item.amount).toBe(-189620);
    expect(item.parts.map((p: { amount: number }) => p.amount)).toEqual([-162500, -27120, -1, 0, 1]);
    await expectLedgerConsistent(w.orgId);

    // Listed under each property it names, and not under "no property" unless a part has none.
    const ofOak = await ok(get(w.admin.api, '/api/transactions', { propertyId: oak }));
    const ofElm = await ok(get(w.admin.api, '/api/transactions', { propertyId: elm }));
    const ofNone = await ok(get(w.admin.api, '/api/transactions', { propertyId: 'none' }));
    expect(names(ofOak)).toContain(t.name);
    expect(names(ofElm)).toContain(t.name);
    expect(names(ofNone)).toContain(t.name);
    const interest = await ok(get(w.admin.api, '/api/transactions', { category: 'mortgage_interest' }));
    expect(names(interest)).toContain(t.name);
    const repairs = await ok(get(w.admin.api, '/api/transactions', { category: 'repairs' }));
    expect(names(repairs)).not.toContain(t.name);
  });

  it('is totalled by the parts a filter matches, from the rollups and from the transactions alike', async () => {
    const home = await property(w.admin.api, '3 Totals Split');
    const other = await property(w.admin.api, '4 Totals Split');
    const t = await create(w.admin.api, { amount: -1000, date: '2026-05-10' });
    await ok(split(w.admin.api, t, [part(-600, 'repairs', home), part(-400, 'supplies', other)]));
    const byRollups = await ok(get(w.admin.api, '/api/transactions/totals', { propertyId: home }));
    expect(byRollups.source).toBe('rollups');
    expect(byRollups.totals).toMatchObject({ out: -600, net: -600, count: 1 });
    const bySearch = await ok(
      get(w.admin.api, '/api/transactions/totals', { propertyId: other, search: t.name.slice(-8) }),
    );
    expect(bySearch.source).toBe('transactions');
    expect(bySearch.totals).toMatchObject({ out: -400, net: -400, count: 1 });
    const byCategory = await ok(
      get(w.admin.api, '/api/transactions/totals', { category: 'repairs', search: t.name.slice(-8) }),
    );
    expect(byCategory.totals).toMatchObject({ out: -600, count: 1 });
  });

  it('pages a property ledger in order across its own partition and the splits across properties', async () => {
    const home = await property(w.admin.api, '5 Paging Split');
    const other = await property(w.admin.api, '6 Paging Split');
    const made: string[] = [];
    for (let day = 1; day <= 7; day++) {
      const date = `2026-06-${String(day).padStart(2, '0')}`;
      const t = await create(w.admin.api, { amount: -10, date, propertyId: home, category: 'repairs' });
      if (day % 2 === 0) await ok(split(w.admin.api, t, [part(-4, 'repairs', home), part(-6, 'supplies', other)]));
      made.push(t.name);
    }
    for (const limit of ['1', '2', '3', '50']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await ok(get(w.admin.api, '/api/transactions', { propertyId: home, limit, cursor }));
        seen.push(...names(page));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen, `pages of ${limit}`).toEqual([...made].reverse());
    }
    const ofOther = await ok(get(w.admin.api, '/api/transactions', { propertyId: other }));
    expect(names(ofOther)).toEqual([made[5], made[3], made[1]]);
  });

  it('pages a property ledger whose splits are few, and one that is mostly splits', async () => {
    const home = await property(w.admin.api, '9 Sparse Split');
    const other = await property(w.admin.api, '10 Sparse Split');
    const made: string[] = [];
    for (let day = 1; day <= 12; day++) {
      const date = `2026-08-${String(day).padStart(2, '0')}`;
      const t = await create(w.admin.api, { amount: -10, date, propertyId: home, category: 'repairs' });
      if (day === 2) await ok(split(w.admin.api, t, [part(-4, 'repairs', home), part(-6, 'supplies', other)]));
      made.push(t.name);
    }
    const pages = async (propertyId: string, limit: string) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await ok(get(w.admin.api, '/api/transactions', { propertyId, limit, cursor }));
        seen.push(...names(page));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return seen;
    };
    for (const limit of ['1', '5', '50']) {
      expect(await pages(home, limit), `pages of ${limit}`).toEqual([...made].reverse());
      expect(await pages(other, limit), `pages of ${limit}`).toEqual([made[1]]);
    }
  });

  it('holds 250 parts, written and read back in one write', async () => {
    const t = await create(w.admin.api, { amount: -250, date: '2026-04-02' });
    const parts = Array.from({ length: 250 }, (_, i) => part(-1, i % 2 ? 'repairs' : 'supplies', i % 3 ? oak : elm));
    await ok(split(w.admin.api, t, parts));
    const read = await ok(w.admin.api.get(`/api/transactions/${t.id}`));
    expect(read.transaction.parts).toHaveLength(250);
    await expectLedgerConsistent(w.orgId);
    const tooMany = await split(w.admin.api, { id: t.id, version: 2 }, [...parts, part(0, null)]);
    expect(tooMany.status).toBe(400);
  });

  it('names at most 16 properties, so one write holds it', async () => {
    const many = await Promise.all(Array.from({ length: 17 }, (_, i) => property(w.admin.api, `${i} Many Split`)));
    const t = await create(w.admin.api, { amount: -17, date: '2026-04-03' });
    const refused = await split(
      w.admin.api,
      t,
      many.map((id) => part(-1, 'repairs', id)),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('at most 16 properties');
    await ok(
      split(
        w.admin.api,
        t,
        many.slice(0, 16).map((id, i) => part(i === 0 ? -2 : -1, 'repairs', id)),
      ),
    );
    await expectLedgerConsistent(w.orgId);
  });

  it('keeps its parts through an edit of the line, refuses a new amount, and unsplits to one category', async () => {
    const t = await create(w.admin.api, { amount: -100, date: '2026-04-04' });
    const s = (await ok(split(w.admin.api, t, [part(-30, 'repairs', oak), part(-70, 'supplies', elm)]))).transaction;
    const edit = {
      name: `${t.name} edited`,
      date: '2026-04-05',
      amount: -100,
      category: null,
      propertyId: null,
      notes: 'n',
    };
    const edited = (await ok(w.admin.api.put(`/api/transactions/${t.id}`, { ...edit, version: s.version })))
      .transaction;
    expect(edited.parts.map((p: { amount: number }) => p.amount)).toEqual([-30, -70]);
    expect(edited).toMatchObject({ date: '2026-04-05', notes: 'n' });
    const moved = await w.admin.api.put(`/api/transactions/${t.id}`, { ...edit, amount: -90, version: edited.version });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toContain('split');
    const stale = await split(w.admin.api, { id: t.id, version: s.version }, [part(-100, 'repairs'), part(0, null)]);
    expect(stale.status).toBe(409);
    await expectLedgerConsistent(w.orgId);

    const whole = (
      await ok(
        w.admin.api.post(`/api/transactions/${t.id}/unsplit`, {
          category: 'repairs',
          propertyId: oak,
          version: edited.version,
        }),
      )
    ).transaction;
    expect(whole).toMatchObject({ parts: null, category: 'repairs', propertyId: oak, amount: -100 });
    await expectLedgerConsistent(w.orgId);
    const ofElm = await ok(get(w.admin.api, '/api/transactions', { propertyId: elm }));
    expect(names(ofElm)).not.toContain(edited.name);
  });

  it('is left alone by a bulk category or property, and keeps its property referenced', async () => {
    const home = await property(w.admin.api, '7 Bulk Split');
    const t = await create(w.admin.api, { amount: -20, date: '2026-04-06' });
    await ok(split(w.admin.api, t, [part(-5, 'repairs', home), part(-15, 'supplies')]));
    const bulk = await ok(w.admin.api.post('/api/transactions/bulk', { ids: [t.id], set: { category: 'taxes' } }));
    expect(bulk).toEqual({ updatedIds: [], unchangedIds: [t.id] });
    expect((await stored(w.orgId, t.id)).parts).toHaveLength(2);
    const del = await w.admin.api.delete(`/api/properties/${home}`);
    expect(del.status).toBe(409);
  });

  it('is refused in a closed period, and answers 403 to a tenant and 404 to another organization', async () => {
    const t = await create(w.admin.api, { amount: -50, date: '2026-01-15' });
    const closer = await team();
    const theirs = await create(closer.admin.api, { amount: -50, date: '2026-01-15' });
    await ok(closer.admin.api.put('/api/organization/closed-period', { closedThrough: '2026-01-31' }));
    const closed = await split(closer.admin.api, theirs, [part(-25, 'repairs'), part(-25, 'supplies')]);
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('PERIOD_CLOSED');
    const parts = [part(-25, 'repairs'), part(-25, 'supplies')];
    expect((await split(w.tenant.api, t, parts)).status).toBe(403);
    expect((await split(x.admin.api, t, parts)).status).toBe(404);
    expect((await x.admin.api.post(`/api/transactions/${t.id}/unsplit`, { version: 1 })).status).toBe(404);
  });
});

describe('a split of a bank line', () => {
  it('is kept by a re-sync and by posting; a new amount lands on the largest part and asks for a look', async () => {
    const plaid = new PlaidStandInControl(inject('plaidEndpoint'));
    const { api } = await newAdmin();
    const link = await linkedOrg(api, plaid);
    const { bankSync } = await bankSyncModules();
    const sync = () => bankSync.syncInstitution(link.orgId, link.institutionId);
    const home = await property(api, '8 Bank Split');
    const pending = await plaid.postPending(link.itemId, { amount: 200, name: 'THE HOME DEPOT' });
    await sync();
    const [arrived] = (await bankItems(link.orgId)).transactions.filter((t) => t.name === 'THE HOME DEPOT') as {
      id: string;
      version: number;
    }[];
    await ok(split(api, arrived!, [part(-120, 'repairs', home), part(-80, 'supplies')]));

    await plaid.postPosted(link.itemId, pending.transaction_id);
    expect(await sync()).toMatchObject({ merged: 1 });
    const posted = (await ok(get(api, `/api/transactions/${arrived!.id}`, {}))).transaction;
    expect(posted).toMatchObject({ pending: false, amount: -200, splitReviewFrom: null });
    expect(posted.parts.map((p: { amount: number }) => p.amount)).toEqual([-120, -80]);

    const [postedItem] = (await bankItems(link.orgId)).transactions.filter((t) => t.id === arrived!.id);
    await plaid.modify(link.itemId, postedItem!.plaidTransactionId as string, { amount: 210.5 });
    expect(await sync()).toMatchObject({ modified: 1 });
    const changed = (await ok(get(api, `/api/transactions/${arrived!.id}`, {}))).transaction;
    expect(changed).toMatchObject({ amount: -210.5, splitReviewFrom: -200 });
    expect(changed.parts.map((p: { amount: number }) => p.amount)).toEqual([-130.5, -80]);
    await expectConsistent(link.orgId);

    const saved = await ok(split(api, changed, [part(-125.5, 'repairs', home), part(-85, 'supplies')]));
    expect(saved.transaction.splitReviewFrom).toBeNull();
  }, 120_000);
});
