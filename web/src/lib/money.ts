import { type Cents, formatCurrency, toCents } from '@rent/shared/core/money';

/** A wire decimal (e.g. 1250.5) as integer cents, or null. */
export function wireToCents(value: number | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  return toCents(value);
}

/** Sums wire decimals exactly (through cents). */
export function sumCents(values: readonly (number | null | undefined)[]): Cents {
  let total = 0;
  for (const value of values) total += wireToCents(value) ?? 0;
  return total;
}

/**
 * Sums the values that are known, and says how many were: a sum of nothing known is null (shown as "—", never as
 * "$0", which would claim the figure is zero).
 */
export function sumKnownCents(values: readonly (number | null | undefined)[]): { cents: Cents | null; known: number } {
  const known = values.filter((value) => value !== null && value !== undefined);
  return { cents: known.length ? sumCents(known) : null, known: known.length };
}

/** "$1,250" for a wire decimal; an em dash when there is no value. */
export function formatMoney(value: number | null | undefined, decimals = 0): string {
  const cents = wireToCents(value);
  return cents === null ? '—' : formatCurrency(cents, decimals);
}
