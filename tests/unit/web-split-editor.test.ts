import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SplitEditor } from '../../web/src/features/transaction-flyout/SplitEditor';
import {
  buildSplitParts,
  parsePartAmount,
  parsePercent,
  partAmounts,
  remainingCents,
  remainingText,
  type SplitAction,
  type SplitDraft,
  saveBlockedReason,
  splitIssues,
  splitReducer,
  startSplit,
  typedFormCents,
} from '../../web/src/features/transaction-flyout/splitForm';
import type { SplitEditor as SplitEditorState } from '../../web/src/features/transaction-flyout/use-split-editor';
import { wireTransaction } from './web-fixtures';

// Rendered on the server side of React, which has no session store to subscribe to: signed out.
vi.mock('../../web/src/auth/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSession: () => ({ status: 'unauthenticated', update: () => {} }),
}));

const mortgage = wireTransaction({ amount: -1896.2, category: 'mortgage', propertyId: 'prop-oak' });
const run = (draft: SplitDraft, ...actions: SplitAction[]) => actions.reduce(splitReducer, draft);
const setAmount = (index: number, value: string): SplitAction => ({ type: 'set', index, field: 'amount', value });
const setPercent = (index: number, value: string): SplitAction => ({ type: 'set', index, field: 'percent', value });
const sum = (amounts: (number | null)[]) => amounts.reduce<number>((a, b) => a + (b ?? 0), 0);

describe('starting a split (web/src/features/transaction-flyout/splitForm.ts)', () => {
  it('pre-fills two parts: the current category and property with the whole amount, and an empty one', () => {
    const draft = startSplit(mortgage);
    expect(draft.totalCents).toBe(-189_620);
    expect(draft.mode).toBe('amount');
    expect(draft.parts.map(({ amount, category, propertyId }) => ({ amount, category, propertyId }))).toEqual([
      { amount: '1896.20', category: 'mortgage', propertyId: 'prop-oak' },
      { amount: '', category: '', propertyId: '' },
    ]);
    // The whole amount is assigned, but the second part has no amount yet: Save waits for it.
    expect(remainingCents(draft)).toBe(0);
    expect(saveBlockedReason(draft)).toBe('Enter the amount of part 2.');
    expect(buildSplitParts(draft)).toBeNull();
  });

  it("a split transaction starts from its own parts, amounts in the transaction's direction", () => {
    const split = wireTransaction({
      amount: -200,
      parts: [
        { amount: -120, category: 'repairs', propertyId: 'a', leaseId: null, memo: 'Faucet' },
        { amount: -80, category: 'supplies', propertyId: 'b', leaseId: null, memo: null },
      ],
    });
    const draft = startSplit(split);
    expect(draft.parts.map((p) => [p.amount, p.category, p.propertyId, p.memo])).toEqual([
      ['120.00', 'repairs', 'a', 'Faucet'],
      ['80.00', 'supplies', 'b', ''],
    ]);
    expect(saveBlockedReason(draft)).toBeNull();
  });
});

describe('the remaining amount, in cents', () => {
  it('the mortgage payment: interest and principal add up to the cent, and only then can it be saved', () => {
    let draft = run(startSplit(mortgage), setAmount(1, '271.20'));
    // 1,896.20 + 271.20 assigned: too much by 271.20.
    expect(remainingCents(draft)).toBe(27_120);
    expect(remainingText(draft)).toBe('Remaining to assign: -$271.20 ($271.20 too much)');
    expect(saveBlockedReason(draft)).toBe('Assign the whole amount: the remaining must be $0.00.');
    draft = run(draft, setAmount(0, '1,625'));
    expect(remainingCents(draft)).toBe(0);
    draft = run(draft, setAmount(0, '1625.01'));
    expect(remainingText(draft)).toBe('Remaining to assign: -$0.01 ($0.01 too much)');
    draft = run(draft, setAmount(0, '1624.99'));
    expect(remainingText(draft)).toBe('Remaining to assign: $0.01');
    draft = run(draft, setAmount(0, '$1,625.00'));
    expect(remainingText(draft)).toBe('Remaining to assign: $0.00');
    expect(saveBlockedReason(draft)).toBeNull();
    expect(buildSplitParts(draft)).toEqual([
      { amount: -1625, category: 'mortgage', propertyId: 'prop-oak', memo: null },
      { amount: -271.2, category: null, propertyId: null, memo: null },
    ]);
  });

  it('a minus sign is money the other way: a refund inside a bill', () => {
    const draft = run(startSplit(mortgage), setAmount(0, '1916.20'), setAmount(1, '-20'));
    expect(partAmounts(draft)).toEqual([-191_620, 2_000]);
    expect(remainingCents(draft)).toBe(0);
  });

  it('sums exactly where floats would not: 0.1 + 0.2 of 0.30', () => {
    const draft = run(startSplit(wireTransaction({ amount: 0.3 })), setAmount(0, '0.1'), setAmount(1, '0.2'));
    expect(remainingCents(draft)).toBe(0);
    expect(saveBlockedReason(draft)).toBeNull();
  });

  it('an amount that is not one blocks the save and says so on its field', () => {
    const draft = run(startSplit(mortgage), setAmount(1, '12.345'));
    expect(partAmounts(draft)[1]).toBeNull();
    expect(saveBlockedReason(draft)).toBe('Enter the amount of part 2.');
    expect(parsePartAmount('abc', -1)).toBeNull();
    expect(parsePartAmount('1,000,000,000.01', -1)).toBeNull();
    expect(parsePartAmount(' $12.50 ', -1)).toBe(-1_250);
    expect(parsePartAmount('0', -1)).toBe(0);
  });
});

describe('Split evenly (splitEvenly) and By percentage (splitByPercent)', () => {
  it('three parts of $100.00: the odd cent on the first, adding up exactly', () => {
    const draft = run(startSplit(wireTransaction({ amount: -100 })), { type: 'add' }, { type: 'evenly' });
    expect(draft.parts.map((p) => p.amount)).toEqual(['33.34', '33.33', '33.33']);
    expect(remainingCents(draft)).toBe(0);
    expect(saveBlockedReason(draft)).toBeNull();
  });

  it('the Home Depot bill: $200.00 in two', () => {
    const draft = run(startSplit(wireTransaction({ amount: -200 })), { type: 'evenly' });
    expect(partAmounts(draft)).toEqual([-10_000, -10_000]);
  });

  it('by percentage the amounts follow the shares and add up exactly (largest remainder)', () => {
    let draft = run(
      startSplit(wireTransaction({ amount: -1000.01 })),
      { type: 'add' },
      { type: 'mode', mode: 'percent' },
    );
    draft = run(draft, setPercent(0, '33.33'), setPercent(1, '33.33'), setPercent(2, '33.34'));
    const amounts = partAmounts(draft);
    expect(sum(amounts)).toBe(-100_001);
    expect(amounts).toEqual([-33_330, -33_330, -33_341]);
    expect(remainingCents(draft)).toBe(0);
    expect(saveBlockedReason(draft)).toBeNull();
    // 7 parts of an odd amount: always exactly the whole.
    for (const cents of [1, 99, 100_001, 189_620, 7]) {
      let seven = startSplit(wireTransaction({ amount: -cents / 100 }));
      for (let i = 0; i < 5; i++) seven = splitReducer(seven, { type: 'add' });
      seven = run(seven, { type: 'mode', mode: 'percent' }, { type: 'evenly' });
      expect(sum(partAmounts(seven))).toBe(-cents);
    }
  });

  it('percentages short of 100% leave a remainder and block the save', () => {
    const draft = run(
      startSplit(wireTransaction({ amount: -200 })),
      { type: 'mode', mode: 'percent' },
      setPercent(0, '50'),
      setPercent(1, '25'),
    );
    expect(partAmounts(draft)).toEqual([-10_000, -5_000]);
    expect(remainingText(draft)).toBe('Remaining to assign: $50.00');
    expect(saveBlockedReason(draft)).not.toBeNull();
  });

  it('switching to percentages derives them from amounts that add up; back to amounts keeps what they came to', () => {
    const amounts = run(startSplit(mortgage), setAmount(0, '1625'), setAmount(1, '271.20'));
    const percents = splitReducer(amounts, { type: 'mode', mode: 'percent' });
    // 1,625.00 / 1,896.20 is 85.698...%: the shares are rounded so they add up to exactly 100%.
    expect(percents.parts.map((p) => p.percent)).toEqual(['85.70', '14.30']);
    expect(remainingCents(percents)).toBe(0);
    const back = splitReducer(percents, { type: 'mode', mode: 'amount' });
    expect(sum(partAmounts(back))).toBe(-189_620);
    // Amounts short of the whole give their share of it; a part without an amount gets no percentage.
    const short = run(startSplit(wireTransaction({ amount: -200 })), setAmount(0, '50'), setAmount(1, ''), {
      type: 'add',
    });
    const shortPercents = splitReducer(run(short, setAmount(1, '100')), { type: 'mode', mode: 'percent' });
    expect(shortPercents.parts.map((p) => p.percent)).toEqual(['25', '50', '']);
    expect(remainingText(shortPercents)).toBe('Remaining to assign: $50.00');
    // Too much, or money the other way: the percentages are left as they were.
    const over = splitReducer(run(startSplit(mortgage), setAmount(1, '1')), { type: 'mode', mode: 'percent' });
    expect(over.parts.map((p) => p.percent)).toEqual(['', '']);
  });

  it('reads percentages of 0 to 100 with at most 2 decimals', () => {
    expect(parsePercent('33.33')).toBe(3_333);
    expect(parsePercent('100%')).toBe(10_000);
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('-5')).toBeNull();
    expect(parsePercent('1.234')).toBeNull();
  });
});

describe('parts: add, remove, limits', () => {
  it('keeps at least 2 and at most 250 parts', () => {
    const two = startSplit(mortgage);
    expect(splitReducer(two, { type: 'remove', index: 0 }).parts).toHaveLength(2);
    let many = two;
    for (let i = 0; i < 260; i++) many = splitReducer(many, { type: 'add' });
    expect(many.parts).toHaveLength(250);
    const removed = splitReducer(many, { type: 'remove', index: 1 });
    expect(removed.parts).toHaveLength(249);
    expect(removed.parts[1]!.key).toBe(many.parts[2]!.key);
  });

  it('a new property or category forgets the saved lease of that part', () => {
    const rent = startSplit(
      wireTransaction({
        amount: 2000,
        parts: [
          { amount: 1500, category: 'rental_income', propertyId: 'a', leaseId: 'lease-1', memo: null },
          { amount: 500, category: 'late_fees', propertyId: 'a', leaseId: null, memo: null },
        ],
      }),
    );
    expect(buildSplitParts(rent)?.[0]).toMatchObject({ leaseId: 'lease-1' });
    const moved = splitReducer(rent, { type: 'set', index: 0, field: 'propertyId', value: 'b' });
    expect(moved.parts[0]!.leaseId).toBeNull();
    expect(buildSplitParts(moved)?.[0]).not.toHaveProperty('leaseId');
  });

  it('at most 16 properties, "no property" counting as one', () => {
    let draft = startSplit(wireTransaction({ amount: -17 }));
    for (let i = 0; i < 14; i++) draft = splitReducer(draft, { type: 'add' });
    draft = run(draft, { type: 'evenly' });
    draft = draft.parts.reduce(
      (d, _part, i) => splitReducer(d, { type: 'set', index: i, field: 'propertyId', value: i === 0 ? '' : `p${i}` }),
      draft,
    );
    expect(saveBlockedReason(draft)).toBeNull(); // 15 properties and "no property"
    draft = run(draft, { type: 'add' }, { type: 'evenly' });
    draft = splitReducer(draft, { type: 'set', index: 16, field: 'propertyId', value: 'p16' });
    expect(saveBlockedReason(draft)).toMatch(/at most 16 properties/);
  });
});

describe("the server's refusals and the form's amount", () => {
  it('a part issue goes on its part; the difference goes on the form', () => {
    expect(splitIssues([{ path: 'parts.1.leaseId', message: 'Not this lease' }], 'Bad')).toEqual({
      form: null,
      parts: { 1: { leaseId: 'Not this lease' } },
    });
    const message = 'The parts add up to -$1,825.00, but the transaction is -$1,896.20: $71.20 left to assign.';
    expect(splitIssues([{ path: 'parts', message }], message)).toEqual({ form: message, parts: {} });
    expect(splitIssues([], 'Validation failed')).toEqual({ form: 'Validation failed', parts: {} });
  });

  it("reads the details form's amount as signed cents (Split waits for a changed amount to be saved)", () => {
    expect(typedFormCents({ amount: '1,896.20', direction: 'out' })).toBe(-189_620);
    expect(typedFormCents({ amount: '5', direction: 'in' })).toBe(500);
    expect(typedFormCents({ amount: 'x', direction: 'in' })).toBeNull();
  });
});

describe('SplitEditor, rendered', () => {
  const editorState = (draft: SplitDraft): SplitEditorState =>
    ({
      draft,
      focusNewPart: false,
      dispatch: () => {},
      start: () => {},
      cancel: () => {},
      save: async () => {},
      saving: false,
      serverErrors: { form: null, parts: {} },
      conflict: null,
      closedPeriod: null,
      error: null,
      canOverrideClosedPeriod: false,
      loadLatest: async () => {},
      confirmUnsplit: false,
      setConfirmUnsplit: () => {},
      unsplit: async () => {},
      unsplitting: false,
    }) satisfies SplitEditorState;
  const render = (draft: SplitDraft) =>
    renderToStaticMarkup(
      h(QueryClientProvider, { client: new QueryClient() }, h(SplitEditor, { split: editorState(draft), draft })),
    );
  const saveButton = (html: string) => html.match(/<button[^>]*data-testid="split-save"[^>]*>/)?.[0] ?? '';

  it('disables Save until the remaining is $0.00, with a warning, then shows success', () => {
    const started = render(run(startSplit(mortgage), setAmount(1, '271.20')));
    expect(saveButton(started)).toMatch(/disabled|aria-disabled="true"/);
    expect(started).toContain('Remaining to assign: -$271.20');
    expect(started).toMatch(/status-warning/);
    const done = render(run(startSplit(mortgage), setAmount(0, '1625'), setAmount(1, '271.20')));
    expect(saveButton(done)).not.toMatch(/disabled/);
    expect(done).toContain('Remaining to assign: $0.00');
    expect(done).toMatch(/status-success/);
  });

  it('names every control by its part, for screen readers and the keyboard', () => {
    const html = render(startSplit(mortgage));
    // Inputs carry it as aria-label; Cloudscape's Select as a hidden label its trigger points to.
    for (const n of [1, 2])
      for (const field of ['Amount', 'Category', 'Property', 'Memo'])
        expect(html).toMatch(new RegExp(`(aria-label="|>)${field} of part ${n}["<]`));
    expect(html).toContain('aria-label="Remove part 2"');
    expect(html.match(/data-testid="split-part"/g)).toHaveLength(2);
  });

  it('in percentage mode each part shows what its share comes to', () => {
    const html = render(
      run(startSplit(wireTransaction({ amount: -200 })), { type: 'mode', mode: 'percent' }, { type: 'evenly' }),
    );
    expect(html).toContain('aria-label="Percentage of part 2"');
    expect(html.match(/Comes to -\$100\.00/g)).toHaveLength(2);
    expect(html).toContain('Percentages add up to 100%.');
  });
});
