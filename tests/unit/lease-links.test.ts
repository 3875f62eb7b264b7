import { describe, expect, it } from 'vitest';
import { computeRollups, isCounter, leaseRentOf } from '../../functions/src/data/ledger/rollupDeltas';
import { summarizeCell } from '../../functions/src/data/ledger/rollupSums';
import { leaseLink, withLeaseLink } from '../../shared/src/core/leaseLinks';
import { leaseMisfit } from '../../shared/src/core/leases';

const a = { id: 'la', propertyId: 'p1', leaseStart: '2026-01-01', leaseEnd: '2026-06-30' };
const b = { id: 'lb', propertyId: 'p1', leaseStart: '2026-06-01', leaseEnd: null };
const other = { id: 'lo', propertyId: 'p2', leaseStart: '2026-01-01', leaseEnd: null };
const all = [a, b, other];
const byId = (id: string) => all.find((l) => l.id === id);
const onP1 = [a, b];
const rent = { amount: 150_000, date: '2026-03-05', category: 'rental_income', propertyId: 'p1' };
const only = (leaseId: string) => ({ leaseId, leaseLinkSource: 'auto', leaseLinkReason: 'onlyLease' });

describe('lease links', () => {
  it('links rent to the one lease whose dates include its date', () => {
    expect(leaseLink(rent, onP1, byId)).toEqual(only('la'));
    expect(leaseLink({ ...rent, date: '2026-07-01' }, onP1, byId)).toEqual(only('lb'));
  });

  it('tells leases that run on the same date apart by payer, tenant name, then rent, and says why', () => {
    const june = { ...rent, date: '2026-06-15', name: 'ZELLE FROM DANA OKAFOR 8829301' };
    const auto = (leaseId: string, leaseLinkReason: string) => ({ leaseId, leaseLinkSource: 'auto', leaseLinkReason });
    // a person linked this payer to lb before (the reference number is not part of the payer)
    const taught = [a, { ...b, payerKeys: ['zelle from dana okafor'] }];
    expect(leaseLink(june, taught, byId)).toEqual(auto('lb', 'samePayer'));
    const named = [
      { ...a, tenantName: 'Dana Okafor' },
      { ...b, tenantName: 'Lee Park' },
    ];
    expect(leaseLink(june, named, byId)).toEqual(auto('la', 'tenantName'));
    // ... or in the memo the bank or the file carried
    const memo = { ...june, name: 'MOBILE DEPOSIT', notes: 'June rent from Lee Park' };
    expect(leaseLink(memo, named, byId)).toEqual(auto('lb', 'tenantName'));
    const priced = [
      { ...a, monthlyRent: 150_000 },
      { ...b, monthlyRent: 120_000 },
    ];
    expect(leaseLink(june, priced, byId)).toEqual(auto('la', 'amount'));
    // what was taught outranks the name; equal rents tell nothing
    expect(
      leaseLink(
        june,
        [
          { ...named[0]!, payerKeys: [] },
          { ...b, payerKeys: ['zelle from dana okafor'] },
        ],
        byId,
      ),
    ).toEqual(auto('lb', 'samePayer'));
    const none = { leaseId: null, leaseLinkSource: null, leaseLinkReason: null };
    expect(
      leaseLink(
        june,
        [
          { ...a, monthlyRent: 150_000 },
          { ...b, monthlyRent: 150_000 },
        ],
        byId,
      ),
    ).toEqual(none);
  });

  it('links nothing when several or no leases fit, or it is not rent income on a property', () => {
    const none = { leaseId: null, leaseLinkSource: null, leaseLinkReason: null };
    expect(leaseLink({ ...rent, date: '2026-06-15' }, onP1, byId)).toEqual(none);
    expect(leaseLink({ ...rent, date: '2025-12-31' }, onP1, byId)).toEqual(none);
    expect(leaseLink({ ...rent, category: 'repairs', amount: -5_000 }, onP1, byId)).toEqual(none);
    expect(leaseLink({ ...rent, category: 'late_fees' }, onP1, byId)).toEqual(none);
    expect(leaseLink({ ...rent, propertyId: null }, onP1, byId)).toEqual(none);
  });

  it("keeps a person's choice, also none, while it fits; drops it when it no longer does", () => {
    // June: both leases run, the person chose the second
    const chosenB = { ...rent, date: '2026-06-15', leaseId: 'lb', leaseLinkSource: 'manual' as const };
    expect(leaseLink(chosenB, onP1, byId)).toEqual({ leaseId: 'lb', leaseLinkSource: 'manual', leaseLinkReason: null });
    const cleared = { ...rent, leaseId: null, leaseLinkSource: 'manual' as const };
    expect(leaseLink(cleared, onP1, byId)).toEqual({ leaseId: null, leaseLinkSource: 'manual', leaseLinkReason: null });
    // moved to another property: the choice no longer fits, the rule decides again
    expect(leaseLink({ ...chosenB, propertyId: 'p2' }, [other], byId)).toEqual(only('lo'));
    // turned into an expense: no lease
    const none = { leaseId: null, leaseLinkSource: null, leaseLinkReason: null };
    expect(leaseLink({ ...chosenB, amount: -100 }, onP1, byId)).toEqual(none);
    // a lease that does not run in the transaction's month: dropped, and the rule links the one that does
    const chosenA = { ...rent, leaseId: 'la', leaseLinkSource: 'manual' as const };
    expect(leaseLink({ ...chosenA, date: '2026-07-10' }, onP1, byId)).toEqual(only('lb'));
    expect(leaseLink({ ...chosenA, date: '2025-11-30' }, onP1, byId)).toEqual(none);
    // the month before its first: rent paid at signing keeps a person's link
    expect(leaseLink({ ...chosenA, date: '2025-12-20' }, onP1, byId)).toMatchObject({ leaseId: 'la' });
  });

  it("keeps a split's part links while they fit, drops those that no longer do, and links no part itself", () => {
    const part = (propertyId: string, leaseId: string | null, amount = 75_000) => ({
      amount,
      category: 'rental_income',
      propertyId,
      leaseId,
      memo: null,
    });
    const split = { ...rent, category: null, parts: [part('p1', 'la'), part('p2', 'lo')] };
    expect(withLeaseLink(split, onP1, byId)).toBe(split);
    // a lease gone, a part no longer income, a month the lease does not run in: each link goes, the others stay
    const gone = (id: string) => (id === 'lo' ? undefined : byId(id));
    expect(withLeaseLink(split, onP1, gone).parts).toEqual([part('p1', 'la'), part('p2', null)]);
    const refund = { ...split, parts: [part('p1', 'la', -5_000), part('p2', 'lo', 155_000)] };
    expect(withLeaseLink(refund, onP1, byId).parts).toEqual([part('p1', null, -5_000), part('p2', 'lo', 155_000)]);
    expect(withLeaseLink({ ...split, date: '2026-07-01' }, onP1, byId).parts).toEqual([
      part('p1', null),
      part('p2', 'lo'),
    ]);
    const unlinked = { ...split, parts: [part('p1', null), part('p2', null)] };
    expect(withLeaseLink(unlinked, onP1, byId)).toBe(unlinked);
  });

  it('lets a person link rent dated in any month the lease runs in, and says why not otherwise', () => {
    const late = { id: 'll', propertyId: 'p1', leaseStart: '2026-03-15', leaseEnd: '2026-04-10' };
    expect(leaseMisfit({ ...rent, date: '2026-03-02' }, late)).toBeNull();
    expect(leaseMisfit({ ...rent, date: '2026-04-30' }, late)).toBeNull();
    expect(leaseMisfit({ ...rent, date: '2026-02-01' }, late)).toBeNull(); // the month before: paid at signing
    expect(leaseMisfit({ ...rent, date: '2026-01-31' }, late)).toBe('notRunning');
    expect(leaseMisfit({ ...rent, date: '2026-05-01' }, late)).toBe('notRunning');
    expect(leaseMisfit({ ...rent, propertyId: 'p2' }, late)).toBe('otherProperty');
    expect(leaseMisfit({ ...rent, amount: -1 }, late)).toBe('notIncome');
  });

  it('returns the same object when nothing changes', () => {
    const linked = { ...rent, leaseId: 'la', leaseLinkSource: 'auto' as const, leaseLinkReason: 'onlyLease' as const };
    expect(withLeaseLink(linked, onP1, byId)).toBe(linked);
    expect(withLeaseLink(rent, onP1, byId)).toEqual({ ...rent, ...only('la') });
  });
});

describe('per-lease rent counters', () => {
  const facts = { date: '2026-03-05', amount: 150_000, category: 'rental_income', propertyId: 'p1', isIgnored: false };

  it('count linked rent income per lease, never ignored or non-rent money, and stay out of the categories', () => {
    const [cell] = computeRollups([
      { ...facts, leaseId: 'la' },
      { ...facts, amount: 20_000, category: 'late_fees', leaseId: 'la' },
      { ...facts, isIgnored: true, leaseId: 'la' },
      { ...facts, amount: 50_000, leaseId: null },
    ]);
    expect(leaseRentOf(cell!)).toEqual(new Map([['la', 150_000]]));
    expect(Object.keys(summarizeCell(cell!).byCategory).sort()).toEqual(['late_fees', 'rental_income']);
    expect(summarizeCell(cell!).byCategory.rental_income).toEqual({ in: 200_000, out: 0, count: 2 });
  });

  it('are counter attributes', () => {
    expect(isCounter('l#la#in')).toBe(true);
    expect(isCounter('l##in')).toBe(false);
    expect(isCounter('l#la#out')).toBe(false);
  });
});
