import * as z from 'zod';
import { formatCount } from '../core/money.js';
import { APPLY_MAX_TRANSACTIONS, PREVIEW_PAGE_MAX } from '../core/rules.js';
import { RuleCriteriaInput, RuleInput } from '../rules/validate.js';
import { Id } from './common.js';

/**
 * The rule routes' request bodies that carry a rule's criteria: the engine's own schemas (../rules/validate.ts),
 * RuleInput for create and update, RuleCriteriaInput for what apply and preview match.
 *
 * A module of their own because the engine's validation compiles patterns with re2js: the routes that only read
 * rules or applies, or delete or undo one, import ./rule.ts and leave the regular expression engine (about 150 KB)
 * out of their Lambda (docs/performance.md "Lambda bundles").
 */

/**
 * PUT /api/categorization-rules/{id}: the create body, plus always the `version` of the rule the person loaded: the
 * change is saved only if the rule is still at it, else 409 with the rule as it is now (docs/rules.md "Changing a
 * rule"). The rules page's active toggle sends the rule as shown, with its version, like the dialog.
 */
export const RuleUpdate = RuleInput.safeExtend({
  version: z
    .number({ error: 'version is required: send the version of the rule you loaded' })
    .int({ error: 'version must be a whole number' })
    .min(1, { error: 'version must be a whole number' }),
});
export type RuleUpdate = z.output<typeof RuleUpdate>;

/** Only the id of each selected transaction is used: the server re-reads and re-checks them. */
const SelectedTransaction = z.object({ id: Id }, { error: 'Each selected transaction must have an id' });

/**
 * POST /api/categorization-rules/apply-single: `rule` (criteria and category) and
 * `transactions` (the selected transaction objects). Instead of `transactions`, `allMatching: true`
 * selects every transaction of the organization the rule matches (the preview's count), minus
 * `excludeIds` (the ones the person unticked): a browser never has to hold 50,000 transactions.
 * `ruleId` names the saved rule being applied, so each transaction records which rule set it.
 */
export const ApplyRuleInput = z
  .strictObject({
    rule: RuleCriteriaInput,
    ruleId: Id.optional(),
    transactions: z
      .array(SelectedTransaction, { error: 'transactions must be a list of the selected transactions' })
      .min(1, { error: 'Select at least one transaction' })
      .max(APPLY_MAX_TRANSACTIONS, {
        error: `Select at most ${formatCount(APPLY_MAX_TRANSACTIONS)} transactions at once`,
      })
      .optional(),
    allMatching: z.literal(true, { error: 'allMatching can only be true' }).optional(),
    excludeIds: z
      .array(Id, { error: 'excludeIds must be a list of transaction ids' })
      .max(APPLY_MAX_TRANSACTIONS, { error: `Exclude at most ${APPLY_MAX_TRANSACTIONS} transactions` })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.transactions === undefined) === (value.allMatching === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['transactions'],
        message: 'Send the selected transactions, or allMatching: true (not both)',
      });
    }
    if (value.excludeIds !== undefined && value.allMatching === undefined) {
      ctx.addIssue({ code: 'custom', path: ['excludeIds'], message: 'excludeIds goes with allMatching: true' });
    }
    if (value.rule?.category === '' && !value.rule.split) {
      ctx.addIssue({
        code: 'custom',
        path: ['rule', 'category'],
        message: 'Turn on the category update and choose a category (or split) to apply this rule',
      });
    }
  });
export type ApplyRuleInput = z.output<typeof ApplyRuleInput>;

/** POST /api/categorization-rules/preview: the criteria the dialog has now, and which page. */
export const PreviewRuleInput = z.strictObject({
  rule: RuleCriteriaInput,
  limit: z
    .number({ error: `limit must be a whole number from 1 to ${PREVIEW_PAGE_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${PREVIEW_PAGE_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${PREVIEW_PAGE_MAX}` })
    .max(PREVIEW_PAGE_MAX, { error: `limit must be a whole number from 1 to ${PREVIEW_PAGE_MAX}` })
    .optional(),
  cursor: z.string().max(500, { error: 'That page link is not valid' }).nullish(),
});
export type PreviewRuleInput = z.output<typeof PreviewRuleInput>;
