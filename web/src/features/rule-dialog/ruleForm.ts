import { isCategory } from '@rent/shared/core/categories';
import { MAX_RULE_PRIORITY, MIN_RULE_PRIORITY } from '@rent/shared/core/rules';
import { compilePattern, escapePattern } from '@rent/shared/rules/pattern';
import type { ApplyBody, PreviewBody, Rule, RuleBody } from '../../api/rules';
import { formatMoney } from '../../lib/money';
import {
  newRuleSplit,
  type RuleSplitPartDraft,
  type RuleSplitWire,
  ruleSplitBody,
  ruleSplitFromWire,
  ruleSplitProblems,
} from './ruleSplitForm';
import type { RuleDialogPrefill } from './store';

/** With the category update on: one category for the whole transaction, or a split into parts. */
export type CategoryAction = 'category' | 'split';

/** The rule dialog's form (docs/product.md "Categorization rule dialog"). Text fields stay text. */
export interface RuleForm {
  name: string;
  description: string;
  patternOn: boolean;
  namePattern: string;
  amountOn: boolean;
  amountMin: string;
  amountMax: string;
  amountExact: string;
  categoryOn: boolean;
  categoryAction: CategoryAction;
  category: string;
  /** The parts while the action is a split (kept when switching back and forth). */
  splitParts: RuleSplitPartDraft[];
  priority: string;
  isActive: boolean;
  propertyOn: boolean;
  propertyId: string;
}

const amountText = (value: number | null) => (value === null ? '' : value.toFixed(2));

/**
 * A new rule: name pattern on, amount off, category update on. Editing: a criterion is
 * on only if the rule has a value for it; the category update only if the rule has a category or a split.
 */
export function initialForm(rule: Rule | null, prefill: RuleDialogPrefill | null): RuleForm {
  if (rule) {
    const amountOn = rule.amountMin !== null || rule.amountMax !== null || rule.amountExact !== null;
    return {
      name: rule.name,
      description: rule.description ?? '',
      patternOn: !!rule.namePattern,
      namePattern: rule.namePattern ?? '',
      amountOn,
      amountMin: amountText(rule.amountMin),
      amountMax: amountText(rule.amountMax),
      amountExact: amountText(rule.amountExact),
      categoryOn: rule.category !== '' || rule.split !== null,
      categoryAction: rule.split ? 'split' : 'category',
      category: rule.category,
      splitParts: rule.split ? ruleSplitFromWire(rule.split) : [],
      priority: String(rule.priority),
      isActive: rule.isActive,
      propertyOn: !!rule.propertyId,
      propertyId: rule.propertyId ?? '',
    };
  }
  const pattern = prefill?.namePattern ?? (prefill?.merchantName ? escapePattern(prefill.merchantName) : '');
  return {
    name: prefill?.name ?? prefill?.merchantName?.trim() ?? '',
    description: '',
    patternOn: true,
    namePattern: pattern,
    amountOn: false,
    amountMin: '',
    amountMax: '',
    amountExact: '',
    categoryOn: true,
    categoryAction: 'category',
    category: prefill?.category && isCategory(prefill.category) ? prefill.category : '',
    splitParts: [],
    priority: '0',
    isActive: true,
    propertyOn: !!prefill?.propertyId,
    propertyId: prefill?.propertyId ?? '',
  };
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** '' -> null; a non-negative decimal with at most 2 places -> number; anything else -> NaN. */
export function parseAmount(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  return AMOUNT.test(value) ? Number(value) : Number.NaN;
}

export interface FormErrors {
  name?: string;
  namePattern?: string;
  amountMin?: string;
  amountMax?: string;
  amountExact?: string;
  category?: string;
  /** The first thing that keeps the split from being saved (all of them: ruleSplitProblems). */
  split?: string;
  priority?: string;
}

const AMOUNT_ERROR = 'Enter an amount of 0 or more, with at most 2 decimals (amounts are compared by absolute value)';

/** Live validation. `touched` decides whether "required" messages show yet; the validity ignores it. */
export function validateForm(form: RuleForm): { errors: FormErrors; valid: boolean } {
  const errors: FormErrors = {};
  if (!form.name.trim()) errors.name = 'Enter a name';
  if (form.patternOn && form.namePattern.trim()) {
    const result = compilePattern(form.namePattern);
    if (!result.ok) errors.namePattern = result.message;
  }
  if (form.amountOn) {
    const min = parseAmount(form.amountMin);
    const max = parseAmount(form.amountMax);
    const exact = parseAmount(form.amountExact);
    if (Number.isNaN(min)) errors.amountMin = AMOUNT_ERROR;
    if (Number.isNaN(max)) errors.amountMax = AMOUNT_ERROR;
    if (Number.isNaN(exact)) errors.amountExact = AMOUNT_ERROR;
    if (min !== null && max !== null && !Number.isNaN(min) && !Number.isNaN(max) && min > max) {
      errors.amountMax = 'Maximum amount must be at least the minimum amount';
    }
  }
  if (form.categoryOn && form.categoryAction === 'category' && !form.category) errors.category = 'Choose a category';
  if (splitting(form)) {
    const [problem] = ruleSplitProblems(form.splitParts);
    if (problem) errors.split = problem;
  }
  const priority = Number(form.priority);
  if (
    form.priority.trim() !== '' &&
    (!Number.isInteger(priority) || priority < MIN_RULE_PRIORITY || priority > MAX_RULE_PRIORITY)
  ) {
    errors.priority = `Priority must be a whole number between ${MIN_RULE_PRIORITY} and ${MAX_RULE_PRIORITY}`;
  }
  return { errors, valid: Object.keys(errors).length === 0 };
}

/** Whether the rule splits what it matches instead of setting one category. */
export const splitting = (form: Pick<RuleForm, 'categoryOn' | 'categoryAction'>) =>
  form.categoryOn && form.categoryAction === 'split';

/** Switches between one category and a split; a first split starts from the category chosen so far. */
export function withCategoryAction(form: RuleForm, action: CategoryAction): RuleForm {
  if (action === form.categoryAction) return form;
  const splitParts = action === 'split' && form.splitParts.length === 0 ? newRuleSplit(form.category) : form.splitParts;
  return { ...form, categoryAction: action, splitParts };
}

/** Whether the rule, as the form says now, has something to apply: a category, or a split that can be saved. */
export const hasAction = (form: RuleForm) =>
  splitting(form) ? ruleSplitProblems(form.splitParts).length === 0 : form.categoryOn && !!form.category;

/**
 * The criteria part (apply and preview `rule`): only criteria that are on and filled. A split goes with them once it
 * can be saved (a split with problems previews as no action, and cannot be saved or applied).
 */
export function criteriaOf(form: RuleForm): PreviewBody['rule'] & ApplyBody['rule'] & { split: RuleSplitWire | null } {
  const amount = (text: string) => (form.amountOn ? parseAmount(text) : null);
  const num = (value: number | null) => (value === null || Number.isNaN(value) ? null : value);
  return {
    namePattern: form.patternOn && form.namePattern.trim() ? form.namePattern : null,
    amountMin: num(amount(form.amountMin)),
    amountMax: num(amount(form.amountMax)),
    amountExact: num(amount(form.amountExact)),
    category: form.categoryOn && form.categoryAction === 'category' ? form.category : '',
    split: splitting(form) && ruleSplitProblems(form.splitParts).length === 0 ? ruleSplitBody(form.splitParts) : null,
  };
}

/** True when the criteria select anything at all (no criteria match no transactions). */
export function hasCriteria(criteria: ReturnType<typeof criteriaOf>): boolean {
  return (
    criteria.namePattern != null ||
    criteria.amountMin != null ||
    criteria.amountMax != null ||
    criteria.amountExact != null
  );
}

/**
 * The create/update body: unused optional fields are omitted; category is "" when the
 * category update is off or the rule splits (its parts carry the categories). The "Update property" choice is kept
 * with the rule (never sent to transactions).
 */
export function bodyOf(form: RuleForm): RuleBody {
  const criteria = criteriaOf(form);
  const body: RuleBody = {
    name: form.name.trim(),
    category: criteria.category ?? '',
    priority: form.priority.trim() === '' ? 0 : Number(form.priority),
    isActive: form.isActive,
  };
  const description = form.description.trim();
  if (description) body.description = description;
  if (criteria.namePattern != null) body.namePattern = criteria.namePattern;
  if (criteria.amountMin != null) body.amountMin = criteria.amountMin;
  if (criteria.amountMax != null) body.amountMax = criteria.amountMax;
  if (criteria.amountExact != null) body.amountExact = criteria.amountExact;
  if (form.propertyOn && form.propertyId) body.propertyId = form.propertyId;
  if (criteria.split) body.split = criteria.split;
  return body;
}

/** Rule amounts with 2 decimals. */
export const formatRuleAmount = (value: number) => formatMoney(value, 2);
