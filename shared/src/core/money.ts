/**
 * Money is integer cents inside the system. On the wire it is a signed decimal with at most
 * 2 places (negative = money out). Conversions go through strings so no float arithmetic
 * ever touches an amount.
 */
export type Cents = number & { readonly __cents?: never };

export const MAX_ABS_CENTS = 100_000_000_000; // 1,000,000,000.00

/** Parses a wire amount (number or numeric string) into cents, or null when it is not exact money. */
export function toCents(value: number | string): Cents | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  // toString gives the shortest round-trip form, e.g. 0.1 -> "0.1", 1e21 -> exponent (rejected).
  return value.toString();
}

/** Cents -> wire decimal (a JSON number with at most 2 places, e.g. -1234.5). */
export function fromCents(cents: Cents): number {
  return Number(centsToString(cents));
}

/** Cents -> "-1234.50" (exact, for CSV and inputs). */
export function centsToString(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "$1,234.56": en-US, USD, with 0, 1 or 2 decimals (0 by default, docs/product.md "Constants and limits"). It is
 * written from the integer cents, without Intl and without a float: a page's first use of Intl's number or date
 * formats costs 20–40 ms of main thread (docs/performance.md "No Intl on a first load"). Halves round away from zero,
 * so -$1.50 and $1.50 round alike, and the minus shows only on what does not round to zero. That is Intl's currency
 * style with signDisplay "negative"; tests/unit/money.test.ts holds the two to the same text.
 */
export function formatCurrency(cents: Cents, decimals = 0): string {
  const step = 10 ** (2 - decimals);
  const shown = Math.floor((Math.abs(cents) + step / 2) / step) * step;
  const whole = groupThousands(Math.trunc(shown / 100));
  const fraction = decimals
    ? `.${String(shown % 100)
        .padStart(2, '0')
        .slice(0, decimals)}`
    : '';
  return `${cents < 0 && shown > 0 ? '-' : ''}$${whole}${fraction}`;
}

/** A whole number with a comma between each group of three digits: 12345 -> "12,345" (a count; no Intl, as above). */
export function formatCount(count: number): string {
  return `${count < 0 ? '-' : ''}${groupThousands(Math.abs(count))}`;
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Percentages have 1 decimal by default. */
export function formatPercent(ratio: number, decimals = 1): string {
  const text = (ratio * 100).toFixed(decimals);
  return `${/^-0(\.0*)?$/.test(text) ? text.slice(1) : text}%`;
}
