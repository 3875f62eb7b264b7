import { type Cents, fromCents, MAX_ABS_CENTS, toCents } from '@rent/shared/core/money';
import {
  PERCENT_WHOLE,
  partProperties,
  RULE_SPLIT_PARTS_MAX,
  type RuleSplitPart,
  ruleSplitParts,
  SPLIT_MEMO_MAX,
  SPLIT_PARTS_MIN,
  SPLIT_PROPERTIES_MAX,
  type SplitPart,
} from '@rent/shared/core/splits';
import type { Rule } from '../../api/rules';

/**
 * A rule's split as the dialog edits it (docs/rules.md "Rules that split"), pure so every check can be tested. Each
 * part takes a share: a fixed amount (typed as the bill reads, without a sign: the transaction's sign applies), a
 * percent of the whole, or the rest. The checks say what the server would say, in its words, before Save.
 */

/** How a part takes its share of a transaction. */
export type PartShare = 'amount' | 'percent' | 'rest';

export interface RuleSplitPartDraft {
  /** A stable React key: parts are added and removed in the middle. */
  key: number;
  share: PartShare;
  /** As typed while the share is an amount ("200", "1,250.50"). */
  amount: string;
  /** As typed while the share is a percent ("80", "33.33"). */
  percent: string;
  /** A subcategory; '' while none is chosen. */
  category: string;
  /** '' = no property */
  propertyId: string;
  memo: string;
}

/** A rule's split on the wire (amounts and percents as decimals; both null on the rest part). */
export type RuleSplitWire = NonNullable<Rule['split']>;

export interface RuleSplitPartErrors {
  amount?: string;
  percent?: string;
  memo?: string;
}

// The server's words (shared/src/rules/validate.ts), so the dialog and a refused save read the same.
export const RULE_SPLIT_MESSAGES = {
  rest: 'Exactly one part takes the rest: leave its amount and percent empty',
  percents: 'The percents add up to more than 100%',
  category: 'Choose a category for each part',
  properties: `A split can spread over at most ${SPLIT_PROPERTIES_MAX} properties (no property counts as one)`,
  fewest: `A split has at least ${SPLIT_PARTS_MIN} parts`,
  most: `A rule splits into at most ${RULE_SPLIT_PARTS_MAX} parts`,
  amount: 'Enter an amount of 0 or more, such as 200 or 200.50',
  percent: 'Percent must be more than 0 and at most 100, with at most 2 decimals',
  memo: `Use at most ${SPLIT_MEMO_MAX} characters`,
} as const;

export const SHARE_LABELS: Record<PartShare, string> = { amount: 'Amount', percent: 'Percent', rest: 'The rest' };

const part = (key: number, fields: Partial<RuleSplitPartDraft> = {}): RuleSplitPartDraft => ({
  key,
  share: 'amount',
  amount: '',
  percent: '',
  category: '',
  propertyId: '',
  memo: '',
  ...fields,
});

/** A new split: a fixed amount on the category chosen so far, and the rest. */
export const newRuleSplit = (category = ''): RuleSplitPartDraft[] => [
  part(0, { category }),
  part(1, { share: 'rest' }),
];

/** A saved rule's split to edit: amounts with 2 decimals, percents as saved ("33.33", "80"). */
export function ruleSplitFromWire(split: RuleSplitWire): RuleSplitPartDraft[] {
  return split.map((saved, i) =>
    part(i, {
      share: saved.amount !== null ? 'amount' : saved.percent !== null ? 'percent' : 'rest',
      amount: saved.amount !== null ? saved.amount.toFixed(2) : '',
      percent: saved.percent !== null ? String(saved.percent) : '',
      category: saved.category,
      propertyId: saved.propertyId ?? '',
      memo: saved.memo ?? '',
    }),
  );
}

/** A typed fixed amount in cents (0 or more), or null when it is not one. */
export function parseShareAmount(text: string): Cents | null {
  const cents = toCents(text.trim().replace(/[$,\s]/g, ''));
  return cents !== null && cents >= 0 && cents <= MAX_ABS_CENTS ? cents : null;
}

/** A typed percent in hundredths (33.33% = 3333), more than 0 and at most 100, or null. */
export function parseSharePercent(text: string): number | null {
  const hundredths = toCents(text.trim().replace(/%$/, '').trim());
  return hundredths !== null && hundredths > 0 && hundredths <= PERCENT_WHOLE ? hundredths : null;
}

/** What each part's fields say is wrong; an empty field says nothing here (the split's problems name it). */
export function ruleSplitPartErrors(parts: readonly RuleSplitPartDraft[]): RuleSplitPartErrors[] {
  return parts.map((p) => {
    const errors: RuleSplitPartErrors = {};
    if (p.share === 'amount' && p.amount.trim() && parseShareAmount(p.amount) === null)
      errors.amount = RULE_SPLIT_MESSAGES.amount;
    if (p.share === 'percent' && p.percent.trim() && parseSharePercent(p.percent) === null)
      errors.percent = RULE_SPLIT_MESSAGES.percent;
    if (p.memo.trim().length > SPLIT_MEMO_MAX) errors.memo = RULE_SPLIT_MESSAGES.memo;
    return errors;
  });
}

/** Everything that keeps the split from being saved, in words; empty when it can be. */
export function ruleSplitProblems(parts: readonly RuleSplitPartDraft[]): string[] {
  const problems: string[] = [];
  if (parts.length < SPLIT_PARTS_MIN) problems.push(RULE_SPLIT_MESSAGES.fewest);
  if (parts.length > RULE_SPLIT_PARTS_MAX) problems.push(RULE_SPLIT_MESSAGES.most);
  if (parts.filter((p) => p.share === 'rest').length !== 1) problems.push(RULE_SPLIT_MESSAGES.rest);
  const percents = parts.reduce((sum, p) => sum + (p.share === 'percent' ? (parseSharePercent(p.percent) ?? 0) : 0), 0);
  if (percents > PERCENT_WHOLE) problems.push(RULE_SPLIT_MESSAGES.percents);
  parts.forEach((p, i) => {
    if (p.share === 'amount' && !p.amount.trim()) problems.push(`Enter the amount of part ${i + 1}`);
    if (p.share === 'percent' && !p.percent.trim()) problems.push(`Enter the percent of part ${i + 1}`);
  });
  if (parts.some((p) => !p.category)) problems.push(RULE_SPLIT_MESSAGES.category);
  if (partProperties(parts.map((p) => ({ propertyId: p.propertyId || null }))).length > SPLIT_PROPERTIES_MAX)
    problems.push(RULE_SPLIT_MESSAGES.properties);
  if (ruleSplitPartErrors(parts).some((errors) => Object.keys(errors).length > 0))
    problems.push('Fix the highlighted fields');
  return problems;
}

/** The split as the rule body sends it (only for a split without problems). */
export function ruleSplitBody(parts: readonly RuleSplitPartDraft[]): RuleSplitWire {
  return parts.map((p) => {
    const amount = p.share === 'amount' ? parseShareAmount(p.amount) : null;
    const percent = p.share === 'percent' ? parseSharePercent(p.percent) : null;
    return {
      category: p.category,
      propertyId: p.propertyId || null,
      memo: p.memo.trim() || null,
      amount: amount === null ? null : fromCents(amount),
      percent: percent === null ? null : fromCents(percent),
    };
  });
}

/**
 * The parts a transaction of `amount` (a wire decimal) would get from the split, as the server computes them; null
 * when the fixed amounts and percents take more than it has (the rule does not fit it).
 */
export function ruleSplitPreview(amount: number, split: RuleSplitWire): SplitPart[] | null {
  const shares: RuleSplitPart[] = split.map((p) => ({
    category: p.category,
    propertyId: p.propertyId,
    memo: p.memo,
    amount: p.amount === null ? null : toCents(p.amount),
    percent: p.percent === null ? null : toCents(p.percent),
  }));
  return ruleSplitParts(toCents(amount) ?? 0, shares);
}

export type RuleSplitAction =
  | { type: 'set'; index: number; field: 'amount' | 'percent' | 'category' | 'propertyId' | 'memo'; value: string }
  | { type: 'share'; index: number; share: PartShare }
  | { type: 'add' }
  | { type: 'remove'; index: number };

export function ruleSplitReducer(parts: RuleSplitPartDraft[], action: RuleSplitAction): RuleSplitPartDraft[] {
  switch (action.type) {
    case 'set':
      return parts.map((p, i) => (i === action.index ? { ...p, [action.field]: action.value } : p));
    case 'share':
      return parts.map((p, i) => {
        if (i === action.index) return { ...p, share: action.share };
        // One part takes the rest: choosing it on another part gives the previous one a fixed amount to fill in.
        return action.share === 'rest' && p.share === 'rest' ? { ...p, share: 'amount' } : p;
      });
    case 'add': {
      if (parts.length >= RULE_SPLIT_PARTS_MAX) return parts;
      const key = parts.reduce((max, p) => Math.max(max, p.key), -1) + 1;
      return [...parts, part(key)];
    }
    case 'remove':
      if (parts.length <= SPLIT_PARTS_MIN) return parts;
      return parts.filter((_, i) => i !== action.index);
  }
}
