import { z } from 'zod';
import { ID_PATTERN, ISO_DATE_PATTERN, isDateInRange, isRealDate } from '../core/validation.js';

export { isRealDate } from '../core/validation.js';

/** Ids are opaque strings made by the server (UUIDs); anything else is refused before a lookup. */
export const Id = z.string({ error: 'An id is required' }).regex(ID_PATTERN, { error: 'That id is not valid' });

/** A real calendar date in ISO form (YYYY-MM-DD): 2026-02-30 is refused. */
export const IsoDate = z
  .string({ error: 'Enter a date as YYYY-MM-DD' })
  // abort: a malformed date gets one message, not three.
  .regex(ISO_DATE_PATTERN, { error: 'Enter a date as YYYY-MM-DD', abort: true })
  .refine(isRealDate, { error: 'That date does not exist', abort: true })
  .refine(isDateInRange, { error: 'Enter a date between 1900 and 2200' });

/** Trimmed text with a clear message when blank or too long. */
export function text(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/** Optional text: blank or whitespace-only becomes null (the notes rule, applied everywhere). */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));
}

export const Timestamp = z.string();

export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Facts about a partly done request, e.g. the ids a bulk update changed before it stopped. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
