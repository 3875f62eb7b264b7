import * as z from 'zod';
import {
  MAX_RULE_DESCRIPTION_LENGTH,
  MAX_RULE_NAME_LENGTH,
  MAX_RULE_PRIORITY,
  MIN_RULE_PRIORITY,
} from '../core/rules.js';
import {
  PERCENT_WHOLE,
  partProperties,
  RULE_SPLIT_PARTS_MAX,
  type RuleSplitPart,
  SPLIT_MEMO_MAX,
  SPLIT_PROPERTIES_MAX,
} from '../core/splits.js';
import { SUBCATEGORY_VALUES } from '../domain/categories.js';
import { Id, optionalText, text } from '../domain/common.js';
import { type Cents, MAX_ABS_CENTS, moneyField, toCents } from '../domain/money.js';
import type { RuleCriteria } from './match.js';
import { normalizePattern } from './normalizePattern.js';
import { patternError } from './pattern.js';

const SUBCATEGORIES: ReadonlySet<string> = new Set(SUBCATEGORY_VALUES);

/** A blank pattern means "no name criterion" (null); any other pattern must compile (pattern.ts). */
const namePattern = z
  .string({ error: 'Name pattern must be text' })
  .nullish()
  .transform((value, ctx) => {
    const pattern = normalizePattern(value);
    if (pattern === null) return null;
    const message = patternError(pattern);
    if (message !== null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return pattern;
  });

/** A wire decimal with at most 2 places, >= 0, out as cents; absent or null means "no bound". */
const ruleAmount = (label: string) =>
  moneyField({ min: -MAX_ABS_CENTS, max: MAX_ABS_CENTS, label })
    .nullish()
    .transform((cents, ctx): Cents | null => {
      if (cents == null) return null;
      if (cents < 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} cannot be negative: amounts are compared by absolute value, so enter 50 rather than -50`,
        });
        return z.NEVER;
      }
      return cents;
    });

/** "" (the category update is off) or one of the subcategories (docs/product.md "Categories"). */
const ruleCategory = z
  .string({ error: 'Choose a category from the list' })
  .nullish()
  .transform((value, ctx) => {
    const category = value ?? '';
    if (category !== '' && !SUBCATEGORIES.has(category)) {
      ctx.addIssue({ code: 'custom', message: 'Choose a category from the list' });
      return z.NEVER;
    }
    return category;
  });

/** A percentage of at most 2 decimals, more than 0 and at most 100, as hundredths (33.33 -> 3333); absent = none. */
const rulePercent = z
  .union([z.number(), z.string()], { error: 'Percent must be a number' })
  .nullish()
  .transform((value, ctx): number | null => {
    if (value == null || value === '') return null;
    const hundredths = toCents(value);
    if (hundredths === null || hundredths <= 0 || hundredths > PERCENT_WHOLE) {
      ctx.addIssue({ code: 'custom', message: 'Percent must be more than 0 and at most 100, with at most 2 decimals' });
      return z.NEVER;
    }
    return hundredths;
  });

/** A property of the organization (checked on save), or none: "" (the picker's "All Properties") and null. */
const ruleProperty = z
  .string({ error: 'Choose a property from the list' })
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value === '') return null;
    if (!Id.safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: 'Choose a property from the list' });
      return z.NEVER;
    }
    return value;
  });

/** One part of a rule's split: a subcategory, a property or none, a memo, and a fixed amount, a percent, or neither (the rest). */
const RuleSplitPartInput = z.strictObject({
  category: z
    .string({ error: 'Choose a category for each part' })
    .refine((value) => SUBCATEGORIES.has(value), { error: 'Choose a category for each part' }),
  propertyId: ruleProperty,
  memo: optionalText('Memo', SPLIT_MEMO_MAX),
  amount: ruleAmount("A part's amount"),
  percent: rulePercent,
});

/** A rule's split: 2 to 20 parts, exactly one of them the rest (docs/rules.md "Rules that split"). */
const ruleSplit = z
  .array(RuleSplitPartInput, { error: 'split must be a list of parts' })
  .min(2, { error: 'A split has at least 2 parts' })
  .max(RULE_SPLIT_PARTS_MAX, { error: `A rule splits into at most ${RULE_SPLIT_PARTS_MAX} parts` })
  .nullish();

const criteriaShape = {
  namePattern,
  amountMin: ruleAmount('Minimum amount'),
  amountMax: ruleAmount('Maximum amount'),
  amountExact: ruleAmount('Exact amount'),
  category: ruleCategory,
  split: ruleSplit,
};

function minNotAboveMax(
  value: { amountMin: Cents | null; amountMax: Cents | null; category: string; split?: RuleSplitPart[] | null },
  ctx: z.RefinementCtx,
) {
  if (value.amountMin !== null && value.amountMax !== null && value.amountMin > value.amountMax) {
    ctx.addIssue({
      code: 'custom',
      path: ['amountMax'],
      message: 'Maximum amount must be at least the minimum amount',
    });
  }
  const split = value.split;
  if (!split) return;
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['split'], message });
  if (value.category !== '') issue('A rule that splits sets a category per part: turn the category update off');
  if (split.some((part) => part.amount !== null && part.percent !== null)) {
    issue('Give each part an amount or a percent, not both');
  }
  if (split.filter((part) => part.amount === null && part.percent === null).length !== 1) {
    issue('Exactly one part takes the rest: leave its amount and percent empty');
  }
  if (split.reduce((sum, part) => sum + (part.percent ?? 0), 0) > PERCENT_WHOLE)
    issue('The percents add up to more than 100%');
  if (partProperties(split).length > SPLIT_PROPERTIES_MAX) {
    issue(`A split can spread over at most ${SPLIT_PROPERTIES_MAX} properties (no property counts as one)`);
  }
}

/**
 * The body of POST and PUT /api/categorization-rules (docs/rules.md "Routes"). Amounts arrive as decimals and
 * leave as cents; omitted optional fields come out as null (or their defaults: priority 0,
 * isActive true). propertyId is the dialog's "Update property" choice, kept with the rule; "" (the
 * picker's "All Properties") means none.
 */
export const RuleInput = z
  .strictObject({
    name: text('Name', MAX_RULE_NAME_LENGTH),
    description: optionalText('Description', MAX_RULE_DESCRIPTION_LENGTH),
    ...criteriaShape,
    priority: z
      .number({ error: 'Priority must be a whole number' })
      .int({ error: 'Priority must be a whole number' })
      .min(MIN_RULE_PRIORITY, { error: `Priority must be between ${MIN_RULE_PRIORITY} and ${MAX_RULE_PRIORITY}` })
      .max(MAX_RULE_PRIORITY, { error: `Priority must be between ${MIN_RULE_PRIORITY} and ${MAX_RULE_PRIORITY}` })
      .nullish()
      .transform((value) => value ?? 0),
    isActive: z
      .boolean({ error: 'Active must be true or false' })
      .nullish()
      .transform((value) => value ?? true),
    propertyId: ruleProperty,
  })
  .superRefine(minNotAboveMax);
export type RuleInput = z.output<typeof RuleInput>;

/** The `rule` part of POST /api/categorization-rules/apply-single: criteria and category only. */
export const RuleCriteriaInput = z.strictObject(criteriaShape).superRefine(minNotAboveMax);
export type RuleCriteriaInput = z.output<typeof RuleCriteriaInput>;

/** Parsed input (wire field names, cents values) -> the engine's RuleCriteria. */
export function ruleCriteriaOf(input: {
  namePattern: string | null;
  amountMin: Cents | null;
  amountMax: Cents | null;
  amountExact: Cents | null;
  category: string;
  split?: RuleSplitPart[] | null;
}): RuleCriteria {
  return {
    namePattern: input.namePattern,
    amountMinCents: input.amountMin,
    amountMaxCents: input.amountMax,
    amountExactCents: input.amountExact,
    category: input.category,
    split: input.split ?? null,
  };
}
