import { formatCurrency } from '../core/money.js';
import type { RuleCriteria } from './match.js';
import { normalizePattern } from './normalizePattern.js';

export const NO_CRITERIA_TEXT = 'No criteria (matches no transactions)';

/**
 * The criteria in words for the rules table, e.g. 'Name matches "home depot" and amount is
 * $50.00 – $200.00'. Amounts use 2 decimals and are unsigned, as they are compared by
 * absolute value. An exact amount hides min and max because it takes precedence over them.
 */
export function describeCriteria(
  rule: Pick<RuleCriteria, 'namePattern' | 'amountMinCents' | 'amountMaxCents' | 'amountExactCents'>,
): string {
  const parts: string[] = [];
  const pattern = normalizePattern(rule.namePattern);
  if (pattern !== null) parts.push(`name matches "${pattern}"`);
  const amount = describeAmount(
    rule.amountMinCents ?? null,
    rule.amountMaxCents ?? null,
    rule.amountExactCents ?? null,
  );
  if (amount !== null) parts.push(amount);
  if (parts.length === 0) return NO_CRITERIA_TEXT;
  const sentence = parts.join(' and ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function describeAmount(min: number | null, max: number | null, exact: number | null): string | null {
  const money = (cents: number) => formatCurrency(cents, 2);
  if (exact !== null) return `amount is exactly ${money(exact)}`;
  if (min !== null && max !== null)
    return min === max ? `amount is exactly ${money(min)}` : `amount is ${money(min)} – ${money(max)}`;
  if (min !== null) return `amount is at least ${money(min)}`;
  if (max !== null) return `amount is at most ${money(max)}`;
  return null;
}
