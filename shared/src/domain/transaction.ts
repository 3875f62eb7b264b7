import * as z from 'zod';
import { amountFilterCents, NO_PROPERTY, UNCATEGORIZED } from '../core/filters.js';
import { LEASE_LINK_SOURCES } from '../core/leaseLinks.js';
import { AUTO_LINK_REASONS } from '../core/rentMatching.js';
import { SPLIT_MEMO_MAX, SPLIT_PARTS_MAX, SPLIT_PARTS_MIN } from '../core/splits.js';
import {
  ATTACH_RECEIPTS_MAX,
  BULK_UPDATE_MAX,
  PAGE_SIZE_MAX,
  TRANSACTION_NAME_MAX,
  TRANSACTION_NOTES_MAX,
} from '../core/transactions.js';
import {
  CATEGORY_GROUP_VALUES,
  CATEGORY_VALUES,
  type Category,
  type CategoryGroup,
  isCategory,
  isCategoryGroup,
} from './categories.js';
import { blankAsUnset, Id, IsoDate, line, optionalLine, optionalText, pageLimit, Timestamp } from './common.js';
import { moneyField } from './money.js';

/** user_created: typed by a person; plaid: the bank sync; import: a bank file (CSV, OFX, QFX) a person imported. */
export const TRANSACTION_SOURCES = ['user_created', 'plaid', 'import'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];
export const CATEGORIZATION_SOURCES = ['manual', 'rule', 'bank'] as const;
export type CategorizationSource = (typeof CATEGORIZATION_SOURCES)[number];

// The filter words for "no property" and "no category" live in the zod-free core: the web reads URLs with them.
export { NO_PROPERTY, UNCATEGORIZED } from '../core/filters.js';

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A category (docs/product.md "Categories") or empty: '' and null both mean uncategorized. */
export const CategoryField = z
  .string({ error: 'Choose a category from the list' })
  .nullish()
  .transform((value, ctx): Category | null => {
    if (value == null || value === '') return null;
    if (!isCategory(value)) {
      ctx.addIssue({ code: 'custom', message: 'Choose a category from the list' });
      return z.NEVER;
    }
    return value;
  });

/** An empty propertyId is sent as null. Whether it is the caller's property is checked on write. */
export const PropertyIdField = z
  .string({ error: 'Choose a property from the list' })
  .nullish()
  .transform((value, ctx): string | null => {
    if (value == null || value === '') return null;
    if (!ID_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Choose a property from the list' });
      return z.NEVER;
    }
    return value;
  });

/**
 * The fields a person edits in the transaction flyout (docs/product.md "Details tab"). Amount arrives as a decimal,
 * leaves as cents.
 */
const editableFields = {
  name: line('Name', TRANSACTION_NAME_MAX),
  date: IsoDate,
  amount: moneyField(),
  category: CategoryField,
  propertyId: PropertyIdField,
  notes: optionalText('Notes', TRANSACTION_NOTES_MAX),
};

/**
 * Lease links (docs/ledger.md "Lease links"): a lease id, or null for "no lease". Omitted = not chosen by the person (a
 * new transaction may be linked automatically; an edit keeps the current link). Checked on write: a lease of
 * the organization (else 404), of the transaction's property, on income (else 400).
 */
export const LeaseIdField = z
  .string({ error: 'Choose a lease from the list' })
  .nullable()
  .transform((value, ctx): string | null => {
    if (value === null || value === '') return null;
    if (!ID_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Choose a lease from the list' });
      return z.NEVER;
    }
    return value;
  })
  .optional();

/**
 * The maintenance request a repair cost is for: an id of the organization's requests (else 404), or
 * null to unlink. Omitted = unchanged.
 */
const MaintenanceRequestIdField = z
  .string({ error: 'Choose a maintenance request' })
  .regex(ID_PATTERN, { error: 'Choose a maintenance request' })
  .nullable()
  .optional();

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

/** POST /api/transactions. isIgnored defaults to false; receiptIds attach the caller's unattached uploads. */
export const TransactionInput = z.strictObject({
  ...editableFields,
  isIgnored: z.boolean({ error: 'isIgnored must be true or false' }).optional(),
  leaseId: LeaseIdField,
  maintenanceRequestId: MaintenanceRequestIdField,
  receiptIds: z
    .array(Id)
    .max(ATTACH_RECEIPTS_MAX, { error: `Attach at most ${ATTACH_RECEIPTS_MAX} receipts at once` })
    .refine(uniqueIds, { error: 'Each receipt can be attached once' })
    .optional(),
});
export type TransactionInput = z.output<typeof TransactionInput>;
export type TransactionInputBody = z.input<typeof TransactionInput>;

/**
 * PUT /api/transactions/{id} replaces the editable fields; an omitted isIgnored keeps the current
 * value. `version` is the one the client read: a concurrent edit answers 409 instead of overwriting.
 */
export const TransactionUpdate = z.strictObject({
  ...editableFields,
  isIgnored: z.boolean({ error: 'isIgnored must be true or false' }).optional(),
  leaseId: LeaseIdField,
  maintenanceRequestId: MaintenanceRequestIdField,
  version: z.number({ error: 'version is required' }).int().min(1),
});
export type TransactionUpdate = z.output<typeof TransactionUpdate>;
export type TransactionUpdateBody = z.input<typeof TransactionUpdate>;

/** One part of a split (docs/ledger.md "Split transactions"): its amount, category, property, lease and memo. */
export const SplitPartInput = z.strictObject({
  amount: moneyField(),
  category: CategoryField,
  propertyId: PropertyIdField,
  leaseId: LeaseIdField.transform((value) => value ?? null),
  memo: optionalLine('Memo', SPLIT_MEMO_MAX),
});
export type SplitPartInput = z.output<typeof SplitPartInput>;

/**
 * PUT /api/transactions/{id}/split: the parts that replace the transaction's category, property and lease (or a
 * split's earlier parts). They must add up to the transaction's amount; `version` is the one the client read.
 */
export const TransactionSplit = z.strictObject({
  parts: z
    .array(SplitPartInput, { error: 'parts must be a list' })
    .min(SPLIT_PARTS_MIN, { error: `A split has at least ${SPLIT_PARTS_MIN} parts` })
    .max(SPLIT_PARTS_MAX, { error: `A split has at most ${SPLIT_PARTS_MAX} parts` }),
  version: z.number({ error: 'version is required' }).int().min(1),
});
export type TransactionSplit = z.output<typeof TransactionSplit>;
export type TransactionSplitBody = z.input<typeof TransactionSplit>;

/** DELETE /api/transactions/{id}/split: one category (and property) again for the whole amount. */
export const TransactionUnsplit = z.strictObject({
  category: CategoryField,
  propertyId: PropertyIdField,
  version: z.number({ error: 'version is required' }).int().min(1),
});
export type TransactionUnsplit = z.output<typeof TransactionUnsplit>;

export const TransactionIgnoreUpdate = z.strictObject({
  isIgnored: z.boolean({ error: 'isIgnored must be true or false' }),
});
export const TransactionIgnoreResult = z.object({ id: z.string(), isIgnored: z.boolean(), version: z.number().int() });

/**
 * One bulk change: what to set (at least one of category, propertyId, isIgnored, acceptSuggestedCategory) on up to
 * 500 transactions. `acceptSuggestedCategory` gives each uncategorized transaction the bank's suggested category as a
 * person's choice (docs/banking.md "Accepting the bank's suggestion").
 */
export const BulkTransactionUpdate = z.strictObject({
  ids: z
    .array(Id, { error: 'ids must be a list of transaction ids' })
    .min(1, { error: 'Select at least one transaction' })
    .max(BULK_UPDATE_MAX, { error: `Select at most ${BULK_UPDATE_MAX} transactions at once` })
    .refine(uniqueIds, { error: 'Each transaction can be selected once' }),
  set: z
    .strictObject(
      {
        category: CategoryField.optional(),
        propertyId: PropertyIdField.optional(),
        isIgnored: z.boolean({ error: 'isIgnored must be true or false' }).optional(),
        acceptSuggestedCategory: z
          .literal(true, { error: 'acceptSuggestedCategory can only be true (leave it out otherwise)' })
          .optional(),
      },
      { error: 'set must say what to change' },
    )
    .refine((set) => Object.values(set).some((value) => value !== undefined), {
      error: 'Choose a category, a property or the ignored status to set',
    })
    .refine((set) => !(set.acceptSuggestedCategory && set.category !== undefined), {
      error: 'Choose a category or accept the suggested ones, not both',
    }),
});
export type BulkTransactionUpdate = z.output<typeof BulkTransactionUpdate>;

/** A transaction on the wire: money as a signed decimal, negative = money out. */
export const Transaction = z.object({
  id: z.string(),
  externalId: z.string().nullable(),
  /** The bank-link (Plaid) transaction id. */
  plaidTransactionId: z.string().nullable(),
  userId: z.string().nullable(),
  organizationId: z.string(),
  institutionId: z.string().nullable(),
  bankAccountId: z.string().nullable(),
  amount: z.number(),
  date: z.string(),
  name: z.string(),
  category: z.enum(CATEGORY_VALUES as [Category, ...Category[]]).nullable(),
  notes: z.string().nullable(),
  categorizationSource: z.enum(CATEGORIZATION_SOURCES).nullable(),
  categorizationConfidence: z.number().nullable(),
  categorizedAt: Timestamp.nullable(),
  /** The rule that set the category, when categorizationSource is "rule" and it was a saved rule; absent otherwise. */
  categorizedByRuleId: z.string().nullable().optional(),
  source: z.enum(TRANSACTION_SOURCES),
  /** The file an imported transaction came from (source "import"); absent otherwise. */
  importFileName: z.string().nullable().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  propertyId: z.string().nullable(),
  /** The lease this rent pays; null = none. leaseLinkSource: "manual" (a person) or "auto". */
  leaseId: z.string().nullable(),
  leaseLinkSource: z.enum(LEASE_LINK_SOURCES).nullable().optional(),
  /** Why an automatic link was made (absent on links made before reasons were kept: the only lease then). */
  leaseLinkReason: z.enum(AUTO_LINK_REASONS).nullable().optional(),
  /** The maintenance request this repair cost is for; null = none. */
  maintenanceRequestId: z.string().nullable(),
  isReviewed: z.boolean(),
  isIgnored: z.boolean(),
  hasReceipt: z.boolean(),
  hasOpenReviewRequests: z.boolean(),
  hasReviewHistory: z.boolean(),
  version: z.number().int(),
  /** The parts of a split transaction (their amounts add up to `amount`); null when it is not split. */
  parts: z
    .array(
      z.object({
        amount: z.number(),
        category: z.enum(CATEGORY_VALUES as [Category, ...Category[]]).nullable(),
        propertyId: z.string().nullable(),
        leaseId: z.string().nullable(),
        memo: z.string().nullable(),
      }),
    )
    .nullable(),
  /** The amount the split was made for, when the bank changed the line since (check the split); else null. */
  splitReviewFrom: z.number().nullable(),
  // Bank sync (absent on transactions typed by hand):
  /** Not yet posted by the bank: shown as Pending and counted in no total or report. */
  pending: z.boolean().optional(),
  pendingTransactionId: z.string().nullable().optional(),
  /** From the bank's category, low confidence: a suggestion, never the category. */
  suggestedCategory: z
    .enum(CATEGORY_VALUES as [Category, ...Category[]])
    .nullable()
    .optional(),
  suggestionConfidence: z.number().nullable().optional(),
  /** Another transaction that may be the same charge (a pending one posted with a tip). */
  suggestedMatchId: z.string().nullable().optional(),
  /** Removed by the bank but kept (people attached something to it); ignored. */
  removedByBank: z.boolean().optional(),
  /** The other side of a transfer between own accounts (docs/ledger.md "Transfers"), and how it was named. */
  transferPairId: z.string().nullable().optional(),
  transferWith: z.string().nullable().optional(),
});
export type Transaction = z.infer<typeof Transaction>;

// ---- the ledger's filters -------------------------------------------------------------------

/** Query strings carry text: '' means "not set", so a form can send every field. */
const queryBoolean = (label: string) =>
  blankAsUnset(
    z.enum(['true', 'false'], { error: `${label} must be true or false` }).transform((value) => value === 'true'),
  );

/** An absolute-amount bound of the ledger filter: a decimal such as 75 or 75.01 (0 or more), as integer cents. */
const amountBound = (label: string) =>
  blankAsUnset(
    z.string().transform((value, ctx) => {
      const cents = amountFilterCents(value.trim());
      if (cents === null) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be an amount of 0 or more with at most 2 decimal places, such as 75 or 75.50`,
        });
        return z.NEVER;
      }
      return cents;
    }),
  );

const filterShape = {
  from: blankAsUnset(IsoDate),
  to: blankAsUnset(IsoDate),
  /** A property id, or "none" for transactions with no property. Becomes null for "none". */
  propertyId: blankAsUnset(
    z
      .string()
      .refine((value) => value === NO_PROPERTY || ID_PATTERN.test(value), {
        error: `Choose a property, or "${NO_PROPERTY}" for no property`,
      })
      .transform((value) => (value === NO_PROPERTY ? null : value)),
  ),
  /** A category value, or "uncategorized". */
  category: blankAsUnset(
    z
      .string()
      .refine((value) => value === UNCATEGORIZED || isCategory(value), {
        error: `Choose a category from the list, or "${UNCATEGORIZED}"`,
      })
      .transform((value) => value as Category | typeof UNCATEGORIZED),
  ),
  /** A category group: the group value itself and all its subcategories. */
  categoryGroup: blankAsUnset(
    z
      .string()
      .refine(isCategoryGroup, { error: `Choose a category group: ${CATEGORY_GROUP_VALUES.join(', ')}` })
      .transform((value) => value as CategoryGroup),
  ),
  /** in = amount >= 0 (zero counts as money in), out = amount < 0. */
  direction: blankAsUnset(z.enum(['in', 'out'], { error: 'direction must be "in" or "out"' })),
  ignored: queryBoolean('ignored'),
  hasReceipt: queryBoolean('hasReceipt'),
  /** Absolute amount (sign ignored) at least / at most, in cents: minAmount=75.01 is "over $75". */
  minAmount: amountBound('minAmount'),
  maxAmount: amountBound('maxAmount'),
  /** Transactions with open review requests. */
  needsReview: queryBoolean('needsReview'),
  /**
   * Transactions with an open review request assigned to the caller (an index Query, docs/ledger.md "The ledger
   * query").
   */
  waitingOnMe: blankAsUnset(z.literal('true', { error: 'waitingOnMe can only be true' }).transform(() => true)),
  /** Case-insensitive text contained in the name. */
  search: blankAsUnset(
    z
      .string()
      .trim()
      .max(100, { error: 'Search at most 100 characters' })
      .transform((value) => value.toLowerCase() || undefined),
  ),
};

type FilterFields = {
  from?: string;
  to?: string;
  category?: string;
  categoryGroup?: string;
  minAmount?: number;
  maxAmount?: number;
};

function refineFilter(value: FilterFields, ctx: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  }
  if (value.category && value.categoryGroup) {
    ctx.addIssue({ code: 'custom', path: ['categoryGroup'], message: 'Filter by a category or a group, not both' });
  }
  if (value.minAmount !== undefined && value.maxAmount !== undefined && value.minAmount > value.maxAmount) {
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'maxAmount must be at least minAmount' });
  }
}

const cursorField = blankAsUnset(z.string().max(2000, { error: 'That page link is not valid' }));

/** GET /api/transactions: filters, page size and the cursor of the previous page. */
export const ListTransactionsQuery = z
  .strictObject({
    ...filterShape,
    limit: pageLimit(PAGE_SIZE_MAX),
    cursor: cursorField,
  })
  .superRefine(refineFilter);
export type ListTransactionsQuery = z.output<typeof ListTransactionsQuery>;

/** GET /api/transactions/totals: the same filters; `cursor` continues a sum that needed more than one call. */
export const TransactionTotalsQuery = z.strictObject({ ...filterShape, cursor: cursorField }).superRefine(refineFilter);
export type TransactionTotalsQuery = z.output<typeof TransactionTotalsQuery>;

/** The filters alone, as the repositories take them. */
export type TransactionFilter = Omit<ListTransactionsQuery, 'limit' | 'cursor'>;

export const TransactionPage = z.object({
  transactions: z.array(Transaction),
  /** Pass back as `cursor` for the next page; null when there is none. */
  nextCursor: z.string().nullable(),
});

export const Totals = z.object({
  /** Sum of money in (>= 0). */
  in: z.number(),
  /** Sum of money out (<= 0, signed like amounts). */
  out: z.number(),
  /** in + out. */
  net: z.number(),
  count: z.number().int(),
  /** The part of net in transfer categories (transfers, deposits, owner money), which no report counts. */
  transfers: z.number(),
  /** The part of net not categorized yet, which no report counts. */
  uncategorized: z.number(),
  /** net - transfers - uncategorized: what the reports count of these transactions (their cash flow). */
  counted: z.number(),
});
export type Totals = z.infer<typeof Totals>;

export const TransactionTotals = z.object({
  /**
   * Of the transactions the filtered list shows, ignored ones excluded unless the filter asks for them
   * (`ignored=true`); pending bank transactions count once posted. When complete is false, the sums so far.
   */
  totals: Totals,
  /** False when the sum needs another call: pass `cursor` back (it carries the sums so far). */
  complete: z.boolean(),
  cursor: z.string().nullable(),
  /** How the totals were computed: monthly rollups (O(months)) or reading the transactions. */
  source: z.enum(['rollups', 'transactions']),
});

export const TransactionResult = z.object({ transaction: Transaction });

export const BulkUpdateResult = z.object({
  /** Transactions this call changed. */
  updatedIds: z.array(z.string()),
  /** Selected transactions that already had the requested values. */
  unchangedIds: z.array(z.string()),
});
