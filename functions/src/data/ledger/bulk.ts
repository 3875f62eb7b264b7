import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkTransactionUpdate } from '@rent/shared';
import { Conflict, NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { MAX_TRANSACT_ITEMS } from '../transact.js';
import { assertPeriodOpen } from './closedPeriods.js';
import type { TransactionRecord } from './items.js';
import { readTransactions } from './read.js';
import { changesOps, notYourProperty, withFreshRead, writeOps } from './writeOps.js';
import { categorized } from './writes.js';

type BulkSet = BulkTransactionUpdate['set'];
/** What a change derives (the lease link, services/leaseLinks.ts). */
type Derive = (next: TransactionRecord) => TransactionRecord;
const same: Derive = (next) => next;

function applySet(current: TransactionRecord, set: BulkSet, now: string, derive: Derive): TransactionRecord | null {
  const changes: Partial<TransactionRecord> = {
    ...(set.category !== undefined && categorized(current, set.category, now)),
    ...(set.propertyId !== undefined && set.propertyId !== current.propertyId && { propertyId: set.propertyId }),
    ...(set.isIgnored !== undefined && set.isIgnored !== current.isIgnored && { isIgnored: set.isIgnored }),
  };
  if (Object.keys(changes).length === 0) return null;
  return derive({ ...current, ...changes, updatedAt: now, version: current.version + 1 });
}

/** Greedy packing: as many transactions per TransactWriteItems as fit in 100 items with their cells. */
function packBatches(orgId: string, pairs: [TransactionRecord, TransactionRecord][]) {
  const batches: [TransactionRecord, TransactionRecord][][] = [];
  let batch: [TransactionRecord, TransactionRecord][] = [];
  for (const pair of pairs) {
    if (batch.length > 0 && changesOps(orgId, [...batch, pair]).length > MAX_TRANSACT_ITEMS) {
      batches.push(batch);
      batch = [];
    }
    batch.push(pair);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Sets category, property and/or ignored on up to 500 transactions.
 *
 * Guarantee (docs/data-model.md "Bulk updates"): everything is validated before anything is
 * written (every id exists in the caller's organization, the property is theirs), so a bad
 * request changes nothing. The changes are then written in batches, each ONE TransactWriteItems
 * (all-or-nothing, with its rollup cells and property counters), because DynamoDB cannot put more
 * than 100 items in one transaction. A batch that loses a race with a concurrent edit is re-read
 * and retried. If a batch still cannot be written (a selected transaction or the property was
 * deleted meanwhile) the call stops and answers 409 with the ids it had already updated; sending
 * the same request again finishes the job, because setting a value twice is harmless.
 */
export async function bulkUpdateTransactions(
  orgId: string,
  ids: string[],
  set: BulkSet,
  derive: Derive = same,
): Promise<{ updatedIds: string[]; unchangedIds: string[] }> {
  const found = await readTransactions(orgId, ids, 1);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new NotFound('Transaction', {
      message: `${missing.length} of the selected transactions were not found. Nothing was changed.`,
      details: { missingIds: missing },
    });
  }
  if (set.propertyId) await assertPropertyExists(orgId, set.propertyId);
  await assertPeriodOpen(
    orgId,
    [...found.values()].map((t) => t.date),
  ); // all or nothing: 409 for any closed one

  const now = new Date().toISOString();
  const unchangedIds: string[] = [];
  const pairs: [TransactionRecord, TransactionRecord][] = [];
  for (const id of ids) {
    const current = found.get(id)!;
    const next = applySet(current, set, now, derive);
    if (next) pairs.push([current, next]);
    else unchangedIds.push(id);
  }

  const updatedIds: string[] = [];
  try {
    for (const batch of packBatches(orgId, pairs)) {
      const written = await writeBatch(orgId, batch, set, now, derive);
      updatedIds.push(...written.updated);
      unchangedIds.push(...written.unchanged);
    }
  } catch (error) {
    if (updatedIds.length === 0) throw error;
    logger.warn('bulk update stopped part way', { error, updated: updatedIds.length, of: pairs.length });
    throw new Conflict(
      'PARTIAL',
      `Updated ${updatedIds.length} of the ${ids.length} selected transactions, then stopped because some were changed or deleted at the same time. Send the same change again to finish.`,
      { updatedIds },
    );
  }
  return { updatedIds, unchangedIds };
}

async function writeBatch(
  orgId: string,
  batch: [TransactionRecord, TransactionRecord][],
  set: BulkSet,
  now: string,
  derive: Derive,
): Promise<{ updated: string[]; unchanged: string[] }> {
  let pairs = batch;
  let unchanged: string[] = [];
  return withFreshRead(async (attempt) => {
    if (attempt > 1) {
      const ids = batch.map(([current]) => current.id);
      const fresh = await readTransactions(orgId, ids, 1);
      if (fresh.size !== ids.length) {
        throw new Conflict('CONFLICT', 'Some of the selected transactions were deleted meanwhile.');
      }
      pairs = [];
      unchanged = [];
      for (const id of ids) {
        const next = applySet(fresh.get(id)!, set, now, derive);
        if (next) pairs.push([fresh.get(id)!, next]);
        else unchanged.push(id);
      }
    }
    const ops = changesOps(orgId, pairs);
    // A re-read can move transactions into more rollup cells than planned: split rather than fail.
    if (ops.length > MAX_TRANSACT_ITEMS) {
      const half = Math.ceil(pairs.length / 2);
      const first = await writeBatch(orgId, pairs.slice(0, half), set, now, derive);
      const second = await writeBatch(orgId, pairs.slice(half), set, now, derive);
      return {
        updated: [...first.updated, ...second.updated],
        unchanged: [...unchanged, ...first.unchanged, ...second.unchanged],
      };
    }
    await writeOps(orgId, ops);
    return { updated: pairs.map(([, next]) => next.id), unchanged };
  });
}

async function assertPropertyExists(orgId: string, propertyId: string) {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.property(orgId, propertyId),
      ProjectionExpression: 'PK',
      ConsistentRead: true,
    }),
  );
  if (!Item) throw notYourProperty();
}
