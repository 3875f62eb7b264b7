import * as z from 'zod';
import { ISO_DATE_MESSAGES, requiredMessage, tooLongMessage } from '../core/fields.js';
import { ID_PATTERN, ISO_DATE_PATTERN, isDateInRange, isRealDate, isWellFormed } from '../core/validation.js';

export { isRealDate } from '../core/validation.js';

/** Ids are opaque strings made by the server (UUIDs); anything else is refused before a lookup. */
export const Id = z.string({ error: 'An id is required' }).regex(ID_PATTERN, { error: 'That id is not valid' });

/** A real calendar date in ISO form (YYYY-MM-DD): 2026-02-30 is refused. */
export const IsoDate = z
  .string({ error: ISO_DATE_MESSAGES.shape })
  // abort: a malformed date gets one message, not three.
  .regex(ISO_DATE_PATTERN, { error: ISO_DATE_MESSAGES.shape, abort: true })
  .refine(isRealDate, { error: ISO_DATE_MESSAGES.missing, abort: true })
  .refine(isDateInRange, { error: ISO_DATE_MESSAGES.range });

/**
 * Text that is not characters (half of a surrogate pair, which only a program sends) is refused: it cannot be
 * written as UTF-8 into a file name, a link or a PDF.
 */
const brokenTextMessage = (label: string) => `${label} has a character that is not valid text`;

/** Trimmed text with a clear message when blank or too long. */
export function text(label: string, max: number) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, { error: requiredMessage(label) })
    .max(max, { error: tooLongMessage(label, max) })
    .refine(isWellFormed, { error: brokenTextMessage(label) });
}

/**
 * Line breaks and other control characters (and Unicode's line and paragraph separators): what a single-line field
 * refuses, so nothing typed as a name can start a new line in an email header, a log or a CSV row.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
export const isSingleLine = (value: string) => !CONTROL_CHARACTERS.test(value);
const singleLineMessage = (label: string) => `${label} must be one line, without line breaks or control characters`;

/** A single line of text: trimmed, required, at most `max`, no line breaks or control characters. */
export const line = (label: string, max: number) =>
  text(label, max).refine(isSingleLine, { error: singleLineMessage(label) });

/** An optional single line of text: blank becomes null, as optionalText. */
export const optionalLine = (label: string, max: number) =>
  optionalText(label, max).refine((value) => value === null || isSingleLine(value), {
    error: singleLineMessage(label),
  });

/** Optional text: blank or whitespace-only becomes null (the notes rule, applied everywhere). */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: tooLongMessage(label, max) })
    .refine(isWellFormed, { error: brokenTextMessage(label) })
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));
}

export const Timestamp = z.string();

/** A delete's answer: the id it removed. */
export const DeletedId = z.object({ id: z.string() });

/** An answer that only confirms the request was done. */
export const Done = z.object({ ok: z.literal(true) });

/** The body of a 204 answer. */
export const NoContent = z.null();

export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Facts about a partly done request, e.g. the ids a bulk update changed before it stopped. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A query parameter sent empty (`?limit=`) is the same as one not sent. */
export const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * A page size in a query string: plain decimal digits only (not `0x10`, `1e1`, `0b11` or ` 5`, which a number
 * coercion would take), a whole number from 1 to `max`; unset when absent or empty.
 */
export const pageLimit = (max: number, message = `limit must be a whole number from 1 to ${max}`) =>
  blankAsUnset(
    z
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^[0-9]{1,6}$/, { error: message })
            .transform(Number),
        ],
        { error: message },
      )
      .pipe(z.number().int({ error: message }).min(1, { error: message }).max(max, { error: message })),
  );
