import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { MAX_TRANSACT_ITEMS, StaleRead, type TransactOp } from '../transact.js';
import { auditCreationDeleteOp } from './audit.js';
import type { TransactionRecord } from './items.js';
import { MatchRows } from './matchRows.js';
import { RollupDeltas } from './rollupDeltas.js';
import { addPropertyChange, cellOps, propertyCountOps, writeOps } from './writeOps.js';

/**
 * Deletes many transactions that nobody touched, each chunk ONE TransactWriteItems with their rollup
 * cells, match rows and property counters (the semantics of deleteTransaction, in bulk). Each Delete
 * is conditioned on the version read, no receipt and no Activity (review request or message): a
 * transaction changed after it was read is left alone and reported in `changed`, never deleted.
 */
export async function deleteUntouchedTransactions(
  orgId: string,
  records: TransactionRecord[],
  options: { deadline?: number } = {},
): Promise<{ deleted: string[]; changed: string[]; pending: string[] }> {
  const deleted: string[] = [];
  const changed: string[] = [];
  const pending: string[] = [];
  // Grouped by rollup cell, so a chunk touches few cells and holds many deletes.
  const sorted = [...records].sort((a, b) =>
    `${a.date.slice(0, 7)}#${a.propertyId}`.localeCompare(`${b.date.slice(0, 7)}#${b.propertyId}`),
  );
  for (const chunk of chunksOf(orgId, sorted)) {
    if (options.deadline !== undefined && Date.now() > options.deadline) {
      pending.push(...chunk.map((r) => r.id));
      continue;
    }
    const result = await deleteChunk(orgId, chunk);
    deleted.push(...result.deleted);
    changed.push(...result.changed);
  }
  return { deleted, changed, pending };
}

function opsOf(orgId: string, chunk: TransactionRecord[]): TransactOp[] {
  const counts = new Map<string, number>();
  const deltas = new RollupDeltas();
  const rows = new MatchRows();
  const deletes = chunk.map((current): TransactOp => {
    addPropertyChange(counts, current.propertyId, null);
    deltas.change(current, null);
    rows.change(current, null);
    return {
      item: {
        Delete: {
          TableName: tableName(),
          Key: keys.transaction(orgId, current.id),
          ConditionExpression:
            'attribute_exists(PK) AND version = :version AND (attribute_not_exists(receiptCount) OR receiptCount = :zero) AND (attribute_not_exists(activityVersion) OR activityVersion = :zero)',
          ExpressionAttributeValues: { ':version': current.version, ':zero': 0 },
        },
      },
      onConditionFailure: () => new StaleRead(),
    };
  });
  return [
    ...deletes,
    ...chunk.map(auditCreationDeleteOp),
    ...propertyCountOps(orgId, counts),
    ...cellOps(orgId, deltas, rows),
  ];
}

function chunksOf(orgId: string, records: TransactionRecord[]): TransactionRecord[][] {
  const chunks: TransactionRecord[][] = [];
  let chunk: TransactionRecord[] = [];
  for (const record of records) {
    if (chunk.length > 0 && opsOf(orgId, [...chunk, record]).length > MAX_TRANSACT_ITEMS) {
      chunks.push(chunk);
      chunk = [];
    }
    chunk.push(record);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * One chunk. When any transaction in it changed since it was read, DynamoDB refuses the whole
 * TransactWriteItems: then each is deleted on its own, and those whose condition fails are reported as
 * changed (rare; the condition itself decides, so a message added a moment ago is never lost).
 */
async function deleteChunk(
  orgId: string,
  chunk: TransactionRecord[],
): Promise<{ deleted: string[]; changed: string[] }> {
  try {
    await writeOps(orgId, opsOf(orgId, chunk));
    return { deleted: chunk.map((r) => r.id), changed: [] };
  } catch (error) {
    if (!(error instanceof StaleRead) || chunk.length === 1) {
      if (error instanceof StaleRead) return { deleted: [], changed: chunk.map((r) => r.id) };
      throw error;
    }
  }
  const deleted: string[] = [];
  const changed: string[] = [];
  for (const record of chunk) {
    const one = await deleteChunk(orgId, [record]);
    deleted.push(...one.deleted);
    changed.push(...one.changed);
  }
  return { deleted, changed };
}

/** No receipt and no review request: what an import's undo may delete (with its version unchanged). */
export function untouched(record: TransactionRecord): boolean {
  return record.receiptCount === 0 && !record.hasOpenReviewRequests && !record.hasReviewHistory;
}
