import { compileRuleSet, type PendingCandidate, type PlaidTransactionLike } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import type { BankPointer } from '../../functions/src/data/banking/bankTransactions.js';
import type { TransactionRecord } from '../../functions/src/data/ledger/items.js';
import type { SyncPages, SyncPlan } from '../../functions/src/services/banking/syncPlan.js';

// The planner is pure, but reuses services/ledger/categorize.ts (categorizeOnArrival), whose imports load the client.
process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'silent';
const { planSync } = await import('../../functions/src/services/banking/syncPlan.js');
const { keepingBankSaid } = await import('../../functions/src/data/ledger/items.js');

const rules = compileRuleSet([
  {
    id: 'r1',
    isActive: true,
    priority: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    namePattern: 'home depot',
    category: 'repairs',
  },
]);

/** The stored state a plan is written into (what DynamoDB holds after writeTransactionChanges). */
class Store {
  pointers = new Map<string, BankPointer>();
  records = new Map<string, TransactionRecord>();
  pending = new Map<string, PendingCandidate>();
  sync(pages: Partial<SyncPages>): SyncPlan {
    const plan = planSync(
      { added: [], modified: [], removed: [], ...pages },
      {
        orgId: 'o',
        institutionId: 'i',
        userId: 'u',
        now: '2026-03-10T00:00:00.000Z',
        rules,
        accounts: [{ id: 'acct', accountId: 'plaid-acct', propertyId: 'prop-1' }],
        pointers: new Map(this.pointers),
        records: new Map(this.records),
        pending: [...this.pending.values()],
        newId: (plaidId) => `id-${plaidId}`,
      },
    );
    for (const [current, next] of plan.changes) {
      expect(current ? this.records.get(current.id)?.version : undefined).toBe(current?.version);
      this.records.set(next.id, next);
      const extras = plan.extras.get(next.id);
      for (const plaidId of extras?.pointers ?? []) {
        expect(this.pointers.has(plaidId)).toBe(false); // the Put is conditioned on attribute_not_exists
        this.pointers.set(plaidId, { transactionId: next.id, removed: false });
      }
      if (extras?.pendingPut) this.pending.set(next.id, extras.pendingPut);
      if (extras?.pendingDelete) this.pending.delete(next.id);
    }
    for (const { record, plaidIds } of plan.deletions) {
      this.records.delete(record.id);
      this.pending.delete(record.id);
      for (const id of plaidIds) this.pointers.set(id, { transactionId: record.id, removed: true });
    }
    return plan;
  }
  byName(name: string) {
    return [...this.records.values()].filter((r) => r.name === name);
  }
}

const tx = (id: string, over: Partial<PlaidTransactionLike> = {}): PlaidTransactionLike => ({
  transaction_id: id,
  account_id: 'plaid-acct',
  amount: 20,
  date: '2026-03-05',
  name: `Shop ${id}`,
  merchant_name: null,
  pending: false,
  pending_transaction_id: null,
  personal_finance_category: null,
  ...over,
});

describe('planSync', () => {
  it('arrivals get the default property, the rules, a low-confidence suggestion; replays plan nothing', () => {
    const store = new Store();
    const pages = {
      added: [
        tx('a', { name: 'THE HOME DEPOT #1', amount: 80.1 }),
        tx('b', { personal_finance_category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_WATER' } }),
      ],
    };
    const first = store.sync(pages);
    expect(first.counts).toMatchObject({ added: 2, modified: 0, removed: 0 });
    const a = store.records.get('id-a')!;
    expect(a).toMatchObject({ amount: -8010, propertyId: 'prop-1', category: 'repairs', categorizationSource: 'rule' });
    expect(a.categorizedByRuleId).toBe('r1');
    const b = store.records.get('id-b')!;
    expect(b).toMatchObject({ category: null, suggestedCategory: 'utilities', source: 'plaid', externalId: 'b' });
    for (let i = 0; i < 3; i++) {
      const replay = store.sync(pages);
      expect(replay.changes).toEqual([]);
      expect(replay.counts).toMatchObject({ added: 0, modified: 0, removed: 0 });
    }
  });

  it('modified changes the bank facts and keeps what a person set', () => {
    const store = new Store();
    store.sync({ added: [tx('m')] });
    const stored = store.records.get('id-m')!;
    store.records.set('id-m', {
      ...stored,
      category: 'supplies',
      categorizationSource: 'manual',
      notes: 'for unit 2',
      propertyId: 'prop-2',
      version: 2,
    });
    const plan = store.sync({ modified: [tx('m', { amount: 25, name: 'Shop M renamed', date: '2026-03-06' })] });
    expect(plan.counts.modified).toBe(1);
    expect(store.records.get('id-m')).toMatchObject({
      amount: -2500,
      name: 'Shop M renamed',
      date: '2026-03-06',
      category: 'supplies',
      categorizationSource: 'manual',
      notes: 'for unit 2',
      propertyId: 'prop-2',
      version: 3,
    });
  });

  it("a person's change of a bank line's date, amount or name keeps what the bank said, until the bank's next word", () => {
    const store = new Store();
    store.sync({ added: [tx('k')] });
    const stored = store.records.get('id-k')!;
    const bankSaid = { date: stored.date, amount: stored.amount, name: stored.name };
    // Notes and category alone keep nothing apart.
    const noted = keepingBankSaid(stored, { ...stored, notes: 'n', category: 'repairs', version: 2 });
    expect(noted.bankSaid ?? null).toBeNull();
    const redated = keepingBankSaid(stored, { ...stored, date: '2026-02-27', version: 2 });
    expect(redated.bankSaid).toEqual(bankSaid);
    // A second change keeps the bank's first word, not the person's.
    const renamed = keepingBankSaid(redated, { ...redated, name: 'Hardware for unit 2', amount: -999, version: 3 });
    expect(renamed).toMatchObject({ name: 'Hardware for unit 2', amount: -999, date: '2026-02-27', bankSaid });
    // A line typed by hand has nothing of the bank's to keep.
    const typed = { ...stored, source: 'user_created' as const };
    expect(keepingBankSaid(typed, { ...typed, date: '2026-02-27' }).bankSaid ?? null).toBeNull();

    store.records.set('id-k', renamed);
    store.sync({ modified: [tx('k', { amount: 12, date: '2026-03-07' })] });
    expect(store.records.get('id-k')).toMatchObject({ date: '2026-03-07', amount: -1200, bankSaid: null });
  });

  it('pending → posted by pending_transaction_id: the same record, the person’s category kept', () => {
    const store = new Store();
    store.sync({ added: [tx('p1', { pending: true })] });
    expect(store.pending.has('id-p1')).toBe(true);
    store.records.set('id-p1', {
      ...store.records.get('id-p1')!,
      category: 'supplies',
      categorizationSource: 'manual',
    });
    const sync = { added: [tx('posted1', { pending_transaction_id: 'p1', name: 'Shop P1 posted' })], removed: ['p1'] };
    const plan = store.sync(sync);
    expect(plan.counts).toMatchObject({ merged: 1, added: 0, removed: 0 });
    expect(store.records.size).toBe(1);
    expect(store.records.get('id-p1')).toMatchObject({
      pending: false,
      amount: -2000,
      name: 'Shop P1 posted',
      externalId: 'posted1',
      pendingTransactionId: 'p1',
      category: 'supplies',
    });
    expect(store.pending.size).toBe(0);
    expect(store.sync(sync).changes).toEqual([]);
    // Replaying the older sync that brought the pending one changes nothing either.
    expect(store.sync({ added: [tx('p1', { pending: true })] }).changes).toEqual([]);
  });

  it('pending → posted by exact amount on the same account within 8 days; two candidates: none', () => {
    const store = new Store();
    store.sync({ added: [tx('p2', { pending: true, date: '2026-03-01' })] });
    store.sync({ added: [tx('posted2', { date: '2026-03-04' })] });
    expect(store.records.size).toBe(1);
    expect(store.records.get('id-p2')).toMatchObject({ externalId: 'posted2', pending: false });

    const twins = new Store();
    twins.sync({ added: [tx('q1', { pending: true }), tx('q2', { pending: true })] });
    twins.sync({ added: [tx('posted-q')] });
    expect(twins.records.size).toBe(3);
  });

  it('a tip: kept apart, suggested on both, never merged', () => {
    const store = new Store();
    store.sync({ added: [tx('p3', { pending: true, merchant_name: 'Cafe', amount: 40, date: '2026-03-01' })] });
    const plan = store.sync({ added: [tx('posted3', { merchant_name: 'Cafe', amount: 48, date: '2026-03-02' })] });
    expect(plan.counts).toMatchObject({ suggested: 1, merged: 0, added: 1 });
    expect(store.records.get('id-posted3')).toMatchObject({ suggestedMatchId: 'id-p3', amount: -4800 });
    expect(store.records.get('id-p3')).toMatchObject({ suggestedMatchId: 'id-posted3', pending: true, amount: -4000 });
  });

  it('linked by id but a different amount (a tip): suggested; the bank removing the untouched pending clears it', () => {
    const store = new Store();
    store.sync({ added: [tx('p4', { pending: true, amount: 50 })] });
    const plan = store.sync({ added: [tx('posted4', { amount: 60, pending_transaction_id: 'p4' })], removed: ['p4'] });
    expect(plan.counts).toMatchObject({ suggested: 1, merged: 0, removed: 1 });
    expect(store.records.has('id-p4')).toBe(false);
    expect(store.records.get('id-posted4')).toMatchObject({ amount: -6000, suggestedMatchId: null });

    const kept = new Store();
    kept.sync({ added: [tx('p5', { pending: true, amount: 50 })] });
    kept.records.set('id-p5', { ...kept.records.get('id-p5')!, notes: 'dinner with the plumber', version: 2 });
    kept.sync({ added: [tx('posted5', { amount: 60, pending_transaction_id: 'p5' })], removed: ['p5'] });
    expect(kept.records.get('id-p5')).toMatchObject({
      removedByBank: true,
      isIgnored: true,
      suggestedMatchId: 'id-posted5',
    });
    expect(kept.records.get('id-posted5')).toMatchObject({ suggestedMatchId: 'id-p5' });
  });

  it('removal deletes what nobody touched and keeps (ignored, marked) what people attached something to', () => {
    const store = new Store();
    store.sync({ added: [tx('r1'), tx('r2')] });
    store.records.set('id-r2', { ...store.records.get('id-r2')!, notes: 'asked the tenant', version: 2 });
    const plan = store.sync({ removed: ['r1', 'r2'] });
    expect(plan.counts).toMatchObject({ removed: 2, kept: 1 });
    expect(store.records.has('id-r1')).toBe(false);
    expect(store.pointers.get('r1')).toEqual({ transactionId: 'id-r1', removed: true });
    expect(store.records.get('id-r2')).toMatchObject({
      removedByBank: true,
      isIgnored: true,
      notes: 'asked the tenant',
    });
    // Replays: the removed one does not come back, the kept one is not touched again.
    expect(store.sync({ added: [tx('r1'), tx('r2')], removed: ['r1', 'r2'] }).changes).toEqual([]);
  });

  it('a posted line naming a pending the bank removed (kept for its note) arrives on its own, counted', () => {
    const store = new Store();
    store.sync({ added: [tx('p1', { pending: true, amount: 75, name: 'Hardware' })] });
    store.records.set('id-p1', { ...store.records.get('id-p1')!, notes: 'for the porch', version: 2 });
    store.sync({ removed: ['p1'] });
    const plan = store.sync({ added: [tx('t1', { pending_transaction_id: 'p1', amount: 75, name: 'Hardware' })] });
    expect(plan.counts).toMatchObject({ added: 1, merged: 0 });
    expect(store.records.get('id-t1')).toMatchObject({ amount: -7500, pending: false });
    expect(store.records.get('id-t1')?.isIgnored).not.toBe(true);
    expect(store.records.get('id-p1')).toMatchObject({ removedByBank: true, isIgnored: true, notes: 'for the porch' });
  });
});
