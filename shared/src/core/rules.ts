/**
 * Categorization rules' limits (docs/rules.md "Routes"), zod-free so the rule dialog checks what the schemas
 * (rules/validate.ts, domain/rule.ts) enforce. The rule engine itself is shared/src/rules.
 */

/** Priority bounds: wide enough for any ordering a person sets by hand, narrow enough to read. */
export const MIN_RULE_PRIORITY = -1000;
export const MAX_RULE_PRIORITY = 1000;
export const MAX_RULE_NAME_LENGTH = 200;
export const MAX_RULE_DESCRIPTION_LENGTH = 1000;

/** The most rules an organization keeps: every new transaction is checked against all active ones. */
export const MAX_RULES_PER_ORGANIZATION = 200;
/** The most transactions one apply call changes (and the most a client may select by id). */
export const APPLY_MAX_TRANSACTIONS = 5_000;
/** apply-single carries full transaction objects: ~700 bytes each, so 5,000 need ~3.5 MB. */
export const APPLY_MAX_BODY_BYTES = 5 * 1024 * 1024;
export const PREVIEW_PAGE_DEFAULT = 50;
export const PREVIEW_PAGE_MAX = 100;
export const RULE_BATCH_PAGE_DEFAULT = 20;
export const RULE_BATCH_PAGE_MAX = 100;
