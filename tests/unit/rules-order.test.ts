import {
  autoCategorize,
  compareRules,
  compileRuleSet,
  type EngineRule,
  firstMatchingRule,
  type MatchableTransaction,
  orderRules,
  planRuleApplication,
  RuleCriteriaError,
  RuleSet,
  ruleConfidence,
  ruleProvenance,
  shouldAutoCategorize,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const NOW = '2026-03-01T12:00:00.000Z';

const makeRule = (overrides: Partial<EngineRule> & Pick<EngineRule, 'id'>): EngineRule => ({
  isActive: true,
  priority: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  namePattern: 'home depot',
  category: 'repairs',
  ...overrides,
});

const txn = (overrides: Partial<MatchableTransaction> = {}): MatchableTransaction => ({
  id: 't1',
  name: 'THE HOME DEPOT #4521',
  amountCents: -12_000,
  category: null,
  isIgnored: false,
  categorizationSource: null,
  ...overrides,
});

describe('orderRules', () => {
  it('keeps active rules only: priority high to low, then oldest first, then id', () => {
    const rules = [
      makeRule({ id: 'low', priority: -5 }),
      makeRule({ id: 'new-10', priority: 10, createdAt: '2026-02-01T00:00:00.000Z' }),
      makeRule({ id: 'old-10', priority: 10, createdAt: '2026-01-15T00:00:00.000Z' }),
      makeRule({ id: 'off', priority: 999, isActive: false }),
      makeRule({ id: 'b-zero', priority: 0 }),
      makeRule({ id: 'a-zero', priority: 0 }),
    ];
    expect(orderRules(rules).map((r) => r.id)).toEqual(['old-10', 'new-10', 'a-zero', 'b-zero', 'low']);
    // A new array; the input is untouched.
    expect(rules[0]!.id).toBe('low');
  });

  it('compares createdAt as instants, whatever the offset notation', () => {
    const a = makeRule({ id: 'z', createdAt: '2026-01-01T10:00:00+02:00' }); // 08:00Z
    const b = makeRule({ id: 'a', createdAt: '2026-01-01T09:00:00.000Z' });
    expect(orderRules([b, a]).map((r) => r.id)).toEqual(['z', 'a']);
  });

  it('is a total order independent of the input order (fast-check)', () => {
    const ruleArb = fc.record({
      id: fc.stringMatching(/^[a-f0-9]{1,4}$/),
      isActive: fc.boolean(),
      priority: fc.integer({ min: -3, max: 3 }),
      createdAt: fc.integer({ min: 0, max: 5 }).map((day) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString()),
    });
    fc.assert(
      fc.property(fc.uniqueArray(ruleArb, { selector: (r) => r.id, maxLength: 12 }), (rules) => {
        const ordered = orderRules(rules);
        // Reference: the documented keys, compared one after the other.
        const expected = rules
          .filter((r) => r.isActive)
          .sort((x, y) =>
            x.priority !== y.priority
              ? y.priority - x.priority
              : x.createdAt !== y.createdAt
                ? x.createdAt.localeCompare(y.createdAt)
                : x.id < y.id
                  ? -1
                  : 1,
          );
        expect(ordered.map((r) => r.id)).toEqual(expected.map((r) => r.id));
        expect(orderRules([...rules].reverse()).map((r) => r.id)).toEqual(ordered.map((r) => r.id));
        for (const r of ordered) expect(compareRules(r, r)).toBe(0);
      }),
    );
  });
});

describe('firstMatchingRule: the first matching rule wins', () => {
  it('prefers the higher priority when two rules match', () => {
    const rules = [
      makeRule({ id: 'broad', priority: 0, namePattern: 'depot', category: 'supplies' }),
      makeRule({ id: 'specific', priority: 5, namePattern: 'home depot', category: 'repairs' }),
    ];
    expect(firstMatchingRule(rules, txn())?.id).toBe('specific');
  });

  it('prefers the older rule at equal priority', () => {
    const rules = [
      makeRule({ id: 'newer', createdAt: '2026-02-01T00:00:00.000Z', category: 'supplies' }),
      makeRule({ id: 'older', createdAt: '2026-01-01T00:00:00.000Z', category: 'repairs' }),
    ];
    expect(firstMatchingRule(rules, txn())?.id).toBe('older');
  });

  it('skips inactive rules, rules that do not match, and rules that set no category', () => {
    const rules = [
      makeRule({ id: 'off', priority: 9, isActive: false }),
      makeRule({ id: 'lowes', priority: 8, namePattern: 'lowes' }),
      makeRule({ id: 'no-category', priority: 7, category: '' }),
      makeRule({ id: 'wins', priority: 1, category: 'supplies' }),
    ];
    expect(firstMatchingRule(rules, txn())?.id).toBe('wins');
  });

  it('moves on when a rule would not change anything (the transaction is already in its category)', () => {
    const rules = [
      makeRule({ id: 'same', priority: 9, category: 'repairs' }),
      makeRule({ id: 'next', priority: 1, category: 'supplies' }),
    ];
    expect(firstMatchingRule(rules, txn({ category: 'repairs' }))?.id).toBe('next');
  });

  it('returns null when nothing matches, and for ignored transactions', () => {
    const rules = [makeRule({ id: 'r' })];
    expect(firstMatchingRule(rules, txn({ name: 'LOWES' }))).toBeNull();
    expect(firstMatchingRule(rules, txn({ isIgnored: true }))).toBeNull();
    expect(firstMatchingRule([], txn())).toBeNull();
  });

  it('accepts a precompiled RuleSet and agrees with the plain array (fast-check)', () => {
    const rules = [
      makeRule({
        id: 'depot-range',
        priority: 2,
        namePattern: 'depot',
        amountMinCents: 10_000,
        amountMaxCents: 20_000,
      }),
      makeRule({ id: 'rent', priority: 1, namePattern: '^rent|zelle', category: 'rental_income' }),
      makeRule({ id: 'exact', priority: 1, namePattern: null, amountExactCents: 150_000, category: 'mortgage' }),
      makeRule({ id: 'any-depot', priority: 0, namePattern: 'depot', category: 'supplies' }),
    ];
    const set = compileRuleSet(rules);
    expect(set).toBeInstanceOf(RuleSet);
    fc.assert(
      fc.property(
        fc.constantFrom('HOME DEPOT', 'RENT JAN', 'ZELLE FROM A', 'BANK FEE', 'DEPOT'),
        fc.constantFrom(-150_000, 150_000, -15_000, 5_000, 0),
        fc.constantFrom(null, 'supplies', 'repairs'),
        (name, amountCents, category) => {
          const t = txn({ name, amountCents, category });
          const expected = orderRules(rules).find((r) => compileRuleSet([r]).entries[0]!.matcher.matches(t)) ?? null;
          expect(firstMatchingRule(set, t)?.id ?? null).toBe(expected?.id ?? null);
          expect(firstMatchingRule(rules, t)?.id ?? null).toBe(expected?.id ?? null);
        },
      ),
    );
  });

  it('sets aside stored rules that no longer compile instead of failing the batch', () => {
    const broken = makeRule({ id: 'broken', priority: 9, namePattern: '(?=x)' });
    const fine = makeRule({ id: 'fine' });
    const set = compileRuleSet([broken, fine]);
    expect(set.entries.map((e) => e.rule.id)).toEqual(['fine']);
    expect(set.skipped).toEqual([
      { rule: broken, issues: [{ field: 'namePattern', message: expect.stringMatching(/lookahead/) }] },
    ]);
    expect(firstMatchingRule(set, txn())?.id).toBe('fine');
  });
});

describe('provenance', () => {
  it('records the category, source "rule", the rule id, the time and a confidence', () => {
    expect(ruleProvenance(makeRule({ id: 'r1', amountExactCents: 12_000 }), new Date(NOW))).toEqual({
      category: 'repairs',
      categorizationSource: 'rule',
      categorizedByRuleId: 'r1',
      categorizedAt: NOW,
      categorizationConfidence: 1,
    });
    expect(ruleProvenance({ namePattern: 'x', category: 'repairs' }, NOW).categorizedByRuleId).toBeNull();
  });

  it('scores confidence by how specific the criteria are', () => {
    expect(ruleConfidence({ namePattern: 'a', amountExactCents: 1, category: 'repairs' })).toBe(1);
    expect(ruleConfidence({ namePattern: 'a', amountMinCents: 1, category: 'repairs' })).toBe(0.95);
    expect(ruleConfidence({ namePattern: 'a', amountMaxCents: 1, category: 'repairs' })).toBe(0.95);
    expect(ruleConfidence({ namePattern: 'a', category: 'repairs' })).toBe(0.9);
    expect(ruleConfidence({ amountExactCents: 1, amountMinCents: 0, category: 'repairs' })).toBe(0.85);
    expect(ruleConfidence({ namePattern: ' ', amountMinCents: 1, amountMaxCents: 2, category: 'repairs' })).toBe(0.8);
  });

  it('refuses to build provenance for a rule that sets no category', () => {
    expect(() => ruleProvenance(makeRule({ id: 'r', category: '' }), NOW)).toThrow(
      'A rule without a category cannot categorize a transaction',
    );
  });
});

describe('automatic categorization never overrides a person', () => {
  const rules = [makeRule({ id: 'r1' })];

  it('categorizes an uncategorized transaction that nobody touched', () => {
    expect(shouldAutoCategorize(txn())).toBe(true);
    expect(shouldAutoCategorize(txn({ categorizationSource: 'bank', category: '' }))).toBe(true);
    expect(autoCategorize(rules, txn(), NOW)).toEqual({
      category: 'repairs',
      categorizationSource: 'rule',
      categorizedByRuleId: 'r1',
      categorizedAt: NOW,
      categorizationConfidence: 0.9,
    });
  });

  it('leaves a hand-set category alone, and a category cleared by hand too', () => {
    expect(shouldAutoCategorize(txn({ category: 'supplies', categorizationSource: 'manual' }))).toBe(false);
    expect(shouldAutoCategorize(txn({ category: null, categorizationSource: 'manual' }))).toBe(false);
    expect(autoCategorize(rules, txn({ category: 'supplies', categorizationSource: 'manual' }), NOW)).toBeNull();
    expect(autoCategorize(rules, txn({ category: null, categorizationSource: 'manual' }), NOW)).toBeNull();
  });

  it('leaves already categorized and ignored transactions alone', () => {
    expect(autoCategorize(rules, txn({ category: 'supplies', categorizationSource: 'rule' }), NOW)).toBeNull();
    expect(autoCategorize(rules, txn({ category: 'supplies', categorizationSource: 'bank' }), NOW)).toBeNull();
    expect(autoCategorize(rules, txn({ isIgnored: true }), NOW)).toBeNull();
  });

  it('never returns a change for a hand-categorized transaction, whatever the rules (fast-check)', () => {
    const ruleArb = fc.record({
      id: fc.uuid(),
      isActive: fc.boolean(),
      priority: fc.integer({ min: -2, max: 2 }),
      createdAt: fc.constant('2026-01-01T00:00:00.000Z'),
      namePattern: fc.constantFrom(null, '', 'depot', '.', '^$', 'x|'),
      amountMinCents: fc.constantFrom(null, 0, 10_000),
      amountMaxCents: fc.constantFrom(null, 20_000, 1_000_000),
      amountExactCents: fc.constantFrom(null, null, 12_000),
      category: fc.constantFrom('', 'repairs', 'supplies'),
    });
    fc.assert(
      fc.property(
        fc.array(ruleArb, { maxLength: 6 }),
        fc.constantFrom(null, 'supplies', 'repairs'),
        fc.string({ maxLength: 12 }),
        fc.integer({ min: -30_000, max: 30_000 }),
        (rules, category, name, amountCents) => {
          const t = txn({ name, amountCents, category, categorizationSource: 'manual' });
          expect(autoCategorize(rules, t, NOW)).toBeNull();
        },
      ),
    );
  });
});

describe('planRuleApplication: the user explicitly applies a rule', () => {
  const rule = { id: 'r1', namePattern: 'home depot', category: 'repairs' };

  it('may replace a hand-set category, because the user asked for it', () => {
    const manual = txn({ id: 'm', category: 'supplies', categorizationSource: 'manual' });
    expect(planRuleApplication(rule, [manual], NOW)).toEqual([
      {
        transaction: manual,
        change: {
          category: 'repairs',
          categorizationSource: 'rule',
          categorizedByRuleId: 'r1',
          categorizedAt: NOW,
          categorizationConfidence: 0.9,
        },
      },
    ]);
  });

  it('still leaves out ignored, already-categorized and non-matching transactions sent by the client', () => {
    const selected = [
      txn({ id: 'ok' }),
      txn({ id: 'ignored', isIgnored: true }),
      txn({ id: 'same', category: 'repairs' }),
      txn({ id: 'other', name: 'LOWES' }),
    ];
    expect(planRuleApplication(rule, selected, new Date(NOW)).map((c) => c.transaction.id)).toEqual(['ok']);
  });

  it('refuses criteria that cannot be matched and rules without a category', () => {
    expect(() =>
      planRuleApplication({ amountMinCents: 2, amountMaxCents: 1, category: 'repairs' }, [txn()], NOW),
    ).toThrow(RuleCriteriaError);
    expect(() => planRuleApplication({ namePattern: 'x', category: '' }, [txn()], NOW)).toThrow(
      'A rule without a category cannot categorize a transaction',
    );
  });
});
