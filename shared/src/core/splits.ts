/**
 * Split transactions (docs/ledger.md "Split transactions"), pure and zod-free: the server's write path, the ledger's
 * totals and the web's split editor all use these.
 *
 * - A split gives one bank line 2 to 250 parts, each with its own amount (cents), category, property (or none),
 *   lease and memo. The parts add up to the transaction exactly; the line itself (amount, date, source, bank
 *   identity) never changes.
 * - A split names at most 16 properties ("no property" counts as one), so every write of one split transaction,
 *   with all its rollup cells, capital ledger items and property counters before and after, fits in ONE DynamoDB
 *   transaction of 100 items (16 before + 16 after, each a cell, a capital ledger item and a counter, is 96).
 * - Every report, total and filter counts parts: a filter by property or category shows and totals the parts that
 *   match it.
 */

import { type CategoryGroup, categoriesInGroup } from './categories.js';
import { UNCATEGORIZED } from './filters.js';
import type { Cents } from './money.js';

export const SPLIT_PARTS_MIN = 2;
export const SPLIT_PARTS_MAX = 250;
export const SPLIT_PROPERTIES_MAX = 16;
export const SPLIT_MEMO_MAX = 300;

export interface SplitPart {
  amount: Cents;
  category: string | null;
  propertyId: string | null;
  leaseId: string | null;
  memo: string | null;
}

export const partsTotal = (parts: readonly { amount: Cents }[]): Cents =>
  parts.reduce((sum, part) => sum + part.amount, 0);

/** What is left to assign: the transaction's amount minus what the parts hold (0 when they add up). */
export const splitRemainder = (amount: Cents, parts: readonly { amount: Cents }[]): Cents => amount - partsTotal(parts);

/** The distinct properties a split names (null = no property), in the order they first appear. */
export const partProperties = (parts: readonly { propertyId: string | null }[]): (string | null)[] => [
  ...new Set(parts.map((part) => part.propertyId)),
];

/**
 * Where a split transaction lives as a whole: the one property all its parts share (or null when none names one),
 * and `multi` when its parts name more than one (the ledger lists it under each of them).
 */
export function splitHome(parts: readonly { propertyId: string | null }[]): {
  propertyId: string | null;
  multi: boolean;
} {
  const properties = partProperties(parts);
  return properties.length === 1 ? { propertyId: properties[0]!, multi: false } : { propertyId: null, multi: true };
}

/**
 * `amount` shared out in proportion to integer `weights` (largest remainder: each share is rounded down and the
 * cents left over go, one each, to the largest fractions, then the earliest), so the shares always add up to
 * exactly `amount * sum(weights) / total` rounded down, and to `amount` when `total` is the sum of the weights.
 */
export function allocate(
  amount: Cents,
  weights: readonly number[],
  total = weights.reduce((a, b) => a + b, 0),
): Cents[] {
  if (total <= 0) return weights.map(() => 0);
  const sign = amount < 0 ? -1 : 1;
  const abs = Math.abs(amount);
  const exact = weights.map((weight) => abs * weight); // at most 1e11 x 1e4: exact in a double
  const shares = exact.map((value) => Math.floor(value / total));
  const covered = Math.floor((abs * weights.reduce((a, b) => a + b, 0)) / total);
  let left = covered - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value % total })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares.map((share) => (share === 0 ? 0 : sign * share));
}

/** `amount` in `count` equal parts, the odd cents on the first parts. */
export const splitEvenly = (amount: Cents, count: number): Cents[] => allocate(amount, Array(count).fill(1));

/** Hundredths of a percent: 100% is 10,000 (a person types at most 2 decimals). */
export const PERCENT_WHOLE = 10_000;

/** `amount` by percentages in hundredths (33.33% = 3333); shares of percentages that do not reach 100% leave a rest. */
export const splitByPercent = (amount: Cents, hundredths: readonly number[]): Cents[] =>
  allocate(
    amount,
    hundredths,
    Math.max(
      PERCENT_WHOLE,
      hundredths.reduce((a, b) => a + b, 0),
    ),
  );

export interface PartFilter {
  propertyId?: string | null;
  category?: string;
  categoryGroup?: string;
  /** in = amount >= 0, out = amount < 0, as for whole transactions. */
  direction?: 'in' | 'out';
}

const inCategory = (category: string | null, filter: PartFilter) => {
  if (filter.category === UNCATEGORIZED) return category === null;
  if (filter.category) return category === filter.category;
  if (filter.categoryGroup)
    return (
      category !== null && (categoriesInGroup(filter.categoryGroup as CategoryGroup) as string[]).includes(category)
    );
  return true;
};

/** Whether a filter looks inside splits: by property, category or direction the ledger shows the parts that match. */
export const filtersParts = (filter: PartFilter) =>
  filter.propertyId !== undefined ||
  filter.category !== undefined ||
  filter.categoryGroup !== undefined ||
  filter.direction !== undefined;

/** The parts of a split that a property or category filter matches (all of them without such a filter). */
export function partsMatching<P extends { amount: Cents; category: string | null; propertyId: string | null }>(
  parts: readonly P[],
  filter: PartFilter,
): P[] {
  return parts.filter(
    (part) =>
      (filter.propertyId === undefined || part.propertyId === filter.propertyId) &&
      (filter.direction === undefined || (filter.direction === 'in') === part.amount >= 0) &&
      inCategory(part.category, filter),
  );
}

/**
 * The tags a split transaction is stored with so the ledger's FilterExpression can look inside it: `p:<id>` (or
 * `p:` for no property), `c:<category>` (or `c:` for none) and `d:in` or `d:out` (money in, 0 included, or out) of
 * every part.
 */
export function partTags(
  parts: readonly { amount: Cents; category: string | null; propertyId: string | null }[],
): string[] {
  const tags = new Set<string>();
  for (const part of parts) {
    tags.add(propertyTag(part.propertyId));
    tags.add(categoryTag(part.category));
    tags.add(directionTag(part.amount >= 0 ? 'in' : 'out'));
  }
  return [...tags];
}
export const propertyTag = (propertyId: string | null) => `p:${propertyId ?? ''}`;
export const directionTag = (direction: 'in' | 'out') => `d:${direction}`;
export const categoryTag = (category: string | null) => `c:${category ?? ''}`;

/**
 * The parts of a split whose bank line changed amount (a re-sync, a pending charge posted with a tip): the
 * difference goes to the largest part (the first of equals), so the parts still add up to the line, and the
 * transaction says the split needs a look (`splitReviewFrom`, docs/ledger.md "Split transactions").
 */
export function rebalanceSplit<P extends { amount: Cents }>(parts: readonly P[], amount: Cents): P[] {
  const difference = splitRemainder(amount, parts);
  if (difference === 0) return [...parts];
  let largest = 0;
  parts.forEach((part, i) => {
    if (Math.abs(part.amount) > Math.abs(parts[largest]!.amount)) largest = i;
  });
  return parts.map((part, i) => (i === largest ? { ...part, amount: part.amount + difference } : part));
}

/**
 * One part of a rule's split (docs/rules.md "Rules that split"): a fixed amount (cents, the transaction's sign), a
 * percentage of the transaction (hundredths: 2500 = 25%), or the rest (neither: exactly one part of a rule is the
 * rest).
 */
export interface RuleSplitPart {
  category: string;
  propertyId: string | null;
  memo: string | null;
  amount: Cents | null;
  percent: number | null;
}

/** The most parts a rule splits into: a rule is a recurring pattern, not a receipt of 250 lines. */
export const RULE_SPLIT_PARTS_MAX = 20;

/**
 * A transaction's parts by a rule's split: fixed amounts first, then the percentages of the whole (largest remainder,
 * so they are exact), then the rest on the rest part; each with the transaction's sign. Null when the fixed amounts
 * and percentages take more than the transaction has (the rule does not fit it, so it is left alone).
 */
export function ruleSplitParts(amount: Cents, rule: readonly RuleSplitPart[]): SplitPart[] | null {
  const sign = amount < 0 ? -1 : 1;
  const whole = Math.abs(amount);
  const percents = rule.map((part) => part.percent ?? 0);
  const byPercent = allocate(
    whole,
    percents,
    Math.max(
      PERCENT_WHOLE,
      percents.reduce((a, b) => a + b, 0),
    ),
  );
  const shares = rule.map((part, i) => part.amount ?? byPercent[i]!);
  const rest = whole - shares.reduce((a, b) => a + b, 0);
  if (rest < 0) return null;
  return rule.map((part, i) => ({
    amount: sign * (part.amount === null && part.percent === null ? rest : shares[i]!) || 0,
    category: part.category,
    propertyId: part.propertyId,
    leaseId: null,
    memo: part.memo,
  }));
}
