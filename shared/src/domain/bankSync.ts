import * as z from 'zod';

/** POST /api/transactions/{id}/merge-suggestion: accept (merge the two into one) or dismiss the suggested match. */
export const MergeSuggestionDecision = z.strictObject({
  accept: z.boolean({ error: 'accept must be true or false' }),
});
export type MergeSuggestionDecision = z.output<typeof MergeSuggestionDecision>;
