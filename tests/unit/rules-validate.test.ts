import {
  compileRule,
  MAX_RULE_NAME_LENGTH,
  RuleCriteriaInput,
  RuleInput,
  ruleCriteriaOf,
  SUBCATEGORY_VALUES,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

const valid = { name: 'Home Depot repairs', category: 'repairs' };

describe('RuleInput (the body of create and update)', () => {
  it('fills defaults: priority 0, active, everything else null', () => {
    expect(RuleInput.parse(valid)).toEqual({
      name: 'Home Depot repairs',
      description: null,
      namePattern: null,
      amountMin: null,
      amountMax: null,
      amountExact: null,
      category: 'repairs',
      priority: 0,
      isActive: true,
      propertyId: null,
    });
  });

  it('turns wire decimals into cents and keeps the pattern exactly', () => {
    const parsed = RuleInput.parse({
      ...valid,
      description: '  Supplies for unit 2  ',
      namePattern: 'home\\s*depot',
      amountMin: 50,
      amountMax: '200.5',
      amountExact: 0.07,
      priority: -3,
      isActive: false,
      propertyId: 'prop-1',
    });
    expect(parsed).toMatchObject({
      description: 'Supplies for unit 2',
      namePattern: 'home\\s*depot',
      amountMin: 5_000,
      amountMax: 20_050,
      amountExact: 7,
      priority: -3,
      isActive: false,
      propertyId: 'prop-1',
    });
    expect(ruleCriteriaOf(parsed)).toEqual({
      namePattern: 'home\\s*depot',
      amountMinCents: 5_000,
      amountMaxCents: 20_050,
      amountExactCents: 7,
      category: 'repairs',
      split: null,
    });
    expect(
      compileRule(ruleCriteriaOf(parsed)).matches({
        id: 't',
        name: 'HOME DEPOT',
        amountCents: -7,
        category: null,
        isIgnored: false,
      }),
    ).toBe(true);
  });

  it('accepts omitted optional fields and explicit nulls alike (unused fields may be omitted)', () => {
    const nulls = { description: null, namePattern: null, amountMin: null, amountMax: null, amountExact: null };
    expect(RuleInput.parse({ ...valid, ...nulls, priority: null, isActive: null, propertyId: null })).toEqual(
      RuleInput.parse(valid),
    );
  });

  it('requires a non-blank name', () => {
    expect(issuesOf(RuleInput.safeParse({ category: '' }))).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect(issuesOf(RuleInput.safeParse({ name: '   ', category: '' }))).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
    expect(issuesOf(RuleInput.safeParse({ name: 'x'.repeat(MAX_RULE_NAME_LENGTH + 1) }))).toEqual([
      { path: 'name', message: `Name must be at most ${MAX_RULE_NAME_LENGTH} characters` },
    ]);
  });

  it('refuses an invalid regular expression with a readable reason', () => {
    expect(issuesOf(RuleInput.safeParse({ ...valid, namePattern: 'home (depot' }))).toEqual([
      {
        path: 'namePattern',
        message: 'That pattern is not a valid regular expression: an opening "(" has no closing ")".',
      },
    ]);
  });

  it('refuses lookaround and backreferences as unsupported, saying why', () => {
    const [issue] = issuesOf(RuleInput.safeParse({ ...valid, namePattern: 'depot(?! credit)' }));
    expect(issue).toEqual({
      path: 'namePattern',
      message:
        'That pattern uses a lookahead ("(?!...)"), which is not supported: patterns are matched by a linear-time engine (RE2), which has no lookahead, lookbehind or backreferences.',
    });
  });

  it('treats a blank pattern as no pattern', () => {
    expect(RuleInput.parse({ ...valid, namePattern: '   ' }).namePattern).toBeNull();
  });

  it('refuses min > max, on the maximum', () => {
    expect(issuesOf(RuleInput.safeParse({ ...valid, amountMin: 200, amountMax: 50 }))).toEqual([
      { path: 'amountMax', message: 'Maximum amount must be at least the minimum amount' },
    ]);
    expect(RuleInput.safeParse({ ...valid, amountMin: 50, amountMax: 50 }).success).toBe(true);
  });

  it('refuses negative amounts: they are compared by absolute value', () => {
    expect(issuesOf(RuleInput.safeParse({ ...valid, amountMin: -50, amountMax: -1, amountExact: '-0.01' }))).toEqual([
      {
        path: 'amountMin',
        message:
          'Minimum amount cannot be negative: amounts are compared by absolute value, so enter 50 rather than -50',
      },
      {
        path: 'amountMax',
        message:
          'Maximum amount cannot be negative: amounts are compared by absolute value, so enter 50 rather than -50',
      },
      {
        path: 'amountExact',
        message: 'Exact amount cannot be negative: amounts are compared by absolute value, so enter 50 rather than -50',
      },
    ]);
  });

  it('refuses amounts with more than 2 decimal places, and non-amounts', () => {
    expect(issuesOf(RuleInput.safeParse({ ...valid, amountExact: 12.345 }))).toEqual([
      { path: 'amountExact', message: 'Enter an amount with at most 2 decimal places' },
    ]);
    expect(issuesOf(RuleInput.safeParse({ ...valid, amountMin: '1.001' }))).toEqual([
      { path: 'amountMin', message: 'Enter an amount with at most 2 decimal places' },
    ]);
    expect(issuesOf(RuleInput.safeParse({ ...valid, amountMax: 'fifty' }))).toEqual([
      { path: 'amountMax', message: 'Enter an amount such as 1250 or 1250.50' },
    ]);
    expect(issuesOf(RuleInput.safeParse({ ...valid, amountMax: true }))).toEqual([
      { path: 'amountMax', message: 'Enter an amount such as 1250 or 1250.50' },
    ]);
  });

  it('accepts "" (category update off) or a subcategory, and nothing else', () => {
    expect(RuleInput.parse({ ...valid, category: '' }).category).toBe('');
    expect(RuleInput.parse({ name: 'x' }).category).toBe('');
    for (const category of SUBCATEGORY_VALUES) expect(RuleInput.parse({ ...valid, category }).category).toBe(category);
    for (const category of ['groceries', 'expenses', 'REPAIRS', ' repairs']) {
      expect(issuesOf(RuleInput.safeParse({ ...valid, category }))).toEqual([
        { path: 'category', message: 'Choose a category from the list' },
      ]);
    }
  });

  it('bounds priority to whole numbers from -1000 to 1000', () => {
    expect(RuleInput.parse({ ...valid, priority: 1000 }).priority).toBe(1000);
    expect(RuleInput.parse({ ...valid, priority: -1000 }).priority).toBe(-1000);
    const range = 'Priority must be between -1000 and 1000';
    expect(issuesOf(RuleInput.safeParse({ ...valid, priority: 1001 }))).toEqual([{ path: 'priority', message: range }]);
    expect(issuesOf(RuleInput.safeParse({ ...valid, priority: -1001 }))).toEqual([
      { path: 'priority', message: range },
    ]);
    expect(issuesOf(RuleInput.safeParse({ ...valid, priority: 1.5 }))).toEqual([
      { path: 'priority', message: 'Priority must be a whole number' },
    ]);
    expect(issuesOf(RuleInput.safeParse({ ...valid, priority: '3' }))).toEqual([
      { path: 'priority', message: 'Priority must be a whole number' },
    ]);
  });

  it('checks isActive and propertyId ("" is "All Properties", i.e. none)', () => {
    expect(issuesOf(RuleInput.safeParse({ ...valid, isActive: 'yes' }))).toEqual([
      { path: 'isActive', message: 'Active must be true or false' },
    ]);
    expect(RuleInput.parse({ ...valid, propertyId: '' }).propertyId).toBeNull();
    expect(issuesOf(RuleInput.safeParse({ ...valid, propertyId: '../x' }))).toEqual([
      { path: 'propertyId', message: 'Choose a property from the list' },
    ]);
  });

  it('refuses unknown fields', () => {
    expect(RuleInput.safeParse({ ...valid, organizationId: 'other-org' }).success).toBe(false);
  });
});

describe('RuleCriteriaInput (apply-single "rule")', () => {
  it('takes the criteria and category only', () => {
    expect(RuleCriteriaInput.parse({ namePattern: 'depot', amountMin: 10, category: 'repairs' })).toEqual({
      namePattern: 'depot',
      amountMin: 1_000,
      amountMax: null,
      amountExact: null,
      category: 'repairs',
    });
    expect(RuleCriteriaInput.safeParse({ name: 'x', category: 'repairs' }).success).toBe(false);
  });

  it('applies the same checks', () => {
    expect(issuesOf(RuleCriteriaInput.safeParse({ amountMin: 2, amountMax: 1, category: 'repairs' }))).toEqual([
      { path: 'amountMax', message: 'Maximum amount must be at least the minimum amount' },
    ]);
    expect(issuesOf(RuleCriteriaInput.safeParse({ namePattern: '[', category: 'nope' }))).toEqual([
      {
        path: 'namePattern',
        message: 'That pattern is not a valid regular expression: an opening "[" has no closing "]".',
      },
      { path: 'category', message: 'Choose a category from the list' },
    ]);
  });
});
