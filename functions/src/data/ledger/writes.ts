import type { TransactionUpdate } from '@rent/shared';
import { MESSAGES } from '@rent/shared';
import { Conflict } from '../../domain-errors.js';
import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { maintenanceCostLinkOps } from '../repositories/maintenanceCosts.js';
import {
  attachReceiptOp,
  deleteReceiptOp,
  type ReceiptRecord,
  receiptsOfTransaction,
} from '../repositories/receipts.js';
import { MAX_TRANSACT_ITEMS, StaleRead } from '../transact.js';
import { auditOps } from './audit.js';
import { assertPeriodOpen } from './closedPeriods.js';
import { type TransactionRecord, transactionItem } from './items.js';
import { MatchRows } from './matchRows.js';
import { getTransaction } from './read.js';
import { RollupDeltas } from './rollupDeltas.js';
import { addPropertyChange, cellOps, changeOps, propertyCountOps, withFreshRead, writeOps } from './writeOps.js';

const STALE =
  'This transaction was changed by someone else while you were editing. Reload it to see their changes, then try again.';
const stale = () => new Conflict('CONFLICT', STALE);

/**
 * Writes a new transaction with its property count, rollups and match row, attaching the caller's
 * unattached receipts in the same TransactWriteItems. (services/transactions.ts decides its category.)
 */
export async function insertTransaction(record: TransactionRecord, receiptIds: string[]): Promise<void> {
  const orgId = record.organizationId;
  const counts = new Map<string, number>();
  addPropertyChange(counts, null, record.propertyId);
  await writeOps(orgId, [
    {
      item: {
        Put: { TableName: tableName(), Item: transactionItem(record), ConditionExpression: 'attribute_not_exists(PK)' },
      },
    },
    ...auditOps([[null, record]]),
    ...propertyCountOps(orgId, counts),
    ...cellOps(orgId, new RollupDeltas().change(null, record), new MatchRows().change(null, record)),
    ...receiptIds.map((receiptId) => attachReceiptOp(orgId, record.userId!, receiptId, record.id)),
    ...maintenanceCostLinkOps(orgId, record.id, null, record.maintenanceRequestId),
  ]);
}

/**
 * Categorization bookkeeping of a category set by hand: kept when the category did not change. A new
 * category by hand forgets the rule (and the rule batch) that set the previous one, so no later rule
 * and no undo of an earlier apply overwrites a person's choice.
 */
export function categorized(current: TransactionRecord, category: TransactionRecord['category'], now: string) {
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

/** PUT: replaces the editable fields if `version` is still current (else 409, nothing written). */
export async function updateTransaction(
  orgId: string,
  transactionId: string,
  input: TransactionUpdate,
  /** Decides what the edit derives (the lease link, services/leaseLinks.ts); identity when absent. */
  derive: (next: TransactionRecord) => TransactionRecord = (next) => next,
): Promise<TransactionRecord> {
  const current = await getTransaction(orgId, transactionId);
  if (current.version !== input.version) throw stale();
  await assertPeriodOpen(orgId, [current.date, input.date]);
  const now = new Date().toISOString();
  const next: TransactionRecord = derive({
    ...current,
    name: input.name,
    date: input.date,
    amount: input.amount,
    notes: input.notes,
    propertyId: input.propertyId,
    isIgnored: input.isIgnored ?? current.isIgnored,
    ...categorized(current, input.category, now),
    ...(input.maintenanceRequestId !== undefined && { maintenanceRequestId: input.maintenanceRequestId }),
    updatedAt: now,
    version: current.version + 1,
  });
  try {
    await writeOps(orgId, [
      ...changeOps(current, next, stale),
      ...maintenanceCostLinkOps(orgId, next.id, current.maintenanceRequestId, next.maintenanceRequestId),
    ]);
  } catch (error) {
    // Only a property counter can still say "stale" here; for the person editing it is the same 409.
    throw error instanceof StaleRead ? stale() : error;
  }
  return next;
}

/** PATCH ignore: ignored transactions leave every total; the rollups move them to ignored#. */
export async function setTransactionIgnored(
  orgId: string,
  transactionId: string,
  isIgnored: boolean,
): Promise<TransactionRecord> {
  return withFreshRead(async () => {
    const current = await getTransaction(orgId, transactionId);
    if (current.isIgnored === isIgnored) return current;
    await assertPeriodOpen(orgId, [current.date]);
    const next = { ...current, isIgnored, updatedAt: new Date().toISOString(), version: current.version + 1 };
    await writeOps(
      orgId,
      changeOps(current, next, () => new StaleRead()),
    );
    return next;
  });
}

/**
 * Deletes a user-created transaction with its receipts' items, property count and rollups in one
 * TransactWriteItems; returns the receipts' object keys for the caller to remove from storage.
 * Bank transactions are not deleted (the next sync would bring them back): they are ignored instead.
 */
export async function deleteTransaction(orgId: string, transactionId: string): Promise<{ receiptKeys: string[] }> {
  return withFreshRead(async () => {
    const current = await getTransaction(orgId, transactionId);
    await assertPeriodOpen(orgId, [current.date]);
    if (current.source !== 'user_created') {
      throw new Conflict('BANK_TRANSACTION', MESSAGES.bankTransactionDelete);
    }
    const receipts: ReceiptRecord[] = await receiptsOfTransaction(orgId, transactionId);
    // The receipt listing is a GSI read: if it lags the count on the item, read again.
    if (receipts.length !== current.receiptCount) throw new StaleRead();
    if (receipts.length > MAX_TRANSACT_ITEMS - 5) {
      throw new Conflict(
        'CONFLICT',
        'This transaction has too many receipts to delete at once. Remove some receipts first.',
      );
    }
    const counts = new Map<string, number>();
    addPropertyChange(counts, current.propertyId, null);
    await writeOps(orgId, [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.transaction(orgId, transactionId),
            ConditionExpression: 'attribute_exists(PK) AND version = :version AND receiptCount = :receipts',
            ExpressionAttributeValues: { ':version': current.version, ':receipts': current.receiptCount },
          },
        },
        onConditionFailure: () => new StaleRead(),
      },
      ...propertyCountOps(orgId, counts),
      ...cellOps(orgId, new RollupDeltas().change(current, null), new MatchRows().change(current, null)),
      ...receipts.map((receipt) => deleteReceiptOp(orgId, receipt.id)),
    ]);
    return { receiptKeys: receipts.map((receipt) => receipt.key) };
  });
}
