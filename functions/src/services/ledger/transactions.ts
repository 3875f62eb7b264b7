import { randomUUID } from 'node:crypto';
import {
  type BulkTransactionUpdate,
  MESSAGES,
  PAGE_SIZE_DEFAULT,
  type TransactionFilter,
  type TransactionInput,
  type TransactionUpdate,
} from '@rent/shared';
import { keepingBankSaid, newTransaction, type TransactionRecord } from '../../data/ledger/items.js';
import { listTransactions as listLedger } from '../../data/ledger/list.js';
import {
  type LedgerChange,
  type LedgerWrite,
  notYourProperty,
  type TransactionChange,
  withFreshRead,
  writeLedger,
} from '../../data/ledger/plan.js';
import { getTransaction as readTransaction, readTransactions } from '../../data/ledger/read.js';
import { deleteActivity } from '../../data/ledger/reviews.js';
import { transactionTotals as ledgerTotals } from '../../data/ledger/totals.js';
import { listWaitingOn, waitingTotals } from '../../data/ledger/waiting.js';
import { attachReceiptOp, deleteReceiptOp, receiptsOfTransaction } from '../../data/receipts/receipts.js';
import { activeRuleSet } from '../../data/rules/rules.js';
import { propertyExists } from '../../data/tenancy/properties.js';
import { MAX_TRANSACT_ITEMS, StaleRead } from '../../data/transact.js';
import { Conflict, NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { deleteObjectsQuietly } from '../../lib/s3.js';
import { splitLoanPaymentsOnArrival } from '../loans/arrivals.js';
import { type LedgerActor, type LedgerCaller, personActor } from './actors.js';
import { categorizedByHand, categorizeOnArrival } from './categorize.js';
import { chosen, learnPayer, leaseBook, link } from './leaseLinks.js';
import { assertPeriodOpen } from './periods.js';
import { assertPartLeases, splitAmountFixed } from './splits.js';
import { endsPair, pairArrivals, partnerRelease, releasePartnersAfter, unpairedSelf } from './transfers.js';

export { transactionToApi } from '../../data/ledger/items.js';

/**
 * THE ONE DOOR TO THE LEDGER (docs/ledger.md "The one door"): every operation on transactions — create, edit,
 * bulk edit, ignore, delete, get, list, totals, and the arrivals of imports and bank syncs — goes through this
 * service. It reads what it needs, decides each transaction's next state (the category from rules, the lease
 * link, the closed-period check with the actor's explicit override), and hands the changes with the acting
 * person to the one write plan (data/ledger/plan.ts), which writes everything that follows from them.
 */

const STALE =
  'This transaction was changed by someone else while you were editing. Reload it to see their changes, then try again.';
const stale = () => new Conflict('CONFLICT', STALE);

export async function getTransaction(caller: LedgerCaller, transactionId: string): Promise<TransactionRecord> {
  return readTransaction(caller.orgId, transactionId);
}

export interface LedgerQuery extends TransactionFilter {
  limit?: number;
  cursor?: string;
  /** Only the transactions whose review waits on the caller. */
  waitingOnMe?: boolean;
}

/** A page of the ledger, newest first, filtered (or the caller's "Waiting on me"). */
export async function listTransactions(caller: LedgerCaller, query: LedgerQuery) {
  const { limit = PAGE_SIZE_DEFAULT, cursor, waitingOnMe, ...filter } = query;
  return waitingOnMe
    ? listWaitingOn(caller.orgId, caller.userId, filter, { limit, cursor })
    : listLedger(caller.orgId, filter, { limit, cursor });
}

/** The totals of the whole filtered ledger (ignored transactions left out), resumable by cursor. */
export async function transactionTotals(caller: LedgerCaller, query: Omit<LedgerQuery, 'limit'>) {
  const { cursor, waitingOnMe, ...filter } = query;
  return waitingOnMe ? waitingTotals(caller.orgId, caller.userId, filter) : ledgerTotals(caller.orgId, filter, cursor);
}

/**
 * A transaction typed by hand: categorized by the active rules when it comes without a category, linked to
 * its lease (the person's choice, or the rule), with the caller's unattached receipts attached in the same
 * write.
 */
export async function createTransaction(
  caller: LedgerCaller,
  input: TransactionInput,
  /** A service's own id for what it writes, so a retry can tell it wrote it already (a move-out's deposit lines). */
  { id = randomUUID() }: { id?: string } = {},
): Promise<TransactionRecord> {
  const actor = personActor(caller);
  await assertPeriodOpen(caller.orgId, [input.date], actor);
  const now = new Date().toISOString();
  const receiptIds = input.receiptIds ?? [];
  const rules = input.category ? null : await activeRuleSet(caller.orgId);
  const entered = newTransaction({
    id,
    userId: caller.userId,
    organizationId: caller.orgId,
    amount: input.amount,
    date: input.date,
    name: input.name,
    category: input.category,
    notes: input.notes,
    categorizationSource: input.category ? 'manual' : null,
    categorizedAt: input.category ? now : null,
    source: 'user_created',
    createdAt: now,
    propertyId: input.propertyId,
    isIgnored: input.isIgnored ?? false,
    hasReceipt: receiptIds.length > 0,
    receiptCount: receiptIds.length,
    ...(input.maintenanceRequestId && { maintenanceRequestId: input.maintenanceRequestId }),
  });
  const categorized = rules ? categorizeOnArrival(rules, entered, now) : entered;
  const record = chosen(await leaseBook(caller.orgId), categorized, input.leaseId);
  await writeLedger(caller.orgId, [[null, record]], {
    actor,
    atomic: true,
    extraOps: () => receiptIds.map((receiptId) => attachReceiptOp(caller.orgId, caller.userId, receiptId, record.id)),
  });
  await learnPayer(caller.orgId, null, record);
  // A payment to a lender typed by hand is split by its loan like one the bank brings (docs/reports-and-tax.md "Loans").
  if ((await splitLoanPaymentsOnArrival(caller.orgId, [record])) > 0) return readTransaction(caller.orgId, record.id);
  return record;
}

/** PUT: replaces the editable fields if `version` is still current (else 409, nothing written). */
export async function updateTransaction(
  caller: LedgerCaller,
  transactionId: string,
  input: TransactionUpdate,
): Promise<TransactionRecord> {
  const actor = personActor(caller);
  const current = await readTransaction(caller.orgId, transactionId);
  if (current.version !== input.version) throw stale();
  const closedThrough = await assertPeriodOpen(caller.orgId, [current.date, input.date], actor);
  const now = new Date().toISOString();
  if (current.parts) return updateSplitTransaction(current, input, actor, now);
  const edited = keepingBankSaid(current, {
    ...current,
    name: input.name,
    date: input.date,
    amount: input.amount,
    notes: input.notes,
    propertyId: input.propertyId,
    isIgnored: input.isIgnored ?? current.isIgnored,
    ...categorizedByHand(current, input.category, now),
    ...(input.maintenanceRequestId !== undefined && { maintenanceRequestId: input.maintenanceRequestId }),
    updatedAt: now,
    version: current.version + 1,
  });
  const chosenNext = chosen(await leaseBook(caller.orgId), edited, input.leaseId);
  // A change that ends a transfer pair releases the other side in the same write (docs/ledger.md "Transfers").
  const ended = endsPair(current, chosenNext);
  const next = ended ? unpairedSelf(chosenNext) : chosenNext;
  const partner = ended ? await partnerRelease(caller.orgId, current, next, closedThrough) : null;
  // Only a property counter can still say "stale" here; for the person editing it is the same 409.
  await writeLedger(caller.orgId, partner ? [[current, next], partner] : [[current, next]], {
    actor,
    atomic: true,
    onStale: stale,
  });
  await learnPayer(caller.orgId, current, next);
  return next;
}

/**
 * PUT on a split transaction: its parts keep the category, property and lease (the flyout edits them in the split
 * editor), so only the name, date, notes, ignored and repair link change; a new amount would no longer match the
 * parts.
 */
async function updateSplitTransaction(
  current: TransactionRecord,
  input: TransactionUpdate,
  actor: LedgerActor,
  now: string,
): Promise<TransactionRecord> {
  if (input.amount !== current.amount) throw splitAmountFixed();
  if (input.date !== current.date)
    assertPartLeases(await leaseBook(current.organizationId), current.parts!, input.date);
  const next = keepingBankSaid(current, {
    ...current,
    name: input.name,
    date: input.date,
    notes: input.notes,
    isIgnored: input.isIgnored ?? current.isIgnored,
    ...(input.maintenanceRequestId !== undefined && { maintenanceRequestId: input.maintenanceRequestId }),
    updatedAt: now,
    version: current.version + 1,
  });
  await writeLedger(current.organizationId, [[current, next]], { actor, atomic: true, onStale: stale });
  return next;
}

/** PATCH ignore: ignored transactions leave every total; the rollups move them to ignored#. */
export async function setTransactionIgnored(
  caller: LedgerCaller,
  transactionId: string,
  isIgnored: boolean,
): Promise<TransactionRecord> {
  const actor = personActor(caller);
  return withFreshRead(async () => {
    const current = await readTransaction(caller.orgId, transactionId);
    if (current.isIgnored === isIgnored) return current;
    const closedThrough = await assertPeriodOpen(caller.orgId, [current.date], actor);
    const ignored = { ...current, isIgnored, updatedAt: new Date().toISOString(), version: current.version + 1 };
    const ended = endsPair(current, ignored);
    const next = ended ? unpairedSelf(ignored) : ignored;
    const partner = ended ? await partnerRelease(caller.orgId, current, next, closedThrough) : null;
    await writeLedger(caller.orgId, partner ? [[current, next], partner] : [[current, next]], {
      actor,
      atomic: true,
      onStale: () => new StaleRead(),
    });
    return next;
  });
}

/**
 * Deletes a transaction typed or imported by hand with its receipts' records, property count and rollups in
 * one write, then the receipts' files and the transaction's activity: the database is the truth, an
 * unreferenced object is unreachable. Bank transactions are not deleted (the next sync would bring them back):
 * they are ignored instead.
 */
export async function deleteTransaction(caller: LedgerCaller, transactionId: string): Promise<void> {
  const actor = personActor(caller);
  const orgId = caller.orgId;
  const receiptKeys = await withFreshRead(async () => {
    const current = await readTransaction(orgId, transactionId);
    const closedThrough = await assertPeriodOpen(orgId, [current.date], actor);
    if (current.source === 'plaid') {
      throw new Conflict('BANK_TRANSACTION', MESSAGES.bankTransactionDelete);
    }
    const receipts = await receiptsOfTransaction(orgId, transactionId);
    // The receipt listing is a GSI read: if it lags the count on the item, read again.
    if (receipts.length !== current.receiptCount) throw new StaleRead();
    if (receipts.length > MAX_TRANSACT_ITEMS - 6) {
      throw new Conflict(
        'CONFLICT',
        'This transaction has too many receipts to delete at once. Remove some receipts first.',
      );
    }
    // The other side of a transfer goes back to uncategorized in the same write (docs/ledger.md "Transfers").
    const partner = await partnerRelease(orgId, current, null, closedThrough);
    await writeLedger(orgId, partner ? [[current, null], partner] : [[current, null]], {
      actor,
      atomic: true,
      deletes: 'asRead',
      onStale: () => new StaleRead(),
      extraOps: ([, after]) => (after ? [] : receipts.map((receipt) => deleteReceiptOp(orgId, receipt.id))),
    });
    return receipts.map((receipt) => receipt.key);
  });
  await deleteObjectsQuietly(receiptKeys);
  await deleteActivity(orgId, transactionId);
}

type BulkSet = BulkTransactionUpdate['set'];

/**
 * Sets category, property and/or ignored on up to 500 transactions.
 *
 * Guarantee (docs/ledger.md "Bulk edits"): everything is validated before anything is written (every id exists
 * in the caller's organization, the property is theirs, no date is closed), so a bad request changes nothing.
 * The changes are then written in chunks, each ONE TransactWriteItems, because DynamoDB cannot put more than
 * 100 items in one transaction. A chunk that loses a race with a concurrent edit is re-read and retried. If a
 * chunk still cannot be written (a selected transaction or the property was deleted meanwhile) the call stops
 * and answers 409 with the ids it had already updated; sending the same request again finishes the job,
 * because setting a value twice is harmless.
 */
export async function bulkUpdateTransactions(
  caller: LedgerCaller,
  ids: string[],
  set: BulkSet,
): Promise<{ updatedIds: string[]; unchangedIds: string[] }> {
  const orgId = caller.orgId;
  const actor = personActor(caller, 'bulk');
  const found = await readTransactions(orgId, ids, 1);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new NotFound('Transaction', {
      message: `${missing.length} of the selected transactions were not found. Nothing was changed.`,
      details: { missingIds: missing },
    });
  }
  if (set.propertyId && !(await propertyExists(orgId, set.propertyId))) throw notYourProperty();
  await assertPeriodOpen(
    orgId,
    [...found.values()].map((t) => t.date),
    actor,
  ); // all or nothing: 409 for any closed one

  const now = new Date().toISOString();
  const book = await leaseBook(orgId);
  const changeOf = (current: TransactionRecord): TransactionChange | null => {
    // A split keeps its parts' categories and properties: a bulk category or property leaves it unchanged.
    const whole = !current.parts;
    const changes: Partial<TransactionRecord> = {
      ...(whole && set.category !== undefined && categorizedByHand(current, set.category, now)),
      // The bank's suggestion, accepted by a person: a person's category (rules and the bank then leave it).
      ...(whole &&
        set.acceptSuggestedCategory &&
        current.category === null &&
        current.suggestedCategory &&
        categorizedByHand(current, current.suggestedCategory, now)),
      ...(whole &&
        set.propertyId !== undefined &&
        set.propertyId !== current.propertyId && { propertyId: set.propertyId }),
      ...(set.isIgnored !== undefined && set.isIgnored !== current.isIgnored && { isIgnored: set.isIgnored }),
    };
    if (Object.keys(changes).length === 0) return null;
    // A new property or category moves or drops the lease link with it.
    return [current, link(book, { ...current, ...changes, updatedAt: now, version: current.version + 1 })];
  };
  const changesOf = (records: Iterable<TransactionRecord>) =>
    [...records].map(changeOf).filter((change): change is TransactionChange => change !== null);

  const updatedIds: string[] = [];
  const writtenChanges: LedgerChange[] = [];
  try {
    await writeLedger(orgId, changesOf(found.values()), {
      actor,
      concurrency: 1,
      afterChunk: (chunk) => {
        updatedIds.push(...chunk.map(([, next]) => next!.id));
        writtenChanges.push(...chunk);
      },
      replan: async (chunkIds) => {
        const fresh = await readTransactions(orgId, chunkIds, 1);
        if (fresh.size !== chunkIds.length) {
          throw new Conflict('CONFLICT', 'Some of the selected transactions were deleted meanwhile.');
        }
        return changesOf(fresh.values());
      },
    });
  } catch (error) {
    if (updatedIds.length === 0) throw error;
    logger.warn('bulk update stopped part way', { error, updated: updatedIds.length, of: ids.length });
    throw new Conflict(
      'PARTIAL',
      `Updated ${updatedIds.length} of the ${ids.length} selected transactions, then stopped because some were changed or deleted at the same time. Send the same change again to finish.`,
      { updatedIds: ids.filter((id) => updatedIds.includes(id)) },
    );
  }
  // A bulk change that ended a transfer pair releases both sides (docs/ledger.md "Transfers").
  await releasePartnersAfter(orgId, writtenChanges, actor);
  // In the order of the request, whatever order the chunks were written in.
  const updated = new Set(updatedIds);
  return { updatedIds: ids.filter((id) => updated.has(id)), unchangedIds: ids.filter((id) => !updated.has(id)) };
}

/**
 * Adds new transactions in bulk: the path bank sync and file import use. Each arrives through
 * categorizeOnArrival (the organization's active rules, read once) and its lease link, then they are written in
 * chunks with everything that follows from them. Importing the same ids again writes nothing for them
 * (`existing`), so an interrupted import is finished by running it again.
 */
export async function importTransactions(
  orgId: string,
  records: TransactionRecord[],
  actor: LedgerActor,
  options: Pick<LedgerWrite, 'beforeChunk' | 'concurrency' | 'deadline'> = {},
): Promise<{ inserted: TransactionRecord[]; existing: string[]; pending: TransactionRecord[] }> {
  const rules = await activeRuleSet(orgId);
  const now = new Date().toISOString();
  const book = await leaseBook(orgId);
  const prepared = new Map(records.map((record) => [record.id, link(book, categorizeOnArrival(rules, record, now))]));
  const existing = new Set<string>();
  const { written, pending } = await writeLedger(
    orgId,
    [...prepared.values()].map((record): LedgerChange => [null, record]),
    {
      ...options,
      actor,
      // Imported transactions land in the cells' snapshots directly (see LedgerWrite.snapshots).
      snapshots: true,
      replan: async (ids) => {
        const found = await readTransactions(orgId, ids, 8, 'categorization');
        for (const id of found.keys()) existing.add(id);
        return ids.filter((id) => !found.has(id)).map((id): LedgerChange => [null, prepared.get(id)!]);
      },
    },
  );
  const inserted = written.map(([, next]) => next!);
  // Transfers between own accounts among the arrivals are paired (docs/ledger.md "Transfers"); never fails the import.
  await pairArrivals(orgId, inserted).catch((error: unknown) => logger.warn('transfer pairing failed', { error }));
  return {
    inserted,
    existing: [...existing],
    pending: pending.map(([, next]) => next!),
  };
}

/** No receipt and no review request: what an import's undo may delete (with its version unchanged). */
export function untouched(record: TransactionRecord): boolean {
  return record.receiptCount === 0 && !record.hasOpenReviewRequests && !record.hasReviewHistory;
}

/**
 * Deletes many transactions that nobody touched (an import's undo), chunk by chunk with everything that follows
 * from them. Each delete is conditioned on the version read, no receipt and no activity: a transaction changed
 * after it was read is left alone and reported in `changed`, never deleted.
 */
export async function deleteUntouchedTransactions(
  orgId: string,
  records: TransactionRecord[],
  actor: LedgerActor,
  options: { deadline?: number } = {},
): Promise<{ deleted: string[]; changed: string[]; pending: string[] }> {
  const { written, pending, refused } = await writeLedger(
    orgId,
    records.map((record): LedgerChange => [record, null]),
    { actor, deletes: 'untouched', isolate: true, concurrency: 1, deadline: options.deadline },
  );
  await releasePartnersAfter(orgId, written, actor);
  const idOf = ([before]: LedgerChange) => before!.id;
  return { deleted: written.map(idOf), changed: refused.map(idOf), pending: pending.map(idOf) };
}
