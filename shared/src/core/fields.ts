/**
 * The wire's common fields (required and optional text, an ISO date, money): their messages, and the plain checks
 * behind them. The schemas build their fields with these messages (domain/common.ts, domain/money.ts); a form that
 * checks before it sends (the property form) runs the checks and so says what the server would say. Zod-free.
 */
import { type Cents, centsToString, MAX_ABS_CENTS, toCents } from './money.js';
import { ISO_DATE_MAX, ISO_DATE_MIN, ISO_DATE_PATTERN, isDateInRange, isRealDate } from './validation.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export const requiredMessage = (label: string) => `${label} is required`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Text as the schemas take it: trimmed, not blank, at most `max` characters. */
export function checkText(label: string, max: number, value: string): Checked<string> {
  const text = value.trim();
  if (!text) return { ok: false, message: requiredMessage(label) };
  if (text.length > max) return { ok: false, message: tooLongMessage(label, max) };
  return { ok: true, value: text };
}

/** Optional text: trimmed, at most `max` characters; blank (or none) is null. */
export function checkOptionalText(label: string, max: number, value: string | null): Checked<string | null> {
  const text = value?.trim() ?? '';
  if (text.length > max) return { ok: false, message: tooLongMessage(label, max) };
  return { ok: true, value: text || null };
}

export const ISO_DATE_MESSAGES = {
  shape: 'Enter a date as YYYY-MM-DD',
  missing: 'That date does not exist',
  range: `Enter a date between ${ISO_DATE_MIN.slice(0, 4)} and ${ISO_DATE_MAX.slice(0, 4)}`,
} as const;

/** What is wrong with an ISO date (YYYY-MM-DD, a real day, within the system's years), or null. */
export function isoDateProblem(text: string): string | null {
  if (!ISO_DATE_PATTERN.test(text)) return ISO_DATE_MESSAGES.shape;
  if (!isRealDate(text)) return ISO_DATE_MESSAGES.missing;
  if (!isDateInRange(text)) return ISO_DATE_MESSAGES.range;
  return null;
}

export const MONEY_MESSAGES = {
  type: 'Enter an amount such as 1250 or 1250.50',
  places: 'Enter an amount with at most 2 decimal places',
} as const;
export const moneyRangeMessage = (min: Cents, max: Cents) =>
  `Amount must be between ${centsToString(min)} and ${centsToString(max)}`;

/** A wire amount (a decimal with at most 2 places, between `min` and `max` cents) as cents. */
export function checkMoney(
  value: number | string,
  { min = -MAX_ABS_CENTS, max = MAX_ABS_CENTS }: { min?: Cents; max?: Cents } = {},
): Checked<Cents> {
  const cents = toCents(value);
  if (cents === null) return { ok: false, message: inexactMoneyMessage(value, min, max) };
  if (cents < min || cents > max) return { ok: false, message: moneyRangeMessage(min, max) };
  return { ok: true, value: cents };
}

/** Why a value is not exact money: more than 2 places, too large to be exact, or not an amount at all ("1,000"). */
function inexactMoneyMessage(value: number | string, min: Cents, max: Cents): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return MONEY_MESSAGES.type;
    return Math.abs(value) * 100 > Math.max(-min, max) ? moneyRangeMessage(min, max) : MONEY_MESSAGES.places;
  }
  const text = value.trim();
  if (/^-?\d+\.\d{3,}$/.test(text)) return MONEY_MESSAGES.places;
  if (/^-?\d+(\.\d{1,2})?$/.test(text)) return moneyRangeMessage(min, max);
  return MONEY_MESSAGES.type;
}
