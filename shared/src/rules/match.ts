import type { RuleSplitPart } from '../core/splits.js';
import { normalizePattern } from './normalizePattern.js';
import { type CompiledPattern, compilePattern } from './pattern.js';

/**
 * What a categorization rule looks for and what it sets. Amounts are
 * integer cents and absolute values: a rule for "$50 to $200" catches both a $120.00 payment and a
 * -$120.00 charge. `category` is the subcategory the rule sets; "" means the rule's category
 * update is off.
 */
export interface RuleCriteria {
  namePattern?: string | null;
  amountMinCents?: number | null;
  amountMaxCents?: number | null;
  amountExactCents?: number | null;
  category: string;
  /** The parts the rule splits a transaction into instead of setting one category (category is then ""). */
  split?: readonly RuleSplitPart[] | null;
}

/** The parts of a transaction the engine reads. `amountCents` is signed (negative = money out). */
export interface MatchableTransaction {
  id: string;
  name: string;
  amountCents: number;
  category: string | null;
  isIgnored: boolean;
  /** A split transaction's parts were chosen by hand: no rule matches it. */
  isSplit?: boolean;
  categorizationSource?: string | null;
}

export interface RuleIssue {
  field: 'namePattern' | 'amountMin' | 'amountMax' | 'amountExact' | 'category';
  message: string;
}

/** Thrown by compileRule when the criteria cannot be matched; `issues` name each field at fault. */
export class RuleCriteriaError extends Error {
  override readonly name = 'RuleCriteriaError';
  constructor(readonly issues: RuleIssue[]) {
    super(issues.map((issue) => issue.message).join(' '));
  }
}

/**
 * A rule ready to test transactions. Built once per rule; `matches` allocates nothing of its own
 * and runs the cheap checks (flags, category, amount) before the pattern.
 */
export interface RuleMatcher {
  /** The category the rule sets, "" when its category update is off. */
  readonly category: string;
  readonly namePattern: string | null;
  /** Null unless the amount is to be compared with a lower bound (never set when exact is). */
  readonly amountMinCents: number | null;
  readonly amountMaxCents: number | null;
  readonly amountExactCents: number | null;
  /** False for a rule with neither a name nor an amount criterion: such a rule matches nothing. */
  readonly hasCriteria: boolean;
  matches(txn: MatchableTransaction): boolean;
}

/**
 * The problems that stop criteria from being matched, each with a person-readable message;
 * empty when the criteria are usable. A blank or whitespace-only pattern counts as "no pattern"
 * (a pattern is checked only when one is given).
 */
export function checkRuleCriteria(criteria: RuleCriteria): RuleIssue[] {
  return analyse(criteria).issues;
}

/**
 * Compiles criteria into a matcher implementing docs/product.md "Rule matching":
 *  - an ignored transaction never matches (ignored transactions are never touched);
 *  - a transaction already in the rule's target category never matches (nothing would change);
 *  - the name pattern is a regular expression found anywhere in the name, case-insensitively;
 *  - amounts are compared by absolute value; an exact amount takes precedence over min and max,
 *    which are then not consulted at all; min and max are inclusive and either may be absent;
 *  - every criterion given must hold;
 *  - a rule with no criterion at all matches nothing. Matching everything instead would let an
 *    empty form recategorize every transaction of the organization; a rule the user has not yet
 *    narrowed down previews 0 transactions, and the dialog then disables "Apply to N transactions now".
 * Throws RuleCriteriaError when checkRuleCriteria finds problems (min > max, a bad pattern, ...).
 */
export function compileRule(criteria: RuleCriteria): RuleMatcher {
  const result = tryCompileRule(criteria);
  if (!result.ok) throw new RuleCriteriaError(result.issues);
  return result.matcher;
}

/** compileRule without the throw: the matcher, or the issues that prevent one. */
export function tryCompileRule(
  criteria: RuleCriteria,
): { ok: true; matcher: RuleMatcher } | { ok: false; issues: RuleIssue[] } {
  const { issues, pattern } = analyse(criteria);
  if (issues.length > 0) return { ok: false, issues };
  const matcher = new CompiledRule(
    criteria.category,
    pattern,
    criteria.amountMinCents ?? null,
    criteria.amountMaxCents ?? null,
    criteria.amountExactCents ?? null,
  );
  return { ok: true, matcher };
}

/** Checks every field and compiles the pattern once, for both checkRuleCriteria and compileRule. */
function analyse(criteria: RuleCriteria): { issues: RuleIssue[]; pattern: CompiledPattern | null } {
  const issues: RuleIssue[] = [];
  let pattern: CompiledPattern | null = null;
  const source = normalizePattern(criteria.namePattern);
  if (source !== null) {
    const compiled = compilePattern(source);
    if (compiled.ok) pattern = compiled.pattern;
    else issues.push({ field: 'namePattern', message: compiled.message });
  }
  checkAmount(issues, 'amountMin', 'Minimum amount', criteria.amountMinCents);
  checkAmount(issues, 'amountMax', 'Maximum amount', criteria.amountMaxCents);
  checkAmount(issues, 'amountExact', 'Exact amount', criteria.amountExactCents);
  const min = criteria.amountMinCents;
  const max = criteria.amountMaxCents;
  if (isCents(min) && isCents(max) && min >= 0 && max >= 0 && min > max) {
    issues.push({ field: 'amountMax', message: 'Maximum amount must be at least the minimum amount' });
  }
  if (typeof criteria.category !== 'string') {
    issues.push({ field: 'category', message: 'Category must be text ("" when the rule does not set one)' });
  }
  return { issues, pattern };
}

class CompiledRule implements RuleMatcher {
  readonly namePattern: string | null;
  readonly amountMinCents: number | null;
  readonly amountMaxCents: number | null;
  readonly amountExactCents: number | null;
  readonly hasCriteria: boolean;
  // The hot path reads these plain numbers: 0 and +Infinity stand for "no bound", so the amount
  // check is two comparisons with no null tests.
  private readonly lo: number;
  private readonly hi: number;
  private readonly hasAmount: boolean;

  constructor(
    readonly category: string,
    private readonly pattern: CompiledPattern | null,
    min: number | null,
    max: number | null,
    exact: number | null,
  ) {
    this.namePattern = pattern?.source ?? null;
    this.amountExactCents = exact;
    // Exact takes precedence: min and max are dropped rather than merely ignored, so a reader of the
    // matcher sees what is actually compared.
    this.amountMinCents = exact === null ? min : null;
    this.amountMaxCents = exact === null ? max : null;
    this.lo = exact ?? min ?? 0;
    this.hi = exact ?? max ?? Number.POSITIVE_INFINITY;
    this.hasAmount = exact !== null || min !== null || max !== null;
    this.hasCriteria = pattern !== null || this.hasAmount;
  }

  matches(txn: MatchableTransaction): boolean {
    if (!this.hasCriteria || txn.isIgnored || txn.isSplit) return false;
    if (this.category !== '' && txn.category === this.category) return false;
    if (this.hasAmount) {
      const cents = txn.amountCents;
      const abs = cents < 0 ? -cents : cents;
      if (abs < this.lo || abs > this.hi) return false;
    }
    return this.pattern === null || this.pattern.test(txn.name);
  }
}

function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function checkAmount(issues: RuleIssue[], field: RuleIssue['field'], label: string, value: unknown) {
  if (value === null || value === undefined) return;
  if (!isCents(value)) {
    issues.push({ field, message: `${label} must be a whole number of cents` });
  } else if (value < 0) {
    issues.push({
      field,
      message: `${label} cannot be negative: amounts are compared by absolute value, so enter 50 rather than -50`,
    });
  }
}
