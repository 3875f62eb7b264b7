import { autoCategorize, type EngineRule, type RuleSet, ruleSplitParts, splitHome } from '@rent/shared';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { toMatchable } from '../../data/ledger/matchIndex.js';

/**
 * Who set a transaction's category, and how (docs/rules.md "Categorization"): by a rule on arrival, by a rule
 * applied by a person, or by hand. A category that came with a transaction (a person's or the bank's choice)
 * stands; a rule categorizes only what arrives without one.
 */

/** The category of the first active rule that matches a transaction arriving without one, with its provenance. */
export function categorizeOnArrival(
  rules: RuleSet<EngineRule>,
  record: TransactionRecord,
  now: string,
): TransactionRecord {
  const change = autoCategorize(rules, toMatchable(record), now);
  return change ? categorizedByRule(record, change) : record;
}

/**
 * What a rule's categorization sets on a transaction: the category and its provenance, or, for a rule that splits,
 * the parts its amount splits into (docs/rules.md "Rules that split"; the engine only offers a split that fits).
 */
export function categorizedByRule(
  record: TransactionRecord,
  change: NonNullable<ReturnType<typeof autoCategorize>>,
): TransactionRecord {
  const parts = change.split ? ruleSplitParts(record.amount, change.split) : null;
  if (change.split && !parts) return record;
  return {
    ...record,
    ...(parts && {
      parts,
      propertyId: splitHome(parts).propertyId,
      leaseId: null,
      leaseLinkSource: null,
      leaseLinkReason: null,
    }),
    category: parts ? null : (change.category as TransactionRecord['category']),
    categorizationSource: 'rule',
    categorizedByRuleId: change.categorizedByRuleId,
    categorizationConfidence: change.categorizationConfidence,
    categorizedAt: change.categorizedAt,
  };
}

/**
 * A category set by hand: kept as it is when the category did not change. A new category by hand forgets the
 * rule (and the rule batch) that set the previous one, so no later rule and no undo of an earlier apply
 * overwrites a person's choice.
 */
export function categorizedByHand(current: TransactionRecord, category: TransactionRecord['category'], now: string) {
  if (category === current.category) return {};
  return {
    category,
    categorizationSource: category ? ('manual' as const) : null,
    categorizationConfidence: null,
    categorizedAt: category ? now : null,
    categorizedByRuleId: null,
    categorizationBatchId: null,
  };
}
