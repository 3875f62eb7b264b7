import * as z from 'zod';
import { RULE_BATCH_PAGE_MAX } from '../core/rules.js';
import { blankAsUnset, Id, pageLimit, Timestamp } from './common.js';
import { Transaction } from './transaction.js';

/**
 * Categorization rules on the wire (docs/rules.md "Routes"): the answers and the queries. The bodies that carry a
 * rule's criteria are in ./rule-inputs.ts. Amounts are decimals on the wire and integer cents inside; `category` is ""
 * when the rule's category update is off.
 */

/**
 * Every rule call sends `?organizationId=`. The organization always comes from the
 * caller's membership; a different id answers 404 (another organization's existence is never revealed).
 */
export const RuleOrganizationQuery = z.strictObject({ organizationId: blankAsUnset(Id) });

export const CategorizationRule = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  organizationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  priority: z.number().int(),
  namePattern: z.string().nullable(),
  amountMin: z.number().nullable(),
  amountMax: z.number().nullable(),
  amountExact: z.number().nullable(),
  /** A subcategory, or "" when the rule's category update is off. */
  category: z.string(),
  /** The dialog's "Update property" choice, kept with the rule (never applied to transactions). */
  propertyId: z.string().nullable(),
  /**
   * The parts the rule splits a matching transaction into (category is then ""): each a fixed amount (a decimal), a
   * percent (33.33) or the rest (both null); null when the rule sets one category.
   */
  split: z
    .array(
      z.object({
        category: z.string(),
        propertyId: z.string().nullable(),
        memo: z.string().nullable(),
        amount: z.number().nullable(),
        percent: z.number().nullable(),
      }),
    )
    .nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type CategorizationRule = z.infer<typeof CategorizationRule>;

export const RuleResult = z.object({ rule: CategorizationRule });
/** Rules in the order they are tried (active first by priority, then oldest first), inactive ones last. */
export const RuleList = z.object({ rules: z.array(CategorizationRule) });

export const ApplyRuleResult = z.object({
  /** How many transactions this call categorized ("Rule applied to N transaction(s)."). */
  categorizedCount: z.number().int(),
  /** Selected transactions left alone: ignored, already in the category, or no longer matching. */
  skippedCount: z.number().int(),
  /** Of those, or of the matching ones, dated in a closed period: left out. */
  closedCount: z.number().int(),
  /**
   * Matching transactions still to do: past the per-call limit, or not reached in this call's time.
   * Sending the same request again continues (it is idempotent); 0 when complete.
   */
  remainingCount: z.number().int(),
  complete: z.boolean(),
  /** The undoable record of this apply; null when nothing changed. */
  batchId: z.string().nullable(),
});

export const PreviewRuleResult = z.object({
  /** How many of the organization's transactions the rule would change (the dialog's "Preview changes (N)"). */
  count: z.number().int(),
  /** Matching transactions dated in a closed period, left out of `count` and the pages. */
  closedCount: z.number().int(),
  /** One page of them, newest first (date, then id). */
  transactions: z.array(Transaction),
  nextCursor: z.string().nullable(),
});

/** GET /api/categorization-rules/match-counts: the rules table's "number of matching transactions". */
export const RuleMatchCounts = z.object({
  counts: z.array(z.object({ ruleId: z.string(), count: z.number().int() })),
});

export const RULE_BATCH_STATUSES = ['applying', 'interrupted', 'applied', 'undoing', 'undone'] as const;

const Person = z.object({ userId: z.string(), email: z.string().nullable() });

/** One apply, as recorded: what was applied, by whom, when, to how many; undoable. */
export const RuleBatch = z.object({
  id: z.string(),
  ruleId: z.string().nullable(),
  ruleName: z.string().nullable(),
  criteria: z.object({
    namePattern: z.string().nullable(),
    amountMin: z.number().nullable(),
    amountMax: z.number().nullable(),
    amountExact: z.number().nullable(),
    category: z.string(),
  }),
  /** interrupted: an apply stopped part way (its transactions are each done or untouched); re-run it or undo it. */
  status: z.enum(RULE_BATCH_STATUSES),
  appliedCount: z.number().int(),
  /** After an undo: how many got their previous category back, and how many were edited since and kept. */
  restoredCount: z.number().int().nullable(),
  keptCount: z.number().int().nullable(),
  createdAt: Timestamp,
  createdBy: Person,
  finishedAt: Timestamp.nullable(),
  undoneAt: Timestamp.nullable(),
  undoneBy: Person.nullable(),
  version: z.number().int(),
});
export type RuleBatch = z.infer<typeof RuleBatch>;

export const RuleBatchListQuery = z.strictObject({
  organizationId: blankAsUnset(Id),
  limit: pageLimit(RULE_BATCH_PAGE_MAX),
  cursor: blankAsUnset(z.string().max(500, { error: 'That page link is not valid' })),
});

export const RuleBatchPage = z.object({ batches: z.array(RuleBatch), nextCursor: z.string().nullable() });

export const UndoRuleBatchResult = z.object({
  batch: RuleBatch,
  /** Transactions given back their previous category by this undo. */
  restoredCount: z.number().int(),
  /** Transactions changed since the apply (by hand or by a later apply): left as they are. */
  keptCount: z.number().int(),
});
