import { z } from 'zod';

/** Ids are opaque strings made by the server (UUIDs); anything else is refused before a lookup. */
export const Id = z
  .string({ error: 'An id is required' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That id is not valid' });

/** A real calendar date in ISO form (YYYY-MM-DD): 2026-02-30 is refused. */
export const IsoDate = z
  .string({ error: 'Enter a date as YYYY-MM-DD' })
  // abort: a malformed date gets one message, not three.
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter a date as YYYY-MM-DD', abort: true })
  .refine(isRealDate, { error: 'That date does not exist', abort: true })
  .refine((t) => t >= '1900-01-01' && t <= '2200-12-31', { error: 'Enter a date between 1900 and 2200' });

export function isRealDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Trimmed text with a clear message when blank or too long. */
export function text(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/** Optional text: blank or whitespace-only becomes null (SPEC §5 notes rule, applied everywhere). */
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
