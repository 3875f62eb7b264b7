import { CATEGORY_LABELS, type Category, UNCATEGORIZED_LABEL } from './categories.js';
import { formatCurrency } from './money.js';

/**
 * The audit trail of a transaction (docs/ledger.md "Audit trail"): which fields a
 * change records, how a change was made, and how the Activity timeline says it in words. Zod-free: the
 * server computes the diff, the browser phrases it.
 */

/**
 * How a change was made. `lease_change` is a lease link re-decided because a person added, changed or deleted a
 * lease; `transfer_match` is a transfer between own accounts paired automatically on arrival (docs/ledger.md
 * "Transfers"); `loan_match` is a payment to a lender split by its loan on arrival (docs/reports-and-tax.md
 * "Loans"); `rent_links` is rent linked to its lease from the "link past rent to leases" review; `system` is a write no person or known workflow started (a background job).
 */
export const AUDIT_VIAS = [
  'manual',
  'bulk',
  'rule_apply',
  'rule_undo',
  'import',
  'bank_sync',
  'lease_change',
  'rent_links',
  'system',
  'reconciliation',
  'transfer_match',
  'loan_match',
] as const;
export type AuditVia = (typeof AUDIT_VIAS)[number];

export const AUDIT_ACTIONS = ['created', 'updated'] as const;

/**
 * What the bank did, on the entry of a bank sync's change (docs/banking.md "What the trail says"): posted a pending
 * transaction (the same Plaid id, no longer pending), merged its posted version into a pending one (a new Plaid id
 * naming the pending one took it over), removed one people had attached something to (kept, ignored), or changed
 * its facts (amount, date, description).
 */
export const BANK_EVENTS = ['posted', 'merged', 'removed', 'changed'] as const;
export type BankEvent = (typeof BANK_EVENTS)[number];

/** The bank's event behind a change it made, read from the record before and after it. */
export function bankEventOf(before: Record<string, unknown>, after: Record<string, unknown>): BankEvent {
  if (after.removedByBank === true && before.removedByBank !== true) return 'removed';
  if (before.pending === true && after.pending !== true) {
    return (before.externalId ?? null) !== (after.externalId ?? null) ? 'merged' : 'posted';
  }
  return 'changed';
}
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The fields a person reads on a transaction, in the order the timeline lists them. */
export const AUDITED_FIELDS = [
  'name',
  'date',
  'amount',
  'category',
  'propertyId',
  'leaseId',
  'notes',
  'isIgnored',
  'removedByBank',
  'split',
  'reconciled',
  'transfer',
] as const;
export type AuditedField = (typeof AUDITED_FIELDS)[number];

export type AuditValue = string | number | boolean | null;

export interface AuditFieldChange {
  field: AuditedField;
  from: AuditValue;
  to: AuditValue;
}

/** How many parts of a split an audit entry names one by one; the rest are counted. */
const SPLIT_PARTS_NAMED = 12;

/** A split's parts as the trail keeps them: "3 parts: -$1,625.00 Mortgage interest, -$271.20 …" (null: not split). */
function splitSummary(parts: unknown): string | null {
  if (!Array.isArray(parts) || parts.length === 0) return null;
  const named = (parts as { amount: number; category: string | null }[])
    .slice(0, SPLIT_PARTS_NAMED)
    .map(
      (part) =>
        `${formatCurrency(part.amount, 2)} ${part.category ? (CATEGORY_LABELS[part.category as Category] ?? part.category) : UNCATEGORIZED_LABEL}`,
    );
  const more = parts.length - named.length;
  return `${parts.length} parts: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

const fieldValue = (record: Record<string, unknown> | null, field: AuditedField): AuditValue => {
  if (field === 'split') return splitSummary(record?.parts);
  // The other side of a transfer as it was named when paired ("ONLINE TRANSFER in Savings"); null: not paired.
  if (field === 'transfer')
    return record?.transferPairId ? ((record.transferWith as string | undefined) ?? 'another transaction') : null;
  const value = record?.[field];
  return value === undefined ? null : (value as AuditValue);
};

/**
 * The audited fields that differ between `before` (null: the transaction is new) and `after`. A new
 * transaction lists the fields it was created with (empty ones left out).
 */
export function auditDiff(before: Record<string, unknown> | null, after: Record<string, unknown>): AuditFieldChange[] {
  const changes: AuditFieldChange[] = [];
  for (const field of AUDITED_FIELDS) {
    const from = fieldValue(before, field);
    const to = fieldValue(after, field);
    if (from === to) continue;
    if (before === null && (to === null || to === false || to === '')) continue;
    changes.push({ field, from, to });
  }
  return changes;
}

const FIELD_LABELS: Record<AuditedField, string> = {
  name: 'the description',
  date: 'the date',
  amount: 'the amount',
  category: 'the category',
  propertyId: 'the property',
  leaseId: 'the lease',
  notes: 'the notes',
  isIgnored: 'ignored',
  removedByBank: 'removed by the bank',
  split: 'the split',
  reconciled: 'reconciled',
  transfer: 'the transfer',
};

const VIA_PHRASES: Record<AuditVia, string> = {
  manual: '',
  bulk: ' in a bulk edit',
  rule_apply: ' by applying a rule',
  rule_undo: ' by undoing a rule',
  import: ' in a file import',
  bank_sync: '',
  lease_change: ' by changing a lease',
  rent_links: ' by linking past rent to leases',
  system: '',
  reconciliation: '',
  transfer_match: '',
  loan_match: " by its loan's schedule",
};

export interface AuditWordsContext {
  /**
   * The actor as people are named (docs/product.md "How people are named": "Me", a name, an email, "Unknown"); null
   * when no person acted.
   */
  actor: string | null;
  /** A property's name by id (ids not found are shown as "a property that no longer exists"). */
  propertyName?: (id: string) => string | undefined;
  /** The file of an import's entry: "imported this transaction from chase-oct.csv". */
  fileName?: string | null;
}

function shown(field: AuditedField, value: AuditValue, ctx: AuditWordsContext): string {
  if (value === null || value === '') {
    if (field === 'category') return UNCATEGORIZED_LABEL;
    if (field === 'propertyId') return 'no property';
    if (field === 'leaseId') return 'no lease';
    return 'nothing';
  }
  if (field === 'category') return CATEGORY_LABELS[value as Category] ?? String(value);
  if (field === 'amount' && typeof value === 'number') return formatCurrency(value, 2);
  if (field === 'propertyId') return ctx.propertyName?.(String(value)) ?? 'a property that no longer exists';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

function changeWords(change: AuditFieldChange, ctx: AuditWordsContext, created: boolean): string {
  if (change.field === 'isIgnored') return change.to ? 'ignored it' : 'stopped ignoring it';
  if (change.field === 'removedByBank') return change.to ? 'marked it removed by the bank' : 'restored it';
  if (change.field === 'reconciled') {
    return change.to
      ? `reconciled it with the bank statement through ${change.to}`
      : `undid its reconciliation with the statement through ${change.from}`;
  }
  if (change.field === 'transfer') {
    return change.to
      ? `paired it as a transfer with ${change.to}`
      : `unpaired it from the transfer with ${change.from}`;
  }
  if (change.field === 'split' && !created) {
    if (change.to === null) return 'unsplit it';
    if (change.from === null) return `split it into ${change.to}`;
    return `changed the split to ${change.to}`;
  }
  const to = shown(change.field, change.to, ctx);
  if (created) return `${FIELD_LABELS[change.field]} ${to}`;
  return `changed ${FIELD_LABELS[change.field]} from ${shown(change.field, change.from, ctx)} to ${to}`;
}

/** The subject of a sentence: the person, or what acted for nobody ("The bank sync", "The system"). */
function subject(via: AuditVia, actor: string | null): string {
  if (via === 'bank_sync') return 'The bank sync';
  if (via === 'loan_match') return 'Loan matching';
  return actor ?? (via === 'system' ? 'The system' : 'Unknown');
}

const BANK_EVENT_WORDS: Record<BankEvent, string> = {
  posted: 'The bank posted this transaction',
  merged: 'The bank merged its posted version into this pending transaction',
  removed:
    'The bank removed this transaction. It is kept, because something was attached to it, and left out of every total',
  changed: 'The bank',
};

/** A bank sync's change in the bank's words: "The bank posted this transaction and changed the amount from …". */
function bankWords(event: BankEvent, changes: AuditFieldChange[], ctx: AuditWordsContext): string {
  if (event === 'removed') return BANK_EVENT_WORDS.removed;
  const told = list(changes.map((c) => changeWords(c, ctx, false)));
  if (event === 'changed') return told ? `The bank ${told}` : 'The bank refreshed its details of this transaction';
  return told ? `${BANK_EVENT_WORDS[event]} and ${told}` : BANK_EVENT_WORDS[event];
}

/**
 * One audit entry in words, e.g. "Lena changed the category from Repairs to Supplies", "The bank posted this
 * transaction and changed the amount from -$40.00 to -$42.50" or "The bank sync created this transaction with the
 * description Coffee, the date 2026-01-02 and the amount -$4.50".
 */
export function auditWords(
  entry: {
    action: AuditAction;
    via: AuditVia;
    changes: AuditFieldChange[];
    override?: boolean;
    bankEvent?: BankEvent | null;
  },
  ctx: AuditWordsContext,
): string {
  if (entry.action === 'updated' && entry.via === 'bank_sync' && entry.bankEvent) {
    return bankWords(entry.bankEvent, entry.changes, ctx);
  }
  if (entry.via === 'transfer_match') return transferMatchWords(entry.changes, ctx);
  const who = subject(entry.via, ctx.actor);
  const how = `${VIA_PHRASES[entry.via]}${entry.override ? ', overriding the closed period' : ''}`;
  if (entry.action === 'created') {
    const made =
      entry.via !== 'import'
        ? 'created this transaction'
        : `imported this transaction${ctx.fileName ? ` from ${ctx.fileName}` : ''}`;
    const parts = entry.changes.filter((c) => c.field !== 'isIgnored' && c.field !== 'removedByBank');
    const withs = parts.map((c) => changeWords(c, ctx, true));
    return `${who} ${made}${withs.length > 0 ? ` with ${list(withs)}` : ''}${entry.via === 'import' ? '' : how}`;
  }
  if (entry.changes.length === 0) return `${who} updated this transaction${how}`;
  // A pair or unpair is what happened; the category it brought follows it.
  const ordered = [...entry.changes].sort((a, b) => Number(b.field === 'transfer') - Number(a.field === 'transfer'));
  return `${who} ${list(ordered.map((c) => changeWords(c, ctx, false)))}${how}`;
}

/** Automation's pair in words: "Paired as a transfer with ONLINE TRANSFER in Savings and changed the category …". */
function transferMatchWords(changes: AuditFieldChange[], ctx: AuditWordsContext): string {
  const pair = changes.find((c) => c.field === 'transfer');
  const rest = changes.filter((c) => c.field !== 'transfer').map((c) => changeWords(c, ctx, false));
  const head = pair?.to ? `Paired as a transfer with ${pair.to}` : 'Transfer matching updated this transaction';
  return rest.length > 0 ? `${head} and ${list(rest)}` : head;
}

function list(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Closed periods (docs/ledger.md "Closed periods"): the 409 of a write into a closed period, and the header of an
 * ADMIN's override.
 */
export const PERIOD_CLOSED_CODE = 'PERIOD_CLOSED';
export const OVERRIDE_CLOSED_PERIOD_HEADER = 'x-override-closed-period';
export const periodClosedMessage = (closedThrough: string) =>
  `The books are closed through ${closedThrough}: this period is closed, so transactions dated on or before it cannot be created, changed or deleted. An admin can reopen the period or override.`;

/** Whether a transaction dated `date` (YYYY-MM-DD) falls in the closed period. */
export const inClosedPeriod = (date: string, closedThrough: string | null | undefined) =>
  !!closedThrough && date <= closedThrough;

/** A close or reopen of the books in words, for the Org Settings history ("Lena reopened the books: …"). */
export function closedPeriodChangeWords(change: {
  from: string | null;
  to: string | null;
  reopened: boolean;
  byName: string;
}): string {
  const who = change.byName || 'Unknown';
  if (change.to === null) return `${who} reopened all periods (they were closed through ${change.from})`;
  if (change.reopened) return `${who} reopened the books after ${change.to} (they were closed through ${change.from})`;
  if (change.from === null) return `${who} closed the books through ${change.to}`;
  return `${who} moved the close from ${change.from} to ${change.to}`;
}
