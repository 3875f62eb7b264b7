import {
  checkRuleCriteria,
  compileRule,
  describeCriteria,
  type MatchableTransaction,
  NO_CRITERIA_TEXT,
  type RuleCriteria,
  RuleCriteriaError,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const txn = (overrides: Partial<MatchableTransaction> = {}): MatchableTransaction => ({
  id: 't1',
  name: 'THE HOME DEPOT #4521',
  amountCents: -12_000,
  category: null,
  isIgnored: false,
  categorizationSource: null,
  ...overrides,
});

const rule = (overrides: Partial<RuleCriteria> = {}): RuleCriteria => ({ category: 'repairs', ...overrides });

describe('rule matching, one clause at a time', () => {
  it('matches the name pattern case-insensitively', () => {
    const matcher = compileRule(rule({ namePattern: 'home depot' }));
    expect(matcher.matches(txn({ name: 'THE HOME DEPOT #4521' }))).toBe(true);
    expect(matcher.matches(txn({ name: 'the home depot' }))).toBe(true);
    expect(matcher.matches(txn({ name: 'Home Depot' }))).toBe(true);
    expect(matcher.matches(txn({ name: 'LOWES' }))).toBe(false);
  });

  it('treats the name pattern as a regular expression, not as text', () => {
    const matcher = compileRule(rule({ namePattern: "^(home depot|lowe'?s)\\b" }));
    expect(matcher.matches(txn({ name: 'LOWES #01234' }))).toBe(true);
    expect(matcher.matches(txn({ name: "LOWE'S HOME CENTER" }))).toBe(true);
    expect(matcher.matches(txn({ name: 'PAYMENT TO HOME DEPOT' }))).toBe(false);
  });

  it('compares amounts by absolute value: money in and money out alike', () => {
    const matcher = compileRule(rule({ amountMinCents: 5_000, amountMaxCents: 20_000 }));
    expect(matcher.matches(txn({ amountCents: -12_000 }))).toBe(true);
    expect(matcher.matches(txn({ amountCents: 12_000 }))).toBe(true);
    expect(matcher.matches(txn({ amountCents: -25_000 }))).toBe(false);
    expect(matcher.matches(txn({ amountCents: 4_999 }))).toBe(false);
  });

  it('includes both bounds of the range', () => {
    const matcher = compileRule(rule({ amountMinCents: 5_000, amountMaxCents: 20_000 }));
    expect(matcher.matches(txn({ amountCents: -5_000 }))).toBe(true);
    expect(matcher.matches(txn({ amountCents: 20_000 }))).toBe(true);
    expect(matcher.matches(txn({ amountCents: 20_001 }))).toBe(false);
  });

  it('accepts an open range: only a minimum, or only a maximum', () => {
    expect(compileRule(rule({ amountMinCents: 5_000 })).matches(txn({ amountCents: -9_999_999 }))).toBe(true);
    expect(compileRule(rule({ amountMinCents: 5_000 })).matches(txn({ amountCents: 4_999 }))).toBe(false);
    expect(compileRule(rule({ amountMaxCents: 5_000 })).matches(txn({ amountCents: 0 }))).toBe(true);
    expect(compileRule(rule({ amountMaxCents: 5_000 })).matches(txn({ amountCents: -5_001 }))).toBe(false);
  });

  it('gives an exact amount precedence over min and max', () => {
    const matcher = compileRule(rule({ amountExactCents: 150_000, amountMinCents: 1, amountMaxCents: 100 }));
    expect(matcher.matches(txn({ amountCents: -150_000 }))).toBe(true);
    expect(matcher.matches(txn({ amountCents: 150_000 }))).toBe(true);
    // Inside min..max but not the exact amount: min and max are not consulted at all.
    expect(matcher.matches(txn({ amountCents: 50 }))).toBe(false);
    expect(matcher.matches(txn({ amountCents: 150_001 }))).toBe(false);
    expect(matcher.amountMinCents).toBeNull();
    expect(matcher.amountMaxCents).toBeNull();
    expect(matcher.amountExactCents).toBe(150_000);
  });

  it('an exact amount of 0 is a real criterion', () => {
    const matcher = compileRule(rule({ amountExactCents: 0 }));
    expect(matcher.matches(txn({ amountCents: 0 }))).toBe(true);
    expect(matcher.matches(txn({ amountCents: -1 }))).toBe(false);
  });

  it('excludes a transaction that already has the target category', () => {
    const matcher = compileRule(rule({ namePattern: 'home depot', category: 'repairs' }));
    expect(matcher.matches(txn({ category: 'repairs' }))).toBe(false);
    expect(matcher.matches(txn({ category: 'supplies' }))).toBe(true);
    expect(matcher.matches(txn({ category: null }))).toBe(true);
  });

  it('never touches an ignored transaction', () => {
    const matcher = compileRule(rule({ namePattern: 'home depot' }));
    expect(matcher.matches(txn({ isIgnored: true }))).toBe(false);
    expect(matcher.matches(txn({ isIgnored: true, category: 'supplies' }))).toBe(false);
  });

  it('requires every criterion given to hold', () => {
    const matcher = compileRule(rule({ namePattern: 'home depot', amountMinCents: 5_000, amountMaxCents: 20_000 }));
    expect(matcher.matches(txn({ amountCents: -12_000 }))).toBe(true);
    expect(matcher.matches(txn({ amountCents: -30_000 }))).toBe(false);
    expect(matcher.matches(txn({ name: 'LOWES', amountCents: -12_000 }))).toBe(false);
  });

  it('a rule with no criterion matches nothing (it would otherwise recategorize everything)', () => {
    for (const criteria of [rule(), rule({ namePattern: '' }), rule({ namePattern: '   ', amountMinCents: null })]) {
      const matcher = compileRule(criteria);
      expect(matcher.hasCriteria).toBe(false);
      expect(matcher.matches(txn())).toBe(false);
      expect(matcher.matches(txn({ name: '', amountCents: 0 }))).toBe(false);
    }
  });

  it('a blank pattern is no criterion, so an amount alone decides', () => {
    const matcher = compileRule(rule({ namePattern: '  ', amountExactCents: 12_000 }));
    expect(matcher.namePattern).toBeNull();
    expect(matcher.matches(txn({ name: 'ANYTHING', amountCents: 12_000 }))).toBe(true);
  });

  it('a rule whose category update is off still matches by its criteria (nothing to exclude)', () => {
    const matcher = compileRule(rule({ category: '', namePattern: 'home depot' }));
    expect(matcher.category).toBe('');
    expect(matcher.matches(txn({ category: null }))).toBe(true);
    expect(matcher.matches(txn({ category: 'repairs' }))).toBe(true);
  });
});

describe('criteria that cannot be matched', () => {
  it('refuses min > max with a message naming the maximum', () => {
    const criteria = rule({ amountMinCents: 20_000, amountMaxCents: 5_000 });
    expect(checkRuleCriteria(criteria)).toEqual([
      { field: 'amountMax', message: 'Maximum amount must be at least the minimum amount' },
    ]);
    expect(() => compileRule(criteria)).toThrow(RuleCriteriaError);
    expect(() => compileRule(criteria)).toThrow('Maximum amount must be at least the minimum amount');
  });

  it('refuses negative and fractional cents', () => {
    expect(checkRuleCriteria(rule({ amountMinCents: -1, amountExactCents: 1.5 }))).toEqual([
      {
        field: 'amountMin',
        message:
          'Minimum amount cannot be negative: amounts are compared by absolute value, so enter 50 rather than -50',
      },
      { field: 'amountExact', message: 'Exact amount must be a whole number of cents' },
    ]);
  });

  it('refuses a pattern that does not compile, with the pattern message', () => {
    try {
      compileRule(rule({ namePattern: '(?=x)' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RuleCriteriaError);
      expect((error as RuleCriteriaError).issues).toEqual([
        { field: 'namePattern', message: expect.stringMatching(/^That pattern uses a lookahead/) },
      ]);
    }
  });
});

describe('describeCriteria', () => {
  it('puts the criteria in words for the rules table', () => {
    expect(describeCriteria({ namePattern: 'home depot', amountMinCents: 5_000, amountMaxCents: 20_000 })).toBe(
      'Name matches "home depot" and amount is $50.00 – $200.00',
    );
    expect(describeCriteria({ namePattern: '^zelle' })).toBe('Name matches "^zelle"');
    expect(describeCriteria({ amountMinCents: 5_000 })).toBe('Amount is at least $50.00');
    expect(describeCriteria({ amountMaxCents: 123_456_78 })).toBe('Amount is at most $123,456.78');
    expect(describeCriteria({ amountMinCents: 500, amountMaxCents: 500 })).toBe('Amount is exactly $5.00');
  });

  it('shows only the exact amount when one is set, as it takes precedence', () => {
    expect(describeCriteria({ amountExactCents: 150_000, amountMinCents: 1, amountMaxCents: 2 })).toBe(
      'Amount is exactly $1,500.00',
    );
  });

  it('says when a rule has no criteria', () => {
    expect(describeCriteria({})).toBe(NO_CRITERIA_TEXT);
    expect(describeCriteria({ namePattern: ' ' })).toBe(NO_CRITERIA_TEXT);
  });
});

// ---- property-based: the compiled matcher against a straightforward reference ------------------

/**
 * docs/product.md "Rule matching" written as plainly as possible. JavaScript's RegExp with "i" is a fair reference only
 * because the generated patterns are safe for a backtracking engine and use syntax on which RE2 and
 * JavaScript agree (escaped ASCII literals, simple classes, alternation, anchors, single-atom
 * quantifiers) and the names are ASCII.
 */
function referenceMatches(criteria: RuleCriteria, t: MatchableTransaction): boolean {
  if (t.isIgnored) return false;
  if (criteria.category !== '' && t.category === criteria.category) return false;
  const pattern = criteria.namePattern;
  const hasPattern = pattern !== null && pattern !== undefined && pattern.trim() !== '';
  const exact = criteria.amountExactCents ?? null;
  const min = criteria.amountMinCents ?? null;
  const max = criteria.amountMaxCents ?? null;
  if (!hasPattern && exact === null && min === null && max === null) return false;
  const amount = Math.abs(t.amountCents);
  if (exact !== null) {
    if (amount !== exact) return false;
  } else {
    if (min !== null && amount < min) return false;
    if (max !== null && amount > max) return false;
  }
  if (hasPattern && !new RegExp(pattern, 'i').test(t.name)) return false;
  return true;
}

// A small alphabet so that random patterns often occur in random names; both cases, digits and
// metacharacters so escaping and case folding are exercised.
const NAME_CHARS = 'abcABC x19.-*'.split('');
const escapeJs = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

const literal = fc.string({ unit: fc.constantFrom(...NAME_CHARS), minLength: 1, maxLength: 3 }).map(escapeJs);
const charClass = fc.constantFrom('[a-c]', '[^a-c]', '[0-9]', '[xyz]', '[A-B0-1]', '\\d', '\\s', '\\w', '\\W', '.');
const atom = fc.tuple(fc.oneof(literal, charClass), fc.constantFrom('', '', '', '?', '*', '+')).map(([a, q]) =>
  // A quantifier applies to one literal character only when the literal is one character long.
  q && a.replace(/^\\/, '').length > 1 ? `(?:${a})${q}` : `${a}${q}`,
);
const sequence = fc.array(atom, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
const safePattern = fc
  .tuple(
    fc.array(sequence, { minLength: 1, maxLength: 3 }),
    fc.boolean(),
    fc.boolean(),
    fc.constantFrom('none', 'group', 'capture'),
  )
  .map(([alternatives, start, end, wrap]) => {
    const body = alternatives.join('|');
    const grouped = wrap === 'group' ? `(?:${body})` : wrap === 'capture' ? `(${body})` : body;
    // Unwrapped, "^a|b$" anchors only the outer alternatives: both engines read it that way.
    return `${start ? '^' : ''}${grouped}${end ? '$' : ''}`;
  });

const CATEGORIES = ['repairs', 'supplies', 'utilities'];
const BOUNDARIES = [0, 1, 499, 500, 501, 5_000, 12_000, 20_000];
const cents = fc.oneof(fc.constantFrom(...BOUNDARIES), fc.integer({ min: 0, max: 25_000 }));

const criteriaArb: fc.Arbitrary<RuleCriteria> = fc
  .record({
    namePattern: fc.option(
      fc.oneof({ arbitrary: safePattern, weight: 8 }, { arbitrary: fc.constantFrom('', '  '), weight: 1 }),
      { nil: null, freq: 5 },
    ),
    bounds: fc.tuple(fc.oneof(fc.constant(null), cents), fc.oneof(fc.constant(null), cents)),
    amountExactCents: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: cents, weight: 1 }),
    category: fc.constantFrom('', ...CATEGORIES),
  })
  .map(({ bounds: [a, b], ...rest }) => {
    // min <= max when both are given (the other case is refused; tested above).
    const [min, max] = a !== null && b !== null && a > b ? [b, a] : [a, b];
    return { ...rest, amountMinCents: min, amountMaxCents: max };
  });

const txnArb: fc.Arbitrary<MatchableTransaction> = fc.record({
  id: fc.uuid(),
  name: fc.string({ unit: fc.constantFrom(...NAME_CHARS), maxLength: 24 }),
  amountCents: fc.oneof(
    cents,
    cents.map((c) => -c),
  ),
  category: fc.constantFrom(null, ...CATEGORIES),
  isIgnored: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
  categorizationSource: fc.constantFrom(null, 'manual', 'rule', 'bank'),
});

describe('compileRule(...).matches against the reference (fast-check)', () => {
  it('agrees on random rules and transactions', () => {
    fc.assert(
      fc.property(criteriaArb, fc.array(txnArb, { minLength: 1, maxLength: 20 }), (criteria, transactions) => {
        const matcher = compileRule(criteria);
        for (const t of transactions) {
          expect(matcher.matches(t), `${JSON.stringify(criteria)} on ${JSON.stringify(t)}`).toBe(
            referenceMatches(criteria, t),
          );
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('agrees when the name is built to contain a match, so true answers are well covered', () => {
    fc.assert(
      fc.property(
        literal,
        txnArb,
        fc.string({ unit: fc.constantFrom(...NAME_CHARS), maxLength: 8 }),
        (lit, t, prefix) => {
          const unescaped = lit.replace(/\\(.)/g, '$1');
          const criteria: RuleCriteria = { namePattern: lit, category: 'repairs' };
          const candidate = { ...t, name: `${prefix}${unescaped.toUpperCase()}` };
          expect(compileRule(criteria).matches(candidate)).toBe(referenceMatches(criteria, candidate));
          // A blank literal is no criterion at all, so it rightly matches nothing; the rest must match.
          fc.pre(lit.trim() !== '' && !candidate.isIgnored && candidate.category !== 'repairs');
          expect(compileRule(criteria).matches(candidate)).toBe(true);
        },
      ),
    );
  });

  it('never matches an ignored transaction or one already in the target category, whatever the rule', () => {
    fc.assert(
      fc.property(criteriaArb, txnArb, (criteria, t) => {
        const matcher = compileRule(criteria);
        expect(matcher.matches({ ...t, isIgnored: true })).toBe(false);
        fc.pre(criteria.category !== '');
        expect(matcher.matches({ ...t, category: criteria.category })).toBe(false);
      }),
    );
  });

  it('the sign of the amount never changes the answer', () => {
    fc.assert(
      fc.property(criteriaArb, txnArb, (criteria, t) => {
        const matcher = compileRule(criteria);
        expect(matcher.matches({ ...t, amountCents: -t.amountCents })).toBe(matcher.matches(t));
      }),
    );
  });
});
