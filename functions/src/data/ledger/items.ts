import {
  type AutoLinkReason,
  type CategorizationSource,
  type Category,
  type Cents,
  fromCents,
  type LeaseLinkSource,
  partTags,
  rebalanceSplit,
  type SplitPart,
  splitHome,
  type Transaction,
  type TransactionSource,
} from '@rent/shared';
import { keys } from '../keys.js';

/** One part of a split transaction as stored: cents, like the transaction (docs/ledger.md "Split transactions"). */
export type SplitPartRecord = SplitPart;

/**
 * A transaction as stored: every field of docs/ledger.md "Transactions", money in integer cents. Pure module (no
 * client): the repositories, the offline seed and the benchmark seeder all build items through it.
 */
export interface TransactionRecord {
  id: string;
  externalId: string | null;
  plaidTransactionId: string | null;
  userId: string | null;
  organizationId: string;
  institutionId: string | null;
  bankAccountId: string | null;
  amount: Cents;
  date: string;
  name: string;
  category: Category | null;
  notes: string | null;
  categorizationSource: CategorizationSource | null;
  categorizationConfidence: number | null;
  categorizedAt: string | null;
  /** The saved rule that set the category (categorizationSource "rule"); absent or null otherwise. */
  categorizedByRuleId?: string | null;
  /**
   * The rule batch (one apply) that set the category; absent or null otherwise. Internal: an undo
   * restores only transactions still carrying its batch id, i.e. not changed since by hand or by a
   * later apply. Any category change clears or replaces it.
   */
  categorizationBatchId?: string | null;
  /** Bank sync (docs/banking.md "Bank sync"); absent on transactions typed by hand. */
  /** Not yet posted by the bank: shown as Pending, counted in no total, rollup, match index or report. */
  pending?: boolean;
  /** Plaid's id of the pending transaction this posted one replaced. */
  pendingTransactionId?: string | null;
  /** Plaid's personal_finance_category as our category: a suggestion with low confidence, never the category. */
  suggestedCategory?: Category | null;
  suggestionConfidence?: number | null;
  /** A posted charge that may be this pending one with a tip (or the reverse): offered, never merged silently. */
  suggestedMatchId?: string | null;
  /** The bank removed it, but people had attached something: kept, ignored, and says so. */
  removedByBank?: boolean;
  /**
   * The bank's own date, amount and name of a bank line a person changed one of (`keepingBankSaid`), until the bank
   * sends the line again: how a bank linked again still recognises it (docs/banking.md "A bank linked again").
   * Internal; absent or null = the line's facts are the bank's.
   */
  bankSaid?: BankSaid | null;
  source: TransactionSource;
  /** The file an imported transaction came from (source "import"; docs/banking.md "File import"). */
  importFileName?: string | null;
  createdAt: string;
  updatedAt: string;
  propertyId: string | null;
  /** The lease this rent pays (docs/ledger.md "Lease links", shared/src/core/leaseLinks.ts); absent or null = none. */
  leaseId?: string | null;
  /** Who chose the lease link: "manual" (a person; automation never changes it) or "auto"; absent = nobody. */
  leaseLinkSource?: LeaseLinkSource | null;
  /** Why an automatic link was made (shared/src/core/rentMatching.ts). */
  leaseLinkReason?: AutoLinkReason | null;
  /**
   * The maintenance request this repair cost is for (docs/tenants-and-maintenance.md "Repair costs"); absent or
   * null = none.
   */
  maintenanceRequestId?: string | null;
  /**
   * The parts of a split transaction (they add up to `amount`); absent or null = not split. While split, the
   * transaction's own category and lease are null and its propertyId is the one property all parts name (null
   * when they name several or none).
   */
  parts?: SplitPartRecord[] | null;
  /**
   * The amount a split was made for, when the bank has changed the line's amount since (the difference went to the
   * largest part): the flyout asks a person to check the split, and saving it clears this. Absent or null = none.
   */
  splitReviewFrom?: Cents | null;
  /**
   * The finished statement reconciliation that holds this line (docs/reconciliation.md), and the last day of its
   * statement; absent or null = not reconciled. Set and cleared only by the reconciliation service.
   */
  reconciliationId?: string | null;
  reconciled?: string | null;
  /**
   * Transfers between own accounts (docs/ledger.md "Transfers"): the other side's id, how it was named when paired
   * ("ONLINE TRANSFER in Savings", for the audit trail), and the lines a person unpaired this one from (automation
   * never pairs those again; internal). Absent or null = not paired.
   */
  transferPairId?: string | null;
  transferWith?: string | null;
  transferRefusedIds?: string[] | null;
  isReviewed: boolean;
  isIgnored: boolean;
  hasReceipt: boolean;
  /** How many confirmed receipts point here; hasReceipt = receiptCount > 0. Not on the wire. */
  receiptCount: number;
  hasOpenReviewRequests: boolean;
  hasReviewHistory: boolean;
  version: number;
}

/** A bank line's facts as the bank sent them. */
export interface BankSaid {
  date: string;
  amount: Cents;
  name: string;
}

/**
 * A person's change of a bank line: when it moves the date, amount or name, the record keeps what the bank said (the
 * first time; the bank's next word on the line clears it, `syncPlan.ts`), so the line is still the bank's own when
 * the bank is linked again and brings its history with new ids.
 */
export function keepingBankSaid(current: TransactionRecord, next: TransactionRecord): TransactionRecord {
  if (current.source !== 'plaid' || current.bankSaid) return next;
  if (next.date === current.date && next.amount === current.amount && next.name === current.name) return next;
  return { ...next, bankSaid: { date: current.date, amount: current.amount, name: current.name } };
}

/** Lower-cased name for the ledger's case-insensitive search (DynamoDB's contains() is case-sensitive). */
export const searchName = (name: string) => name.toLowerCase();

/**
 * The record with the bank's new amount: a split keeps its parts, the difference on the largest, and says from which
 * amount it was split until a person saves it again.
 */
export function withBankAmount(record: TransactionRecord, amount: Cents): TransactionRecord {
  if (!record.parts || amount === record.amount) return { ...record, amount };
  return {
    ...record,
    amount,
    parts: rebalanceSplit(record.parts, amount),
    splitReviewFrom: record.splitReviewFrom ?? record.amount,
  };
}

/** Whether a split's parts name more than one property: then it is listed under each of them. */
export const acrossProperties = (t: Pick<TransactionRecord, 'parts'>) => !!t.parts && splitHome(t.parts).multi;

/** The index keys that follow a transaction's date, createdAt and property (or its parts' properties). */
export function transactionIndexKeys(
  t: Pick<TransactionRecord, 'organizationId' | 'id' | 'date' | 'createdAt' | 'propertyId' | 'parts'>,
) {
  return {
    ...keys.transactionByDate(t.organizationId, t.date, t.createdAt, t.id),
    ...(acrossProperties(t)
      ? keys.transactionAcrossProperties(t.organizationId, t.date, t.createdAt, t.id)
      : keys.transactionByProperty(t.organizationId, t.propertyId, t.date, t.createdAt, t.id)),
  };
}

/** The properties a transaction points at: its own, or its parts' (each counted once on the property's item). */
export function propertiesReferenced(t: Pick<TransactionRecord, 'propertyId' | 'parts'> | null): Set<string> {
  if (!t) return new Set();
  const all = t.parts ? t.parts.map((part) => part.propertyId) : [t.propertyId];
  return new Set(all.filter((propertyId): propertyId is string => propertyId !== null));
}

/** What a split is filtered by (`p:<property>`, `c:<category>` of its parts); null when not split. */
export const partTagsOf = (t: Pick<TransactionRecord, 'parts'>) => (t.parts ? partTags(t.parts) : null);

/** What only the arrival path knows; every other field starts as `newTransaction` says. */
export type ArrivingTransaction = Pick<
  TransactionRecord,
  'id' | 'organizationId' | 'amount' | 'date' | 'name' | 'source' | 'createdAt'
> &
  Partial<TransactionRecord>;

/**
 * A transaction as it first enters the books, whichever way it comes (typed, imported, synced, added from a
 * statement): no category, notes, property or bank unless given; not reviewed, ignored or receipted; version 1;
 * updated when created. Each arrival path then categorizes and links it (docs/ledger.md "The write plan").
 */
export function newTransaction(fields: ArrivingTransaction): TransactionRecord {
  return {
    externalId: null,
    plaidTransactionId: null,
    userId: null,
    institutionId: null,
    bankAccountId: null,
    category: null,
    notes: null,
    categorizationSource: null,
    categorizationConfidence: null,
    categorizedAt: null,
    propertyId: null,
    isReviewed: false,
    isIgnored: false,
    hasReceipt: false,
    receiptCount: 0,
    hasOpenReviewRequests: false,
    hasReviewHistory: false,
    version: 1,
    updatedAt: fields.createdAt,
    ...fields,
  };
}

export function transactionItem(t: TransactionRecord) {
  return {
    ...keys.transaction(t.organizationId, t.id),
    ...transactionIndexKeys(t),
    type: 'Transaction',
    ...t,
    searchName: searchName(t.name),
    ...(t.parts && { partTags: partTagsOf(t) }),
  };
}

/** Kept on the record only when set, so a transaction no rule touched reads exactly as before rules existed. */
const OPTIONAL_FIELDS = [
  'importFileName',
  'categorizedByRuleId',
  'categorizationBatchId',
  'pending',
  'pendingTransactionId',
  'suggestedCategory',
  'suggestionConfidence',
  'suggestedMatchId',
  'removedByBank',
  'bankSaid',
  'leaseId',
  'leaseLinkSource',
  'leaseLinkReason',
  'maintenanceRequestId',
  'parts',
  'splitReviewFrom',
  'reconciliationId',
  'reconciled',
  'transferPairId',
  'transferWith',
  'transferRefusedIds',
] as const satisfies readonly (keyof TransactionRecord)[];

/**
 * The record of a stored item. Every field it always has is written in one object literal: V8 gives such an object
 * one fixed shape, where one built by a loop of stores under computed names falls into dictionary mode past a dozen
 * properties, and then every copy, spread and JSON.stringify of it is several times slower (a ledger page's records
 * were 15 µs each to put on the wire; docs/performance.md "The API: what a request pays before its own reads").
 */
export function toTransactionRecord(item: Record<string, unknown>): TransactionRecord {
  const field = <T>(name: keyof TransactionRecord) => (item[name] ?? null) as T;
  const flag = (name: keyof TransactionRecord) => (item[name] ?? false) as boolean;
  const record = {
    id: field<string>('id'),
    externalId: field<string | null>('externalId'),
    plaidTransactionId: field<string | null>('plaidTransactionId'),
    userId: field<string | null>('userId'),
    organizationId: field<string>('organizationId'),
    institutionId: field<string | null>('institutionId'),
    bankAccountId: field<string | null>('bankAccountId'),
    amount: field<Cents>('amount'),
    date: field<string>('date'),
    name: field<string>('name'),
    category: field<Category | null>('category'),
    notes: field<string | null>('notes'),
    categorizationSource: field<CategorizationSource | null>('categorizationSource'),
    categorizationConfidence: field<number | null>('categorizationConfidence'),
    categorizedAt: field<string | null>('categorizedAt'),
    source: field<TransactionSource>('source'),
    createdAt: field<string>('createdAt'),
    updatedAt: field<string>('updatedAt'),
    propertyId: field<string | null>('propertyId'),
    isReviewed: flag('isReviewed'),
    isIgnored: flag('isIgnored'),
    hasReceipt: flag('hasReceipt'),
    receiptCount: (item.receiptCount ?? 0) as number,
    hasOpenReviewRequests: flag('hasOpenReviewRequests'),
    hasReviewHistory: flag('hasReviewHistory'),
    version: field<number>('version'),
  } satisfies Omit<TransactionRecord, (typeof OPTIONAL_FIELDS)[number]> as TransactionRecord;
  const optional = record as unknown as Record<string, unknown>;
  for (const name of OPTIONAL_FIELDS) if (item[name] != null) optional[name] = item[name];
  return record;
}

type SplitPartOnWire = NonNullable<Transaction['parts']>[number];

/** Optional fields the wire form converts, defaults or leaves out (internal); every other one goes as it is. */
const NOT_AS_THEY_ARE = new Set<string>([
  'bankSaid',
  'categorizedByRuleId',
  'categorizationBatchId',
  'parts',
  'splitReviewFrom',
  'transferRefusedIds',
  'leaseId',
  'maintenanceRequestId',
  'transferPairId',
  'transferWith',
]);
const OPTIONAL_ON_THE_WIRE = OPTIONAL_FIELDS.filter((name) => !NOT_AS_THEY_ARE.has(name));

/**
 * Cents inside, a signed decimal with at most 2 places on the wire; the rule id only when a saved rule set the
 * category. Written as one literal, for the shape's sake (`toTransactionRecord`): a rest-and-spread copy of the record
 * took 15 µs a transaction.
 */
export function transactionToApi(t: TransactionRecord): Transaction {
  const api: Transaction = {
    id: t.id,
    externalId: t.externalId,
    plaidTransactionId: t.plaidTransactionId,
    userId: t.userId,
    organizationId: t.organizationId,
    institutionId: t.institutionId,
    bankAccountId: t.bankAccountId,
    amount: fromCents(t.amount),
    date: t.date,
    name: t.name,
    category: t.category,
    notes: t.notes,
    categorizationSource: t.categorizationSource,
    categorizationConfidence: t.categorizationConfidence,
    categorizedAt: t.categorizedAt,
    source: t.source,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    propertyId: t.propertyId,
    leaseId: t.leaseId ?? null,
    maintenanceRequestId: t.maintenanceRequestId ?? null,
    isReviewed: t.isReviewed,
    isIgnored: t.isIgnored,
    hasReceipt: t.hasReceipt,
    hasOpenReviewRequests: t.hasOpenReviewRequests,
    hasReviewHistory: t.hasReviewHistory,
    version: t.version,
    parts: t.parts ? t.parts.map((part) => ({ ...part, amount: fromCents(part.amount) }) as SplitPartOnWire) : null,
    splitReviewFrom: t.splitReviewFrom == null ? null : fromCents(t.splitReviewFrom),
    transferPairId: t.transferPairId ?? null,
    transferWith: t.transferWith ?? null,
  };
  const optional = api as Record<string, unknown>;
  for (const name of OPTIONAL_ON_THE_WIRE) if (t[name] !== undefined) optional[name] = t[name];
  if (t.categorizedByRuleId) api.categorizedByRuleId = t.categorizedByRuleId;
  return api;
}
