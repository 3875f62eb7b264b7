import { Conflict, InvalidReference } from '../../domain-errors.js';
import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { backoff, STALE_READ_ATTEMPTS, StaleRead, type TransactOp, transact } from '../transact.js';
import { auditOps } from './audit.js';
import { searchName, type TransactionRecord, transactionIndexKeys, transactionItem } from './items.js';
import { type CellRef, CrowdedCell, compactCell, PENDING_ROWS_LIMIT } from './matchCells.js';
import { MatchRows } from './matchRows.js';
import { cellUpdates, RollupDeltas } from './rollupDeltas.js';

/**
 * The DynamoDB operations of ledger writes: the transaction item, the property counters and the
 * rollup cells (with their match rows) that must change with it in ONE TransactWriteItems.
 */

export const notYourProperty = () =>
  new InvalidReference('propertyId', "Choose one of your organization's properties, or no property");

/** A change of one transaction: [null, next] inserts it, [current, next] updates it (conditioned on current.version). */
export type TransactionChange = [TransactionRecord | null, TransactionRecord];

/**
 * Transactions that point at a property are counted on the property item (transactionCount), in
 * the same TransactWriteItems as the transaction: the +1 is conditioned on the property existing
 * (so a foreign or deleted property is a 400), and deleteProperty's Delete is conditioned on the
 * count being 0. That closes the create-vs-delete race a reference Query cannot.
 */
export function propertyCountOps(orgId: string, deltas: Map<string, number>): TransactOp[] {
  const ops: TransactOp[] = [];
  for (const [propertyId, delta] of deltas) {
    if (delta === 0) continue;
    ops.push({
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.property(orgId, propertyId),
          UpdateExpression: 'ADD transactionCount :delta',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':delta': delta },
        },
      },
      // A missing property on +1 is the caller's mistake; on -1 it would be a broken invariant: retry/409.
      onConditionFailure: delta > 0 ? notYourProperty : () => new StaleRead(),
    });
  }
  return ops;
}

export function addPropertyChange(deltas: Map<string, number>, before: string | null, after: string | null) {
  if (before === after) return;
  if (before) deltas.set(before, (deltas.get(before) ?? 0) - 1);
  if (after) deltas.set(after, (deltas.get(after) ?? 0) + 1);
}

/**
 * The rollup cells a write touches, each once, with its counter deltas and its match-index rows. A cell
 * that takes rows refuses them once it holds PENDING_ROWS_LIMIT (CrowdedCell: writeOps folds it and
 * writes again), so no rollup cell item nears DynamoDB's 400 KB limit.
 */
export function cellOps(orgId: string, deltas: RollupDeltas, rows: MatchRows): TransactOp[] {
  return cellUpdates(tableName(), orgId, deltas, rows.result()).map((update) => {
    if (!update.ExpressionAttributeNames['#mp']) return { item: { Update: update } };
    const cell: CellRef = {
      month: update.ExpressionAttributeValues[':month'] as string,
      propertyId: update.ExpressionAttributeValues[':propertyId'] as string | null,
    };
    return {
      item: {
        Update: {
          ...update,
          ConditionExpression: 'attribute_not_exists(#mp) OR #mp < :pendingLimit',
          ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':pendingLimit': PENDING_ROWS_LIMIT },
        },
      },
      onConditionFailure: () => new CrowdedCell(cell),
    };
  });
}

/** transact(), folding a crowded match cell and writing again when a cell refuses more pending rows. */
export async function writeOps(orgId: string, ops: TransactOp[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transact(ops);
    } catch (error) {
      if (!(error instanceof CrowdedCell) || attempt >= 3) throw error;
      await compactCell(orgId, error.cell);
    }
  }
}

const REVIEW_OWNED = new Set<keyof TransactionRecord>(['hasOpenReviewRequests', 'hasReviewHistory', 'isReviewed']);

/** SET the changed fields (and the index keys that follow them) if the version is still the one read. */
export function updateOp(
  current: TransactionRecord,
  next: TransactionRecord,
  onConditionFailure: () => Error,
): TransactOp {
  // The index keys are written only when they change: rewriting them is a third of the cost of an
  // update on DynamoDB Local, and they follow only date, createdAt and property.
  const moved =
    next.date !== current.date || next.createdAt !== current.createdAt || next.propertyId !== current.propertyId;
  const fields: Record<string, unknown> = moved ? { ...transactionIndexKeys(next) } : {};
  for (const [field, value] of Object.entries(next) as [keyof TransactionRecord, unknown][]) {
    if (field === 'receiptCount' || field === 'hasReceipt') continue; // owned by the receipt writes
    if (REVIEW_OWNED.has(field)) continue; // owned by the review and message writes (repositories/reviews.ts)
    if (value !== undefined && value !== current[field]) fields[field] = value;
  }
  if (next.name !== current.name) fields.searchName = searchName(next.name);
  const names: Record<string, string> = {};
  // The receipt writes change hasReceipt without the version: the rollups' x#noreceipt delta of this write holds
  // only if hasReceipt is still the one read.
  const values: Record<string, unknown> = { ':expected': current.version, ':hasReceipt': current.hasReceipt };
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(current.organizationId, current.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: current.hasReceipt
          ? 'attribute_exists(PK) AND version = :expected AND hasReceipt = :hasReceipt'
          : 'attribute_exists(PK) AND version = :expected AND (attribute_not_exists(hasReceipt) OR hasReceipt = :hasReceipt)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    onConditionFailure,
  };
}

/** The ops that move one transaction from `current` to `next`: the item, property counters and rollups. */
export function changeOps(current: TransactionRecord, next: TransactionRecord, onStale: () => Error): TransactOp[] {
  const orgId = current.organizationId;
  const counts = new Map<string, number>();
  addPropertyChange(counts, current.propertyId, next.propertyId);
  return [
    updateOp(current, next, onStale),
    ...propertyCountOps(orgId, counts),
    ...cellOps(orgId, new RollupDeltas().change(current, next), new MatchRows().change(current, next)),
    ...auditOps([[current, next]]),
  ];
}

export function insertOp(next: TransactionRecord): TransactOp {
  return {
    item: {
      Put: { TableName: tableName(), Item: transactionItem(next), ConditionExpression: 'attribute_not_exists(PK)' },
    },
    onConditionFailure: () => new StaleRead(),
  };
}

/**
 * The items of one TransactWriteItems: the transactions, merged property counters, merged rollup cells,
 * extras. The match rows go onto the rollup cells as pending rows, or (snapshot writers) are left for
 * the caller to fold into the cells' snapshots.
 */
export function changesOps(
  orgId: string,
  changes: TransactionChange[],
  extra: TransactOp[] = [],
  opts: { pendingRows?: boolean } = {},
): TransactOp[] {
  const counts = new Map<string, number>();
  const deltas = new RollupDeltas();
  const rows = new MatchRows();
  const writes = changes.map(([current, next]) => {
    addPropertyChange(counts, current?.propertyId ?? null, next.propertyId);
    deltas.change(current, next);
    rows.change(current, next);
    return current ? updateOp(current, next, () => new StaleRead()) : insertOp(next);
  });
  const cells = cellOps(orgId, deltas, opts.pendingRows === false ? new MatchRows() : rows);
  return [...writes, ...auditOps(changes), ...propertyCountOps(orgId, counts), ...cells, ...extra];
}

export function matchRowsOf(changes: TransactionChange[]): MatchRows {
  const rows = new MatchRows();
  for (const [current, next] of changes) rows.change(current, next);
  return rows;
}

/**
 * Re-reads and retries when the transaction changed between the read and the write: these calls
 * SET a value (ignored, bulk fields) rather than replace what the client saw, so applying them to
 * the newer state is what the caller meant. Rollup deltas are always computed from the state the
 * write is conditioned on.
 */
export async function withFreshRead<T>(fn: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      if (attempt >= STALE_READ_ATTEMPTS) throw changedMeanwhile();
      await backoff(attempt);
    }
  }
}

export const changedMeanwhile = () =>
  new Conflict('CONFLICT', 'This transaction was changed by someone else at the same time. Try again.');
