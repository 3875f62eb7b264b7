import { describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { bankItems, bankOrg, bankSyncModules, history, plaidTx } from './bank-sync-helpers.js';
import { expectConsistent } from './rules-helpers.js';

/**
 * The apply half of bank sync against DynamoDB Local (pages given directly; the loop against the Plaid
 * stand-in is in bank-sync.test.ts): idempotence, pending -> posted, removals, totals.
 */
const pages = (over: Partial<{ added: unknown[]; modified: unknown[]; removed: string[] }>) =>
  ({ added: [], modified: [], removed: [], ...over }) as Parameters<
    Awaited<ReturnType<typeof bankSyncModules>>['sync']['applySyncPages']
  >[2];

describe('bank sync apply', () => {
  it('two years (1,600 transactions) arrive once, categorized and with the default property; 3 replays add nothing', async () => {
    const { api } = await newAdmin();
    const { orgId, propertyId, institutionId } = await bankOrg(api);
    const { sync, rules } = await bankSyncModules();
    rules.forgetRules(orgId);
    const rows = history(1_600);
    const first = await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: rows }));
    expect(first).toMatchObject({ added: 1_600, modified: 0, removed: 0 });
    const after = await bankItems(orgId);
    expect(after.transactions).toHaveLength(1_600);
    expect(after.pointers).toHaveLength(0); // arrivals need none: their ids derive from the Plaid id
    expect(after.transactions.every((t) => t.propertyId === propertyId && t.source === 'plaid')).toBe(true);
    const depot = after.transactions.filter((t) => String(t.name).startsWith('THE HOME DEPOT'));
    expect(depot).toHaveLength(320);
    expect(depot.every((t) => t.category === 'repairs' && t.categorizationSource === 'rule')).toBe(true);
    const versions = new Map(after.transactions.map((t) => [t.id, t.version]));
    for (let replay = 0; replay < 3; replay++) {
      const again = await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: rows }));
      expect(again).toMatchObject({ added: 0, modified: 0, removed: 0, merged: 0 });
    }
    const replayed = await bankItems(orgId);
    expect(replayed.transactions).toHaveLength(1_600);
    expect(new Map(replayed.transactions.map((t) => [t.id, t.version]))).toEqual(versions);
    await expectConsistent(orgId);
  }, 300_000);

  it('pending counts in no total or report; posted (by id) counts exactly once; the person’s category stays', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const totals = async () => (await api.get('/api/transactions/totals?from=2026-02-01&to=2026-02-28')).body.totals;
    const cashFlow = async () => (await api.get('/api/reports/cash-flow?from=2026-02&to=2026-02')).body;
    const partial = async () =>
      (await api.get('/api/transactions/totals?from=2026-02-01&to=2026-02-28&search=coffee')).body.totals;
    const baseline = { totals: await totals(), report: await cashFlow(), partial: await partial() };

    const pending = plaidTx({ name: 'Coffee Roasters', amount: 42.5, pending: true });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [pending] }));
    const stored = (await bankItems(orgId)).transactions[0]!;
    expect(stored).toMatchObject({ pending: true, amount: -4250 });
    expect(await totals()).toEqual(baseline.totals);
    expect(await cashFlow()).toEqual(baseline.report);
    expect(await partial()).toEqual(baseline.partial);
    const listed = (await api.get('/api/transactions?limit=10')).body.transactions;
    expect(listed.map((t: { pending?: boolean }) => t.pending)).toEqual([true]);
    // A person categorizes the pending charge.
    const edit = await api.put(`/api/transactions/${stored.id}`, {
      name: 'Coffee Roasters',
      date: '2026-02-10',
      amount: -42.5,
      category: 'supplies',
      notes: 'for the open house',
      propertyId: stored.propertyId,
      version: stored.version,
    });
    expect(edit.status).toBe(200);

    const posted = plaidTx({ name: 'Coffee Roasters', amount: 42.5, pending_transaction_id: pending.transaction_id });
    const merged = await sync.applySyncPages(
      orgId,
      { id: institutionId },
      pages({ added: [posted], removed: [pending.transaction_id] }),
    );
    expect(merged).toMatchObject({ merged: 1, added: 0, removed: 0 });
    const after = await bankItems(orgId);
    expect(after.transactions).toHaveLength(1);
    expect(after.transactions[0]).toMatchObject({
      id: stored.id,
      pending: false,
      category: 'supplies',
      notes: 'for the open house',
      externalId: posted.transaction_id,
    });
    expect(after.pending).toHaveLength(0);
    expect((await totals()).out).toBe(baseline.totals.out - 42.5);
    expect((await totals()).count).toBe(baseline.totals.count + 1);
    expect((await partial()).count).toBe(1);
    // Replaying both syncs changes nothing.
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [pending] }));
    await sync.applySyncPages(
      orgId,
      { id: institutionId },
      pages({ added: [posted], removed: [pending.transaction_id] }),
    );
    expect((await bankItems(orgId)).transactions).toHaveLength(1);
    expect((await totals()).count).toBe(baseline.totals.count + 1);
    await expectConsistent(orgId);
  });

  it('by exact amount without an id; a tip is suggested, accepted through the route into one transaction', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const hold = plaidTx({ name: 'Gas Station', amount: 60, pending: true, date: '2026-02-01' });
    const meal = plaidTx({ merchant_name: 'Diner', amount: 30, pending: true, date: '2026-02-01' });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [hold, meal] }));
    const postedHold = plaidTx({ name: 'Gas Station', amount: 60, date: '2026-02-05' });
    const postedMeal = plaidTx({ merchant_name: 'Diner', amount: 36, date: '2026-02-02' });
    const counts = await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [postedHold, postedMeal] }));
    expect(counts).toMatchObject({ merged: 1, suggested: 1, added: 1 });
    const items = (await bankItems(orgId)).transactions;
    expect(items).toHaveLength(3);
    const mealPending = items.find((t) => t.amount === -3000)!;
    const mealPosted = items.find((t) => t.amount === -3600)!;
    expect(mealPending).toMatchObject({ pending: true, suggestedMatchId: mealPosted.id });
    expect(mealPosted).toMatchObject({ suggestedMatchId: mealPending.id });
    expect(items.find((t) => t.amount === -6000)).toMatchObject({
      pending: false,
      externalId: postedHold.transaction_id,
    });

    const accepted = await api.post(`/api/transactions/${mealPosted.id}/merge-suggestion`, { accept: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.transaction).toMatchObject({ id: mealPending.id, amount: -36, pending: false });
    expect((await bankItems(orgId)).transactions).toHaveLength(2);
    expect((await api.post(`/api/transactions/${mealPending.id}/merge-suggestion`, { accept: true })).status).toBe(409);
    // The posted Plaid id now names the kept record: replaying adds nothing.
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [postedMeal] }));
    expect((await bankItems(orgId)).transactions).toHaveLength(2);
    await expectConsistent(orgId);
  });

  it('removal deletes an untouched one, keeps one with notes as removed by the bank; modified keeps the category', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const [plain, noted, renamed] = [plaidTx(), plaidTx(), plaidTx({ name: 'Plumber' })];
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [plain, noted, renamed] }));
    const byExt = async (id: string) => (await bankItems(orgId)).transactions.find((t) => t.externalId === id);
    for (const [tx, body] of [
      [noted, { notes: 'tenant paid me back' }],
      [renamed, { category: 'repairs' }],
    ] as const) {
      const t = (await byExt(tx.transaction_id))!;
      const res = await api.put(`/api/transactions/${t.id}`, {
        name: t.name,
        date: t.date,
        amount: (t.amount as number) / 100,
        category: null,
        notes: null,
        propertyId: t.propertyId,
        version: t.version,
        ...(body as Record<string, unknown>),
      });
      expect(res.status).toBe(200);
    }
    const result = await sync.applySyncPages(
      orgId,
      { id: institutionId },
      pages({
        modified: [{ ...renamed, name: 'Plumber & Sons', amount: 120.4, date: '2026-02-11' }],
        removed: [plain.transaction_id, noted.transaction_id],
      }),
    );
    expect(result).toMatchObject({ modified: 1, removed: 2, kept: 1 });
    expect(await byExt(plain.transaction_id)).toBeUndefined();
    expect(await byExt(noted.transaction_id)).toMatchObject({ removedByBank: true, isIgnored: true });
    expect(await byExt(renamed.transaction_id)).toMatchObject({
      name: 'Plumber & Sons',
      amount: -12040,
      date: '2026-02-11',
      category: 'repairs',
      categorizationSource: 'manual',
    });
    // The removed one never comes back on a replay of its arrival.
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [plain] }));
    expect(await byExt(plain.transaction_id)).toBeUndefined();
    await expectConsistent(orgId);
  });
});
