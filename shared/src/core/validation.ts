/**
 * The plain checks behind the zod schemas (domain/common.ts) that the browser also runs before it asks
 * the server, e.g. on the ledger's URL filters. Zod-free, so the first page load may import it.
 */

/** Ids are opaque strings made by the server (UUIDs); anything else is refused before a lookup. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The shape of an ISO calendar date (YYYY-MM-DD); isIsoDate also checks the day exists. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The dates the system accepts at all. */
export const ISO_DATE_MIN = '1900-01-01';
export const ISO_DATE_MAX = '2200-12-31';

export const isId = (value: string): boolean => ID_PATTERN.test(value);

/** Half of a UTF-16 surrogate pair without its other half: no character at all, and no UTF-8 encoding has it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** True when every code unit of `value` is part of a character (String.prototype.isWellFormed). */
export const isWellFormed = (value: string): boolean => !LONE_SURROGATE.test(value);

/** `value` with each lone surrogate replaced by U+FFFD, as String.prototype.toWellFormed does. */
export const toWellFormed = (value: string): string => value.replace(LONE_SURROGATES, '\uFFFD');

/** True when a YYYY-MM-DD text names a real calendar day (2026-02-30 does not). */
export function isRealDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isDateInRange = (text: string): boolean => text >= ISO_DATE_MIN && text <= ISO_DATE_MAX;

/** What the server's IsoDate schema accepts: the YYYY-MM-DD shape, a real day, within 1900-2200. */
export const isIsoDate = (text: string): boolean =>
  ISO_DATE_PATTERN.test(text) && isRealDate(text) && isDateInRange(text);
