import type { Transaction } from '@rent/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { RulePreviewList } from '../../web/src/features/rule-dialog/RulePreviewList';
import { RuleSplitEditor } from '../../web/src/features/rule-dialog/RuleSplitEditor';
import {
  bodyOf,
  criteriaOf,
  hasAction,
  initialForm,
  type RuleForm,
  validateForm,
  withCategoryAction,
} from '../../web/src/features/rule-dialog/ruleForm';
import {
  newRuleSplit,
  parseSharePercent,
  RULE_SPLIT_MESSAGES,
  type RuleSplitAction,
  type RuleSplitPartDraft,
  type RuleSplitWire,
  ruleSplitBody,
  ruleSplitPartErrors,
  ruleSplitPreview,
  ruleSplitProblems,
  ruleSplitReducer,
} from '../../web/src/features/rule-dialog/ruleSplitForm';
import type { PreviewTransaction, RuleDialogModel } from '../../web/src/features/rule-dialog/use-rule-dialog';
import { SplitSummary, splitReviewText } from '../../web/src/features/transaction-flyout/SplitSummary';
import type { SplitEditor } from '../../web/src/features/transaction-flyout/use-split-editor';
import { savedRule, wireTransaction } from './web-fixtures';

// Rendered on the server side of React, which has no session store to subscribe to: signed out.
vi.mock('../../web/src/auth/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSession: () => ({ status: 'unauthenticated', update: () => {} }),
}));

const run = (parts: RuleSplitPartDraft[], ...actions: RuleSplitAction[]) => actions.reduce(ruleSplitReducer, parts);
const set = (index: number, field: 'amount' | 'percent' | 'category' | 'propertyId' | 'memo', value: string) =>
  ({ type: 'set', index, field, value }) as const;
const share = (index: number, to: 'amount' | 'percent' | 'rest') => ({ type: 'share', index, share: to }) as const;

/** The mortgage rule of docs/rules.md: 80% interest, a fixed $200 escrow, the rest principal. */
const mortgageParts = () =>
  run(
    newRuleSplit('mortgage_interest'),
    share(0, 'percent'),
    set(0, 'percent', '80'),
    { type: 'add' },
    share(2, 'rest'),
    set(1, 'amount', '200'),
    set(1, 'category', 'property_tax_escrows'),
    set(2, 'category', 'mortgage'),
    set(2, 'memo', ' Principal '),
  );

const mortgageWire: RuleSplitWire = [
  { category: 'mortgage_interest', propertyId: null, memo: null, amount: null, percent: 80 },
  { category: 'property_tax_escrows', propertyId: null, memo: null, amount: 200, percent: null },
  { category: 'mortgage', propertyId: null, memo: 'Principal', amount: null, percent: null },
];

const splitForm = (parts: RuleSplitPartDraft[]): RuleForm => ({
  ...withCategoryAction({ ...initialForm(null, null), name: 'Mortgage co', namePattern: 'mortgage co' }, 'split'),
  splitParts: parts,
});

describe('a rule split in the dialog (web/src/features/rule-dialog/ruleSplitForm.ts)', () => {
  it('"Split into parts" starts from the category chosen so far: a fixed amount on it, and the rest', () => {
    const form = withCategoryAction({ ...initialForm(null, null), category: 'utilities' }, 'split');
    expect(form.categoryAction).toBe('split');
    expect(form.splitParts.map(({ share, category }) => [share, category])).toEqual([
      ['amount', 'utilities'],
      ['rest', ''],
    ]);
    // Back to one category and into a split again keeps the parts typed.
    const typed = { ...form, splitParts: run(form.splitParts, set(0, 'amount', '10')) };
    expect(withCategoryAction(withCategoryAction(typed, 'category'), 'split').splitParts[0]?.amount).toBe('10');
  });

  it('choosing The rest on one part turns the previous rest part into an amount', () => {
    const parts = run(newRuleSplit(), { type: 'add' }, share(2, 'rest'));
    expect(parts.map((p) => p.share)).toEqual(['amount', 'amount', 'rest']);
    expect(run(parts, share(0, 'percent')).map((p) => p.share)).toEqual(['percent', 'amount', 'rest']);
  });

  it('keeps 2 to 20 parts, each with a key of its own', () => {
    const many = run(newRuleSplit(), ...Array.from({ length: 25 }, () => ({ type: 'add' }) as const));
    expect(many).toHaveLength(20);
    expect(new Set(many.map((p) => p.key)).size).toBe(20);
    expect(run(newRuleSplit(), { type: 'remove', index: 0 })).toHaveLength(2);
    expect(run(many, { type: 'remove', index: 3 })).toHaveLength(19);
  });

  it('the finished mortgage rule has no problems and sends category "" with its split', () => {
    const parts = mortgageParts();
    expect(ruleSplitProblems(parts)).toEqual([]);
    const form = splitForm(parts);
    expect(validateForm(form)).toEqual({ errors: {}, valid: true });
    expect(hasAction(form)).toBe(true);
    expect(bodyOf(form)).toEqual({
      name: 'Mortgage co',
      namePattern: 'mortgage co',
      category: '',
      priority: 0,
      isActive: true,
      split: mortgageWire,
    });
    // Apply and preview send the same criteria.
    expect(criteriaOf(form)).toMatchObject({ category: '', split: mortgageWire });
  });

  it("says what keeps the split from being saved, in the server's words", () => {
    // No part takes the rest.
    const noRest = run(mortgageParts(), share(2, 'amount'), set(2, 'amount', '5'));
    expect(ruleSplitProblems(noRest)).toEqual([RULE_SPLIT_MESSAGES.rest]);
    expect(RULE_SPLIT_MESSAGES.rest).toBe('Exactly one part takes the rest: leave its amount and percent empty');
    // Percents above 100%.
    const over = run(mortgageParts(), share(1, 'percent'), set(1, 'percent', '20.01'));
    expect(ruleSplitProblems(over)).toEqual(['The percents add up to more than 100%']);
    // Exactly 100% is fine (the rest then gets nothing).
    expect(ruleSplitProblems(run(mortgageParts(), share(1, 'percent'), set(1, 'percent', '20')))).toEqual([]);
    // A part without a category, an amount part without an amount.
    const fresh = newRuleSplit();
    expect(ruleSplitProblems(fresh)).toEqual(['Enter the amount of part 1', 'Choose a category for each part']);
    const form = splitForm(fresh);
    expect(validateForm(form)).toEqual({ errors: { split: 'Enter the amount of part 1' }, valid: false });
    expect(hasAction(form)).toBe(false);
    // A split with problems is neither previewed as a split nor sent.
    expect(criteriaOf(form)).toMatchObject({ category: '', split: null });
  });

  it('names malformed amounts and percents on their fields', () => {
    const parts = run(mortgageParts(), set(0, 'percent', '33.333'), set(1, 'amount', '-20'));
    expect(ruleSplitPartErrors(parts)).toEqual([
      { percent: 'Percent must be more than 0 and at most 100, with at most 2 decimals' },
      { amount: 'Enter an amount of 0 or more, such as 200 or 200.50' },
      {},
    ]);
    expect(ruleSplitProblems(parts)).toContain('Fix the highlighted fields');
    expect(parseSharePercent('0')).toBeNull();
    expect(parseSharePercent('100%')).toBe(10_000);
    // Amounts may carry a dollar sign and thousands separators.
    expect(ruleSplitBody(run(mortgageParts(), set(1, 'amount', '$1,250.5')))[1]?.amount).toBe(1250.5);
  });

  it('at most 16 properties (no property counts as one)', () => {
    let parts = newRuleSplit('repairs');
    for (let i = 0; i < 16; i++) parts = run(parts, { type: 'add' });
    parts = parts.map((p, i) => ({
      ...p,
      category: 'repairs',
      amount: p.share === 'amount' ? '1' : '',
      propertyId: i === 0 ? '' : `p-${i}`,
    }));
    expect(ruleSplitProblems(parts)).toEqual([
      'A split can spread over at most 16 properties (no property counts as one)',
    ]);
  });

  it('a saved split rule loads its parts (percent as saved, amounts with 2 decimals) and saves them back unchanged', () => {
    const rule = savedRule({
      category: '',
      split: [
        { category: 'utilities', propertyId: 'prop-a', memo: 'Unit 1', amount: null, percent: 33.33 },
        { category: 'utilities', propertyId: 'prop-b', memo: null, amount: 12.5, percent: null },
        { category: 'utilities', propertyId: null, memo: null, amount: null, percent: null },
      ],
    });
    const form = initialForm(rule, null);
    expect(form).toMatchObject({ categoryOn: true, categoryAction: 'split' });
    expect(
      form.splitParts.map(({ share, amount, percent, propertyId, memo }) => [share, amount, percent, propertyId, memo]),
    ).toEqual([
      ['percent', '', '33.33', 'prop-a', 'Unit 1'],
      ['amount', '12.50', '', 'prop-b', ''],
      ['rest', '', '', '', ''],
    ]);
    expect(bodyOf(form).split).toEqual(rule.split);
    expect(bodyOf(form).category).toBe('');
  });

  it('a rule that sets one category loads and saves as before (no split sent)', () => {
    const form = initialForm(savedRule(), null);
    expect(form.categoryAction).toBe('category');
    expect(bodyOf(form)).not.toHaveProperty('split');
  });
});

describe("the preview's parts, computed as the server does (ruleSplitParts)", () => {
  it('a -$2,000.00 payment: 80% interest, the $200 escrow, the rest principal', () => {
    expect(ruleSplitPreview(-2000, mortgageWire)?.map((p) => [p.amount, p.category, p.memo])).toEqual([
      [-160_000, 'mortgage_interest', null],
      [-20_000, 'property_tax_escrows', null],
      [-20_000, 'mortgage', 'Principal'],
    ]);
  });

  it('money in keeps its sign; a transaction smaller than the fixed parts does not fit', () => {
    expect(ruleSplitPreview(1000, mortgageWire)?.map((p) => p.amount)).toEqual([80_000, 20_000, 0]);
    // 80% of $999.99 is $799.99: with the $200 escrow, nothing is left, and that fits.
    expect(ruleSplitPreview(-999.99, mortgageWire)?.map((p) => p.amount)).toEqual([-79_999, -20_000, 0]);
    expect(ruleSplitPreview(-199.99, mortgageWire)).toBeNull();
  });

  it('percents share the whole to the cent', () => {
    const thirds: RuleSplitWire = [
      { category: 'utilities', propertyId: 'a', memo: null, amount: null, percent: 33.33 },
      { category: 'utilities', propertyId: 'b', memo: null, amount: null, percent: 33.33 },
      { category: 'utilities', propertyId: 'c', memo: null, amount: null, percent: null },
    ];
    const parts = ruleSplitPreview(-100.01, thirds) ?? [];
    expect(parts.map((p) => p.amount)).toEqual([-3333, -3333, -3335]);
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(-10_001);
  });
});

const render = (element: ReturnType<typeof h>) =>
  renderToStaticMarkup(h(QueryClientProvider, { client: new QueryClient() }, element));
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');

describe('rendered', () => {
  const payment = (overrides: Partial<PreviewTransaction>): PreviewTransaction =>
    wireTransaction({ name: 'Mortgage co', date: '2024-05-01', amount: -2000, ...overrides });

  const previewDialog = (split: RuleSplitWire | null, loaded: PreviewTransaction[]) =>
    ({
      form: splitForm(mortgageParts()),
      criteria: {
        namePattern: 'mortgage co',
        amountMin: null,
        amountMax: null,
        amountExact: null,
        category: '',
        split,
      },
      previewCriteria: {
        namePattern: 'mortgage co',
        amountMin: null,
        amountMax: null,
        amountExact: null,
        category: '',
        split,
      },
      preview: { isError: false, isPending: false, hasNextPage: false },
      loaded,
      stale: false,
      matchCount: loaded.length,
      closedCount: 0,
      selectedCount: loaded.length,
      excluded: new Set<string>(),
      toggleExcluded: () => {},
      selectAll: () => {},
    }) as unknown as RuleDialogModel;

  it('the preview shows "Split (3)" and the parts each transaction would get', () => {
    const html = render(
      h(RulePreviewList, {
        dialog: previewDialog(mortgageWire, [payment({ id: 't1' }), payment({ id: 't2', amount: -2500 })]),
      }),
    );
    const items = html.split('data-testid="rule-preview-item"').slice(1).map(text);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Uncategorized → Split (3)');
    expect(items[0]).toContain('-$1,600.00 Mortgage interest');
    expect(items[0]).toContain('-$200.00 Property tax escrows');
    expect(items[0]).toContain('-$200.00 Mortgage (Principal)');
    expect(items[1]).toContain('-$2,000.00 Mortgage interest');
    expect(items[1]).toContain('-$300.00 Mortgage (Principal)');
  });

  it('a split with problems previews the matches without parts', () => {
    const html = render(h(RulePreviewList, { dialog: previewDialog(null, [payment({ id: 't1' })]) }));
    expect(text(html)).toContain('Split (fix the parts to see them)');
    expect(html).not.toContain('rule-preview-parts');
  });

  it('the parts editor labels every control and lists the problems live', () => {
    const html = render(h(RuleSplitEditor, { parts: newRuleSplit(), dispatch: () => {} }));
    expect(html.match(/data-testid="rule-split-part"/g)).toHaveLength(2);
    for (const label of ['Amount of part 1', 'Memo of part 2']) expect(html).toContain(`aria-label="${label}"`);
    // Selects are labelled by a hidden element that reads the same.
    for (const label of ['Category of part 2', 'Property of part 1']) expect(html).toContain(`>${label}</div>`);
    for (const label of ['Share', 'Amount', 'Category', 'Property', 'Memo'])
      expect(html).toContain(`${label}<span class="rt-sr-only"> of part 1</span>`);
    expect(text(html)).toContain('Enter the amount of part 1');
    expect(text(html)).toContain('Choose a category for each part');
    expect(text(html)).toContain('What the other parts leave');
    // Two parts: neither can be removed.
    expect(
      html.match(/<button[^>]*data-testid="rule-split-part-remove"[^>]*>/g)?.every((b) => /disabled/.test(b)),
    ).toBe(true);
    const ready = render(h(RuleSplitEditor, { parts: mortgageParts(), dispatch: () => {} }));
    expect(text(ready)).toContain('The split is ready');
    expect(ready).toContain('aria-label="Percent of part 1"');
  });
});

describe('the flyout asks for a look when the bank changed a split line', () => {
  const split = { error: null, conflict: null, closedPeriod: null, confirmUnsplit: false } as unknown as SplitEditor;
  const parts: NonNullable<Transaction['parts']> = [
    { amount: -1625, category: 'mortgage_interest', propertyId: null, leaseId: null, memo: null },
    { amount: -291.2, category: 'mortgage', propertyId: null, leaseId: null, memo: null },
  ];

  it('says from what to what, with 2 decimals', () => {
    expect(splitReviewText(-1896.2, -1916.2)).toBe(
      'The bank changed this amount from -$1,896.20 to -$1,916.20. The difference went to the largest part: check the split.',
    );
  });

  it('shows the warning only while splitReviewFrom is set', () => {
    const changed = wireTransaction({ amount: -1916.2, parts, splitReviewFrom: -1896.2 });
    const html = render(h(SplitSummary, { transaction: changed, parts, split }));
    expect(html).toContain('data-testid="split-review"');
    expect(text(html)).toContain('from -$1,896.20 to -$1,916.20');
    const saved = render(h(SplitSummary, { transaction: { ...changed, splitReviewFrom: null }, parts, split }));
    expect(saved).not.toContain('split-review');
  });
});
