import { type RuleSplitPart, ruleSplitParts } from '../core/splits.js';
import {
  compileRule,
  type MatchableTransaction,
  type RuleCriteria,
  type RuleIssue,
  type RuleMatcher,
  tryCompileRule,
} from './match.js';
import { normalizePattern } from './normalizePattern.js';

/**
 * Which rule categorizes a transaction, and what it records.
 *
 * Order (the one place it is defined): only active rules take part; higher priority first; among
 * equal priorities the oldest rule (earliest createdAt) first, because it was the user's first
 * statement about those transactions and a later, broader rule should not silently take over; then
 * by id, so the order is total and the same on the API and in the browser. The first rule in that
 * order that matches a transaction and sets a category wins; later rules are not consulted.
 */

/** A stored rule as the engine sees it: its criteria plus what orders it. */
export interface EngineRule extends RuleCriteria {
  id: string;
  isActive: boolean;
  priority: number;
  /** ISO-8601 timestamp. */
  createdAt: string;
}

export type OrderableRule = Pick<EngineRule, 'id' | 'isActive' | 'priority' | 'createdAt'>;

/** Sort comparator for the rule order (activity is not part of it; see orderRules). */
export function compareRules(a: OrderableRule, b: OrderableRule): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  const at = Date.parse(a.createdAt);
  const bt = Date.parse(b.createdAt);
  // Compared as instants, so "…Z" and "…+00:00" agree; equal instants (or unparseable text) fall
  // back to the text itself and then the id so the order never depends on the input order.
  if (at !== bt && !Number.isNaN(at) && !Number.isNaN(bt)) return at - bt;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** Active rules only, in the order they are tried. Returns a new array. */
export function orderRules<R extends OrderableRule>(rules: readonly R[]): R[] {
  return rules.filter((rule) => rule.isActive).sort(compareRules);
}

export interface CompiledEntry<R extends EngineRule> {
  readonly rule: R;
  readonly matcher: RuleMatcher;
}

/**
 * Active rules, ordered and compiled once, for categorizing many transactions. A stored rule that
 * can no longer be compiled (for example saved before a limit was tightened) is set aside in
 * `skipped` instead of failing the whole batch, so the caller can log it and the other rules still run.
 */
export class RuleSet<R extends EngineRule = EngineRule> {
  readonly entries: readonly CompiledEntry<R>[];
  readonly skipped: readonly { rule: R; issues: RuleIssue[] }[];

  constructor(rules: readonly R[]) {
    const entries: CompiledEntry<R>[] = [];
    const skipped: { rule: R; issues: RuleIssue[] }[] = [];
    for (const rule of orderRules(rules)) {
      const compiled = tryCompileRule(rule);
      if (compiled.ok) entries.push({ rule, matcher: compiled.matcher });
      else skipped.push({ rule, issues: compiled.issues });
    }
    this.entries = entries;
    this.skipped = skipped;
  }
}

export function compileRuleSet<R extends EngineRule>(rules: readonly R[]): RuleSet<R> {
  return new RuleSet(rules);
}

/**
 * The rule that would categorize `txn`: the first, in rule order, that sets a category and whose
 * criteria match (docs/product.md "Rule matching", so never an ignored transaction and never one already in that
 * rule's category). A rule whose category update is off cannot categorize, so it never wins and
 * never hides a later rule. Pass a RuleSet when checking more than one transaction; a plain array
 * is compiled on every call.
 */
export function firstMatchingRule<R extends EngineRule>(
  rules: RuleSet<R> | readonly R[],
  txn: MatchableTransaction,
): R | null {
  const set = rules instanceof RuleSet ? rules : new RuleSet(rules);
  for (const entry of set.entries) {
    if (ruleActs(entry.rule, txn) && entry.matcher.matches(txn)) return entry.rule;
  }
  return null;
}

/**
 * Whether a rule does something to `txn`: it sets a category, or it splits and its fixed amounts and percentages fit
 * in the transaction's amount.
 */
export function ruleActs(rule: RuleCriteria, txn: MatchableTransaction): boolean {
  return rule.split ? splitFits(rule, txn) : rule.category !== '';
}

/** A rule that splits fits a transaction when its fixed amounts and percentages fit in its amount; others always do. */
export const splitFits = (rule: Pick<RuleCriteria, 'split'>, txn: Pick<MatchableTransaction, 'amountCents'>) =>
  !rule.split || ruleSplitParts(txn.amountCents, rule.split) !== null;

/**
 * Whether automatic categorization may touch `txn`: it is not ignored, has no category, and its
 * category was not last set (or cleared) by hand. A person's choice, including "no category",
 * is never overwritten automatically; only an explicit apply of a rule (planRuleApplication) does.
 */
export function shouldAutoCategorize(txn: MatchableTransaction): boolean {
  return !txn.isIgnored && (txn.category === null || txn.category === '') && txn.categorizationSource !== 'manual';
}

/** What a rule writes onto a transaction it categorizes. */
export interface RuleProvenance {
  /** The category the rule sets; "" for a rule that splits (`split`). */
  category: string;
  split?: readonly RuleSplitPart[] | null;
  categorizationSource: 'rule';
  /** Null when the rule was applied before being saved (apply-single sends criteria only). */
  categorizedByRuleId: string | null;
  /** ISO-8601 timestamp. */
  categorizedAt: string;
  categorizationConfidence: number;
}

/**
 * categorizationConfidence is how specific the evidence was, not a probability: it lets the UI
 * and reports tell a narrowly targeted rule from a broad one. Hand-set categories are certain by
 * definition, so only rules carry a score below 1.
 *  1     name pattern and exact amount (a named payee for a known sum, e.g. the monthly mortgage)
 *  0.95  name pattern and an amount range
 *  0.9   name pattern only
 *  0.85  exact amount only (a recurring sum, but another payee may share it)
 *  0.8   amount range only (the broadest kind of rule)
 */
export function ruleConfidence(criteria: RuleCriteria): number {
  const hasPattern = normalizePattern(criteria.namePattern) !== null;
  const hasExact = criteria.amountExactCents != null;
  const hasRange = !hasExact && (criteria.amountMinCents != null || criteria.amountMaxCents != null);
  if (hasPattern) return hasExact ? 1 : hasRange ? 0.95 : 0.9;
  if (hasExact) return 0.85;
  return 0.8;
}

/** The provenance record for `rule` categorizing a transaction at `now`. The rule must set a category. */
export function ruleProvenance(rule: RuleCriteria & { id?: string | null }, now: Date | string): RuleProvenance {
  if (!rule.split && (typeof rule.category !== 'string' || rule.category === '')) {
    throw new Error('A rule without a category cannot categorize a transaction');
  }
  return {
    category: rule.split ? '' : rule.category,
    ...(rule.split && { split: rule.split }),
    categorizationSource: 'rule',
    categorizedByRuleId: rule.id ?? null,
    categorizedAt: typeof now === 'string' ? now : now.toISOString(),
    categorizationConfidence: ruleConfidence(rule),
  };
}

/**
 * Automatic categorization of one transaction (a new bank transaction, or a sweep of uncategorized
 * ones): the change to store, or null when the transaction must be left alone or no rule matches.
 */
export function autoCategorize<R extends EngineRule>(
  rules: RuleSet<R> | readonly R[],
  txn: MatchableTransaction,
  now: Date | string,
): RuleProvenance | null {
  if (!shouldAutoCategorize(txn)) return null;
  const rule = firstMatchingRule(rules, txn);
  return rule ? ruleProvenance(rule, now) : null;
}

/**
 * The user explicitly applies one rule to transactions they selected ("Apply to N
 * transactions now", apply-single). This is the only path that may replace a hand-set
 * category. The criteria are still re-checked, so ignored transactions, ones already in the
 * category and ones the rule does not match are left out whatever the client sent.
 * Throws RuleCriteriaError for unusable criteria, and an Error when the rule sets no category.
 */
export function planRuleApplication<T extends MatchableTransaction>(
  rule: RuleCriteria & { id?: string | null },
  transactions: readonly T[],
  now: Date | string,
): { transaction: T; change: RuleProvenance }[] {
  const matcher = compileRule(rule);
  const change = ruleProvenance(rule, now);
  const changes: { transaction: T; change: RuleProvenance }[] = [];
  for (const transaction of transactions) {
    if (ruleActs(rule, transaction) && matcher.matches(transaction))
      changes.push({ transaction, change: { ...change } });
  }
  return changes;
}
