import {
  allocate,
  partsMatching,
  partTags,
  rebalanceSplit,
  ruleSplitParts,
  splitByPercent,
  splitEvenly,
  splitHome,
  splitRemainder,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The split arithmetic (shared/src/core/splits.ts): every share in cents, the parts always adding up exactly. */
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const cents = fc.integer({ min: -100_000_000_000, max: 100_000_000_000 });

describe('allocate', () => {
  it('shares an amount by weights exactly, the odd cents to the largest fractions', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(10, [1, 2])).toEqual([3, 7]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the amount, each share within a cent of its exact value', () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 250 }),
        (amount, weights) => {
          fc.pre(sum(weights) > 0);
          const shares = allocate(amount, weights);
          expect(sum(shares)).toBe(amount);
          shares.forEach((share, i) => {
            expect(Math.abs(share * sum(weights) - amount * weights[i]!)).toBeLessThan(sum(weights));
          });
        },
      ),
    );
  });
});

describe('splitting by hand', () => {
  it('splits evenly with the odd cents on the first parts', () => {
    expect(splitEvenly(-20_000, 2)).toEqual([-10_000, -10_000]);
    expect(splitEvenly(1_000, 3)).toEqual([334, 333, 333]);
    fc.assert(
      fc.property(cents, fc.integer({ min: 2, max: 250 }), (amount, n) => {
        expect(sum(splitEvenly(amount, n))).toBe(amount);
      }),
    );
  });

  it('splits by percentages in hundredths; under 100% leaves the rest to assign', () => {
    // Exact shares 33,330.33, 33,330.33 and 33,340.33: the odd cent goes to the largest fraction.
    expect(splitByPercent(100_001, [3333, 3333, 3334])).toEqual([33_330, 33_330, 33_341]);
    expect(sum(splitByPercent(100_001, [3333, 3333, 3334]))).toBe(100_001);
    const half = splitByPercent(-1_001, [5000]);
    expect(half).toEqual([-500]);
    expect(
      splitRemainder(
        -1_001,
        half.map((amount) => ({ amount })),
      ),
    ).toBe(-501);
  });

  it('names where a split lives and what it is filtered by', () => {
    const parts = [
      { amount: -600, category: 'repairs', propertyId: 'p1', leaseId: null, memo: null },
      { amount: -400, category: null, propertyId: null, leaseId: null, memo: null },
    ];
    expect(splitHome(parts)).toEqual({ propertyId: null, multi: true });
    expect(splitHome([parts[0]!, parts[0]!])).toEqual({ propertyId: 'p1', multi: false });
    expect(partTags(parts).sort()).toEqual(['c:', 'c:repairs', 'd:out', 'p:', 'p:p1']);
    const escrowBill = [
      { amount: -60_000, category: 'taxes', propertyId: 'p1' },
      { amount: 60_000, category: 'property_tax_escrows', propertyId: 'p1' },
    ];
    expect(partTags(escrowBill).sort()).toEqual(['c:property_tax_escrows', 'c:taxes', 'd:in', 'd:out', 'p:p1']);
    expect(partsMatching(parts, { propertyId: 'p1' })).toEqual([parts[0]]);
    expect(partsMatching(parts, { category: 'uncategorized' })).toEqual([parts[1]]);
    expect(partsMatching(parts, { categoryGroup: 'expenses' })).toEqual([parts[0]]);
    expect(partsMatching(parts, { direction: 'in' })).toEqual([]);
  });
});

describe('a new amount from the bank', () => {
  it('lands on the largest part, so the parts still add up', () => {
    const parts = [{ amount: -120 }, { amount: -80 }];
    expect(rebalanceSplit(parts, -210)).toEqual([{ amount: -130 }, { amount: -80 }]);
    expect(rebalanceSplit(parts, -200)).toEqual(parts);
    fc.assert(
      fc.property(fc.array(cents, { minLength: 2, maxLength: 20 }), cents, (amounts, next) => {
        expect(
          sum(
            rebalanceSplit(
              amounts.map((amount) => ({ amount })),
              next,
            ).map((p) => p.amount),
          ),
        ).toBe(next);
      }),
    );
  });
});

describe('a rule that splits', () => {
  const rule = [
    { category: 'mortgage_interest', propertyId: 'p1', memo: null, amount: null, percent: 8000 },
    { category: 'property_tax_escrows', propertyId: 'p1', memo: 'Escrow', amount: 20_000, percent: null },
    { category: 'mortgage', propertyId: null, memo: null, amount: null, percent: null },
  ];

  it('takes fixed amounts, then percentages rounded down, then the rest, with the sign of the transaction', () => {
    expect(ruleSplitParts(-200_001, rule)!.map((p) => p.amount)).toEqual([-160_000, -20_000, -20_001]);
    expect(ruleSplitParts(100_000, rule)!.map((p) => p.amount)).toEqual([80_000, 20_000, 0]);
    expect(ruleSplitParts(-200_001, rule)![1]).toMatchObject({ memo: 'Escrow', leaseId: null });
  });

  it('does not fit a transaction its fixed amounts and percentages exceed', () => {
    expect(ruleSplitParts(-15_000, rule)).toBeNull();
    expect(ruleSplitParts(-24_999, rule)).toBeNull();
    // 80% of 999.99 rounds down to 799.99; with the 200.00 fixed it fits exactly, the rest is 0.
    expect(ruleSplitParts(-99_999, rule)!.map((p) => p.amount)).toEqual([-79_999, -20_000, 0]);
  });

  it('adds up to the transaction whenever it fits', () => {
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, percent, fixed) => {
          const parts = ruleSplitParts(amount, [{ ...rule[0]!, percent }, { ...rule[1]!, amount: fixed }, rule[2]!]);
          const taken = fixed + Math.floor((Math.abs(amount) * percent) / 10_000);
          expect(parts === null).toBe(taken > Math.abs(amount));
          expect(sum((parts ?? []).map((p) => p.amount))).toBe(parts ? amount : 0);
        },
      ),
    );
  });
});
