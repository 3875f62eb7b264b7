import {
  type BankTransaction,
  type EngineRule,
  matchPending,
  normalizePlaidTransaction,
  type PendingCandidate,
  type PlaidTransactionLike,
  type RuleSet,
} from '@rent/shared';
import type { BankPointer } from '../../data/banking/bankTransactions.js';
import { newTransaction, type TransactionRecord, withBankAmount } from '../../data/ledger/items.js';
import type { TransactionChange } from '../../data/ledger/plan.js';
import { categorizeOnArrival } from '../ledger/categorize.js';

/**
 * What one /transactions/sync run changes, decided without I/O (syncApply.ts reads what it needs,
 * calls planSync, writes the plan). Every decision is a function of the sync's pages and the stored
 * state, so planning the same pages against the state they produced plans nothing: replays are no-ops.
 */

export interface SyncPages {
  added: PlaidTransactionLike[];
  modified: PlaidTransactionLike[];
  removed: string[];
}

/** A BankAccount as the planner needs it: our id, Plaid's account_id, the default property. */
export interface PlanAccount {
  id: string;
  accountId: string;
  propertyId: string | null;
}

export interface PlanInput {
  orgId: string;
  institutionId: string;
  /** Who linked the bank: the userId of what it brings. */
  userId: string | null;
  now: string;
  rules: RuleSet<EngineRule>;
  accounts: PlanAccount[];
  /** Stored pointers of the Plaid ids the pages name (and their pending_transaction_ids): merges and tombstones. */
  pointers: Map<string, BankPointer>;
  /**
   * Stored transactions: those with the deterministic id (`newId`) of every Plaid id named, those the
   * pointers name, and the pending candidates.
   */
  records: Map<string, TransactionRecord>;
  pending: PendingCandidate[];
  /** Lines a former link of the bank brought that arriving lines are (formerLinks.ts): Plaid id → transaction id. */
  adoptions?: Map<string, string>;
  newId: (plaidTransactionId: string) => string;
}

/** Items that go with a transaction's write: pointers of Plaid ids to it, its pending entry. */
export interface PlanExtras {
  pointers: string[];
  pendingPut: PendingCandidate | null;
  pendingDelete: boolean;
}

export interface SyncPlan {
  changes: TransactionChange[];
  extras: Map<string, PlanExtras>;
  /** Removed by the bank with nothing attached: deleted, their Plaid ids kept as tombstones. */
  deletions: { record: TransactionRecord; plaidIds: string[] }[];
  counts: {
    added: number;
    modified: number;
    removed: number;
    merged: number;
    suggested: number;
    kept: number;
    adopted: number;
  };
}

interface Work {
  current: TransactionRecord | null;
  next: TransactionRecord;
  extras: PlanExtras;
  merchantKey: string;
}

/** What a person (or something else than the bank) attached: then a removal keeps the record. */
export function hasUserData(t: TransactionRecord, defaultPropertyId: string | null): boolean {
  return (
    t.receiptCount > 0 ||
    t.hasReceipt ||
    Boolean(t.notes?.trim()) ||
    t.hasOpenReviewRequests ||
    t.hasReviewHistory ||
    t.isReviewed ||
    t.categorizationSource === 'manual' ||
    Boolean(t.maintenanceRequestId) ||
    t.propertyId !== defaultPropertyId
  );
}

/**
 * The bank's facts on a record: amount, date, name, pending state; never category, property, notes. A person's
 * change of the first three gives way, so what the bank said is no longer kept apart (`bankSaid`).
 */
function withBankFacts(record: TransactionRecord, t: BankTransaction): TransactionRecord {
  return {
    ...withBankAmount(record, t.amount),
    date: t.date,
    name: t.name,
    pending: t.pending,
    ...(record.bankSaid && { bankSaid: null }),
    ...(record.category === null && {
      suggestedCategory: t.suggestedCategory,
      suggestionConfidence: t.suggestionConfidence,
    }),
  };
}

const RECORD_FIELDS_COMPARED: (keyof TransactionRecord)[] = [
  'amount',
  'date',
  'name',
  'pending',
  'externalId',
  'plaidTransactionId',
  'pendingTransactionId',
  'category',
  'categorizationSource',
  'categorizedByRuleId',
  'categorizationConfidence',
  'categorizedAt',
  'suggestedCategory',
  'suggestionConfidence',
  'suggestedMatchId',
  'removedByBank',
  'isIgnored',
];

const differs = (a: TransactionRecord, b: TransactionRecord) =>
  RECORD_FIELDS_COMPARED.some((field) => (a[field] ?? null) !== (b[field] ?? null));

export function planSync(pages: SyncPages, input: PlanInput): SyncPlan {
  const accountOf = new Map(input.accounts.map((a) => [a.accountId, a]));
  const defaultProperty = (bankAccountId: string | null) =>
    input.accounts.find((a) => a.id === bankAccountId)?.propertyId ?? null;
  const work = new Map<string, Work>();
  const planPointers = new Map<string, BankPointer>();
  const deletions = new Map<string, { record: TransactionRecord; plaidIds: string[] }>();
  const counts = { added: 0, modified: 0, removed: 0, merged: 0, suggested: 0, kept: 0, adopted: 0 };
  const consumed = new Set<string>();

  /** Where a Plaid id lives: a pointer (a merge, or a tombstone), else the record with its own deterministic id. */
  const pointerOf = (plaidId: string): BankPointer | undefined => {
    const pointed = planPointers.get(plaidId) ?? input.pointers.get(plaidId);
    if (pointed) return pointed;
    const own = input.newId(plaidId);
    return input.records.has(own) || work.has(own) ? { transactionId: own, removed: false } : undefined;
  };
  const recordOf = (id: string): Work | null => {
    if (deletions.has(id)) return null;
    const known = work.get(id);
    if (known) return known;
    const stored = input.records.get(id);
    if (!stored) return null;
    const fresh: Work = {
      current: stored,
      next: { ...stored },
      extras: { pointers: [], pendingPut: null, pendingDelete: false },
      merchantKey: '',
    };
    work.set(id, fresh);
    return fresh;
  };
  const addPointer = (w: Work, plaidId: string) => {
    w.extras.pointers.push(plaidId);
    planPointers.set(plaidId, { transactionId: w.next.id, removed: false });
  };
  const normalize = (t: PlaidTransactionLike) => normalizePlaidTransaction(t, (id) => accountOf.get(id)?.id ?? null);

  const insert = (t: BankTransaction) => {
    const id = input.newId(t.plaidTransactionId);
    const arrived = newTransaction({
      id,
      externalId: t.externalId,
      plaidTransactionId: t.plaidTransactionId,
      userId: input.userId,
      organizationId: input.orgId,
      institutionId: input.institutionId,
      bankAccountId: t.bankAccountId,
      amount: t.amount,
      date: t.date,
      name: t.name,
      source: 'plaid',
      createdAt: input.now,
      propertyId: defaultProperty(t.bankAccountId),
      pending: t.pending,
      pendingTransactionId: t.pendingTransactionId,
    });
    const categorized = categorizeOnArrival(input.rules, arrived, input.now);
    const next: TransactionRecord =
      categorized.category === null
        ? { ...categorized, suggestedCategory: t.suggestedCategory, suggestionConfidence: t.suggestionConfidence }
        : categorized;
    const w: Work = {
      current: null,
      next,
      extras: { pointers: [], pendingPut: null, pendingDelete: false },
      merchantKey: t.merchantKey,
    };
    if (t.pending) {
      w.extras.pendingPut = {
        id,
        bankAccountId: t.bankAccountId,
        amount: t.amount,
        date: t.date,
        merchantKey: t.merchantKey,
      };
    }
    work.set(id, w); // its own id is deterministic: no pointer item, the Put's attribute_not_exists guards it
    counts.added++;
    return w;
  };

  /** The posted transaction takes over the pending record in place (same id: receipts, messages stay). */
  const merge = (pendingWork: Work, t: BankTransaction, pendingPlaidId: string) => {
    const before = pendingWork.next;
    let next: TransactionRecord = {
      ...withBankFacts(before, t),
      pending: false,
      externalId: t.externalId,
      plaidTransactionId: t.plaidTransactionId,
      pendingTransactionId: pendingPlaidId,
    };
    if (next.category === null) next = categorizeOnArrival(input.rules, next, input.now);
    pendingWork.next = next;
    pendingWork.extras.pendingPut = null;
    pendingWork.extras.pendingDelete = pendingWork.current?.pending === true;
    consumed.add(before.id);
    addPointer(pendingWork, t.plaidTransactionId);
    counts.merged++;
  };

  const update = (w: Work, t: BankTransaction) => {
    const wasPending = w.next.pending === true;
    const before = w.next;
    w.next = withBankFacts(w.next, t);
    const moved = (['amount', 'date', 'name', 'pending'] as const).some(
      (f) => (before[f] ?? false) !== (w.next[f] ?? false),
    );
    if (moved) counts.modified++;
    if (wasPending && !t.pending) {
      w.extras.pendingDelete = w.current?.pending === true;
      w.extras.pendingPut = null;
    }
  };

  /**
   * A line a former link of the bank brought is this one (formerLinks.ts): the record takes the new link's ids, so the
   * bank's later word about it reaches it, and keeps everything else, what people did with it included.
   */
  const adopt = (w: Work, t: BankTransaction) => {
    w.next = {
      ...w.next,
      institutionId: input.institutionId,
      bankAccountId: t.bankAccountId,
      externalId: t.externalId,
      plaidTransactionId: t.plaidTransactionId,
      pendingTransactionId: t.pendingTransactionId,
    };
    addPointer(w, t.plaidTransactionId);
    counts.adopted++;
  };

  /** Kept apart, each naming the other as a possible match (accept or dismiss: matches.ts). */
  const suggest = (other: Work, t: BankTransaction) => {
    const w = insert(t);
    w.next = { ...w.next, suggestedMatchId: other.next.id };
    other.next = { ...other.next, suggestedMatchId: w.next.id };
    consumed.add(other.next.id);
    counts.suggested++;
  };

  const arrive = (raw: PlaidTransactionLike) => {
    const t = normalize(raw);
    const known = pointerOf(t.plaidTransactionId);
    if (known) {
      if (known.removed) return;
      const w = recordOf(known.transactionId);
      if (w && w.next.externalId === t.externalId && w.next.removedByBank !== true) update(w, t);
      return; // else superseded (a posted one took it over) or removed: replaying its arrival changes nothing
    }
    if (!t.pending) {
      const link = t.pendingTransactionId ? pointerOf(t.pendingTransactionId) : undefined;
      const linked = link && !link.removed ? recordOf(link.transactionId) : null;
      // A pending the bank removed (kept for what a person attached to it) is no longer one to post into.
      const open = linked?.next.pending === true && linked.next.removedByBank !== true;
      if (linked && open && linked.next.externalId === t.pendingTransactionId) {
        // Plaid links them; a different amount (a tip) is still never merged silently: offered instead.
        if (linked.next.amount === t.amount) merge(linked, t, t.pendingTransactionId!);
        else suggest(linked, t);
        return;
      }
      // Already in the books from a former link of the bank: adopted, unless it posts into its own pending line.
      const former = input.adoptions?.get(t.plaidTransactionId);
      const adoptee = former ? recordOf(former) : null;
      if (adoptee && adoptee.next.institutionId !== input.institutionId) {
        adopt(adoptee, t);
        return;
      }
      if (!link) {
        const open = input.pending.filter((c) => !consumed.has(c.id) && recordOf(c.id)?.next.pending === true);
        const match = matchPending(t, open);
        if (match.kind === 'same') {
          const w = recordOf(match.id)!;
          merge(w, t, w.next.externalId!);
          return;
        }
        if (match.kind === 'suggest') {
          suggest(recordOf(match.id)!, t);
          return;
        }
      }
    }
    insert(t);
  };

  const remove = (plaidId: string) => {
    const known = pointerOf(plaidId);
    if (!known || known.removed) return;
    const w = recordOf(known.transactionId);
    if (!w || w.next.externalId !== plaidId || w.next.removedByBank === true) return;
    counts.removed++;
    const partner = w.next.suggestedMatchId ? recordOf(w.next.suggestedMatchId) : null;
    if (partner?.next.suggestedMatchId === w.next.id && !hasUserData(w.next, defaultProperty(w.next.bankAccountId))) {
      partner.next = { ...partner.next, suggestedMatchId: null }; // nothing left to merge with
    }
    if (w.current === null) {
      work.delete(w.next.id); // arrived and left within this sync: nothing to write
      return;
    }
    if (hasUserData(w.current, defaultProperty(w.current.bankAccountId))) {
      w.next = { ...w.next, removedByBank: true, isIgnored: true };
      w.extras.pendingDelete = w.current.pending === true;
      w.extras.pendingPut = null;
      counts.kept++;
      return;
    }
    work.delete(w.next.id);
    const ids = [plaidId, w.current.externalId, w.current.pendingTransactionId].filter(
      (id): id is string => typeof id === 'string',
    );
    deletions.set(w.current.id, { record: w.current, plaidIds: [...new Set(ids)] });
  };

  for (const t of pages.added) arrive(t);
  for (const t of pages.modified) {
    const known = pointerOf(t.transaction_id);
    if (known) {
      if (known.removed) continue;
      const w = recordOf(known.transactionId);
      const facts = normalize(t);
      if (w && w.next.externalId === facts.externalId && w.next.removedByBank !== true) update(w, facts);
    } else arrive(t);
  }
  for (const id of pages.removed) remove(id);

  const changes: TransactionChange[] = [];
  const extras = new Map<string, PlanExtras>();
  for (const w of work.values()) {
    const hasExtras = w.extras.pointers.length > 0 || w.extras.pendingPut !== null || w.extras.pendingDelete;
    if (w.current && !differs(w.current, w.next) && !hasExtras) continue;
    const next = w.current ? { ...w.next, updatedAt: input.now, version: w.current.version + 1 } : w.next;
    changes.push([w.current, next]);
    if (hasExtras) extras.set(next.id, w.extras);
  }
  return { changes, extras, deletions: [...deletions.values()], counts };
}
