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

// One formatter per number of decimals: making an Intl.NumberFormat costs far more than formatting with it, and a
// ledger page formats hundreds of amounts (on a phone's CPU that was a tenth of the table's first render).
const currencyFormats = new Map<number, Intl.NumberFormat>();

/** Currency is USD with 0 decimals by default (docs/product.md "Constants and limits"). */
export function formatCurrency(cents: Cents, decimals = 0): string {
  let format = currencyFormats.get(decimals);
  if (!format) {
    // Display only: Intl rounds halves away from zero, so -$1.50 and $1.50 round alike.
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'negative',
    });
    currencyFormats.set(decimals, format);
  }
  return format.format(cents / 100);
}

/** Percentages have 1 decimal by default. */
export function formatPercent(ratio: number, decimals = 1): string {
  const text = (ratio * 100).toFixed(decimals);
  return `${/^-0(\.0*)?$/.test(text) ? text.slice(1) : text}%`;
}
