import { Conflict, InvalidReference } from '../../domain-errors.js';
import { config } from '../../lib/config.js';
import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { maintenanceCostLinkOps } from '../maintenance/costs.js';
import { backoff, MAX_TRANSACT_ITEMS, STALE_READ_ATTEMPTS, StaleRead, type TransactOp, transact } from '../transact.js';
import { auditCreationDeleteOp, auditOps, type LedgerActor } from './audit.js';
import { packChunks } from './chunks.js';
import {
  acrossProperties,
  partTagsOf,
  propertiesReferenced,
  searchName,
  type TransactionRecord,
  transactionIndexKeys,
  transactionItem,
} from './items.js';
import { type CellRef, CrowdedCell, compactCell, PENDING_ROWS_LIMIT, SnapshotWriter } from './matchCells.js';
import { MatchRows } from './matchRows.js';
import { assertReconciledKept } from './reconciled.js';
import { cellId, cellUpdates, monthOf, RollupDeltas } from './rollupDeltas.js';

/**
 * THE LEDGER WRITE PLAN (docs/ledger.md "The write plan"). Every writer of transactions (a person's create,
 * edit, ignore and delete, bulk edits, rule apply and undo, file import and its undo, bank sync, a merge, a
 * bank removal) decides in its service what each transaction becomes, then hands the list of changes and
 * the acting person here. `ledgerOps` turns them into every DynamoDB operation that must happen with them:
 *
 *   - the transaction items (Put for a creation, a conditional SET for a change, a conditional Delete),
 *   - the property counters (transactionCount),
 *   - the rollup cells with their capital ledger, lease counters and match rows (or match snapshots),
 *   - one audit entry per creation or change (and the creation entry's removal with a delete),
 *   - the maintenance request a repair cost newly names,
 *   - and what the caller adds per change or per chunk (receipts, bank pointers, the batch record).
 *
 * `writeLedger` packs them into chunks of at most 100 items, each ONE TransactWriteItems, so every
 * transaction is either fully changed with everything that follows from it, or untouched.
 */

/** [before, after]: [null, t] creates t, [t, t'] changes t (conditioned on t.version), [t, null] deletes t. */
export type LedgerChange = [TransactionRecord | null, TransactionRecord | null];
/** A creation or a change (the writers that never delete). */
export type TransactionChange = [TransactionRecord | null, TransactionRecord];

export interface LedgerWrite {
  /** Who writes and how: recorded on each audit entry. */
  actor: LedgerActor;
  /**
   * What a delete is conditioned on besides the version read: `asRead` (the receipts read, which the caller
   * deletes with it: a person's delete) or `untouched` (no receipt and no activity: an import's undo, a bank
   * removal, a merged-away duplicate).
   */
  deletes?: 'asRead' | 'untouched';
  /** Items that go with ONE change in its chunk (receipts attached or deleted, bank pointers, a held change). */
  extraOps?: (change: LedgerChange) => TransactOp[];
  /** One more item in each chunk (the record of what that chunk changed: a rule batch's undo data). */
  chunkRecord?: (changes: LedgerChange[]) => TransactOp;
  /**
   * After a chunk lost a race with another write: re-read these transactions and say again what each should
   * become now (leaving out the ones that no longer need a change). Without it, a lost race is `onStale()`.
   */
  replan?: (ids: string[]) => Promise<LedgerChange[]>;
  /** The error of a lost race when there is no replan (default: a 409 "changed at the same time"). */
  onStale?: () => Error;
  /** Called before each chunk is written (tests: a crash between chunks). */
  beforeChunk?: (changes: LedgerChange[]) => Promise<void>;
  /** Called after each chunk is written (bulk edits report how far they got). */
  afterChunk?: (changes: LedgerChange[]) => void;
  /** Chunks written at once; chunks of different lanes never share a rollup cell. */
  concurrency?: number;
  /** Epoch ms: no chunk starts after it; what is left is returned as `pending`. */
  deadline?: number;
  /**
   * Fold the chunks' match rows straight into the cells' snapshots (one more item per cell in each chunk)
   * instead of leaving them pending on the rollup cells: for writers of thousands of rows.
   */
  snapshots?: boolean;
  /** All the changes in ONE TransactWriteItems, or nothing (a merge: the update and the delete together). */
  atomic?: boolean;
  /**
   * A chunk refused because one of its transactions changed since it was read is written change by change
   * instead, and the changes still refused are returned as `refused`, not retried (deletes of untouched
   * transactions: one that gained a message meanwhile is kept).
   */
  isolate?: boolean;
}

export interface LedgerWritten {
  written: LedgerChange[];
  /** Left for a later call by the deadline. */
  pending: LedgerChange[];
  /** Refused by their condition (`isolate`). */
  refused: LedgerChange[];
}

export const notYourProperty = () =>
  new InvalidReference('propertyId', "Choose one of your organization's properties, or no property");

export const changedMeanwhile = () =>
  new Conflict('CONFLICT', 'This transaction was changed by someone else at the same time. Try again.');

const idOf = ([before, after]: LedgerChange) => (after ?? before)!.id;

// ---- the operations of one TransactWriteItems ---------------------------------------------------------------

/** Every operation of these changes, for one TransactWriteItems (with `extra` items appended). */
export function ledgerOps(
  orgId: string,
  changes: LedgerChange[],
  write: LedgerWrite,
  options: { pendingRows?: boolean; extra?: TransactOp[] } = {},
): TransactOp[] {
  const counts = new Map<string, number>();
  const deltas = new RollupDeltas();
  const rows = new MatchRows();
  const items: TransactOp[] = [];
  const audited: TransactionChange[] = [];
  const costs: TransactOp[] = [];
  for (const [before, after] of changes) {
    assertReconciledKept(before, after, write.actor);
    addPropertyChange(counts, before, after);
    deltas.change(before, after);
    rows.change(before, after);
    if (after) {
      items.push(before ? updateOp(before, after, () => new StaleRead()) : insertOp(after));
      audited.push([before, after]);
      costs.push(...maintenanceCostLinkOps(orgId, after.id, before?.maintenanceRequestId, after.maintenanceRequestId));
    } else if (before) {
      items.push(deleteOp(before, write.deletes ?? 'asRead'), auditCreationDeleteOp(before));
    }
  }
  const cells = cellOps(orgId, deltas, options.pendingRows === false ? new MatchRows() : rows);
  return [
    ...items,
    ...propertyCountOps(orgId, counts),
    ...cells,
    ...auditOps(audited, write.actor),
    ...(write.extraOps ? changes.flatMap(write.extraOps) : []),
    ...costs,
    ...(options.extra ?? []),
  ];
}

/**
 * Transactions that point at a property are counted on the property item (transactionCount), in the same
 * TransactWriteItems as the transaction: the +1 is conditioned on the property existing (so a foreign or
 * deleted property is a 400), and deleteProperty's Delete is conditioned on the count being 0. That closes
 * the create-vs-delete race a reference Query cannot.
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

/** -1 on each property the transaction stops naming, +1 on each it starts naming (a split names its parts'). */
function addPropertyChange(
  deltas: Map<string, number>,
  before: TransactionRecord | null,
  after: TransactionRecord | null,
) {
  const was = propertiesReferenced(before);
  const is = propertiesReferenced(after);
  for (const propertyId of was) if (!is.has(propertyId)) deltas.set(propertyId, (deltas.get(propertyId) ?? 0) - 1);
  for (const propertyId of is) if (!was.has(propertyId)) deltas.set(propertyId, (deltas.get(propertyId) ?? 0) + 1);
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

const REVIEW_OWNED = new Set<keyof TransactionRecord>(['hasOpenReviewRequests', 'hasReviewHistory', 'isReviewed']);

/** SET the changed fields (and the index keys that follow them) if the version is still the one read. */
function updateOp(current: TransactionRecord, next: TransactionRecord, onConditionFailure: () => Error): TransactOp {
  // The index keys are written only when they change: rewriting them is a third of the cost of an
  // update on DynamoDB Local, and they follow only date, createdAt and property.
  const moved =
    next.date !== current.date ||
    next.createdAt !== current.createdAt ||
    next.propertyId !== current.propertyId ||
    acrossProperties(next) !== acrossProperties(current);
  const fields: Record<string, unknown> = moved ? { ...transactionIndexKeys(next) } : {};
  if (next.parts !== current.parts) fields.partTags = partTagsOf(next);
  for (const [field, value] of Object.entries(next) as [keyof TransactionRecord, unknown][]) {
    if (field === 'receiptCount' || field === 'hasReceipt') continue; // owned by the receipt writes
    if (REVIEW_OWNED.has(field)) continue; // owned by the review and message writes (data/ledger/reviews.ts)
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

function insertOp(next: TransactionRecord): TransactOp {
  return {
    item: {
      Put: { TableName: tableName(), Item: transactionItem(next), ConditionExpression: 'attribute_not_exists(PK)' },
    },
    onConditionFailure: () => new StaleRead(),
  };
}

/**
 * A delete, conditioned on the version read and on what goes with it: the receipts read (their items are
 * deleted in the same write), or nothing attached at all (no receipt, no review request or message).
 */
function deleteOp(current: TransactionRecord, guard: 'asRead' | 'untouched'): TransactOp {
  const untouched = guard === 'untouched';
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: keys.transaction(current.organizationId, current.id),
        ConditionExpression: untouched
          ? 'attribute_exists(PK) AND version = :version AND (attribute_not_exists(receiptCount) OR receiptCount = :receipts) AND (attribute_not_exists(activityVersion) OR activityVersion = :receipts)'
          : 'attribute_exists(PK) AND version = :version AND receiptCount = :receipts',
        ExpressionAttributeValues: { ':version': current.version, ':receipts': untouched ? 0 : current.receiptCount },
      },
    },
    onConditionFailure: () => new StaleRead(),
  };
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

/**
 * Re-reads and retries when what was read changed before the write: for writes that SET a value (ignored,
 * bulk fields) rather than replace what the client saw, applying them to the newer state is what the caller
 * meant. Rollup deltas are always computed from the state the write is conditioned on.
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

// ---- writing many changes in chunks -------------------------------------------------------------------------

/** Chunks written at once unless a call says otherwise (lib/config.ts WRITE_LANES). */
export const writeLanes = () => config().WRITE_LANES ?? (config().DYNAMODB_ENDPOINT ? 1 : 6);

const primaryCell = ([before, after]: LedgerChange) => {
  const t = (after ?? before)!;
  return cellId(monthOf(t.date), t.propertyId ?? before?.propertyId ?? null);
};

type ChunkRun = LedgerWrite & { writer: SnapshotWriter | null; failed: boolean; refused: LedgerChange[] };

/** An atomic write over DynamoDB's 100 items: a 409 that says what to do, not DynamoDB's refusal (a 500). */
const tooLargeForOneWrite = () =>
  new Conflict(
    'CHANGE_TOO_LARGE',
    'This change needs more than 100 records written together (its receipts, the properties its parts name and their totals). Remove some receipts, or split it over fewer properties, then try again.',
  );

/**
 * Writes the changes in chunks, each ONE TransactWriteItems of at most 100 items.
 *
 * Throughput: the changes are grouped by rollup cell and the groups dealt to lanes (largest first, to the least
 * loaded lane); each lane writes its chunks in order. Chunks of different lanes never touch the same cell, so
 * they do not contend; grouping by cell also packs ~45 transactions (each with its audit entry) per chunk
 * instead of ~33. When a chunk fails, no lane starts another one, and the first error is thrown.
 */
export async function writeLedger(orgId: string, changes: LedgerChange[], write: LedgerWrite): Promise<LedgerWritten> {
  if (write.atomic) {
    const ops = ledgerOps(orgId, changes, write);
    // One TransactWriteItems holds at most 100 items: say so rather than let DynamoDB refuse it.
    if (ops.length > MAX_TRANSACT_ITEMS) throw tooLargeForOneWrite();
    await writeOps(orgId, ops).catch((error) => {
      throw error instanceof StaleRead ? (write.onStale ?? changedMeanwhile)() : error;
    });
    write.afterChunk?.(changes);
    return { written: changes, pending: [], refused: [] };
  }
  const capacity = MAX_TRANSACT_ITEMS - (write.chunkRecord ? 1 : 0);
  const run: ChunkRun = {
    ...write,
    writer: write.snapshots ? new SnapshotWriter(orgId) : null,
    failed: false,
    refused: [],
  };
  const groups = new Map<string, LedgerChange[]>();
  for (const change of changes) {
    const key = primaryCell(change);
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  const laneCount = Math.max(1, Math.min(write.concurrency ?? writeLanes(), groups.size));
  if (run.writer) await run.writer.preload(matchRowsOf(changes).result().values());
  const lanes = Array.from({ length: laneCount }, () => ({ size: 0, changes: [] as LedgerChange[] }));
  for (const group of [...groups.values()].sort((a, b) => b.length - a.length)) {
    const lane = lanes.reduce((least, lane) => (lane.size < least.size ? lane : least));
    lane.changes.push(...group);
    lane.size += group.length;
  }
  const written: LedgerChange[] = [];
  const pending: LedgerChange[] = [];
  const results = await Promise.allSettled(
    lanes.map(async (lane) => {
      for (const chunk of packChunks(lane.changes, capacity, run.writer ? 2 : 1, write)) {
        if (run.failed || (write.deadline !== undefined && Date.now() > write.deadline)) {
          pending.push(...chunk);
          continue;
        }
        try {
          written.push(...(await writeChunk(orgId, chunk, run, 1)));
        } catch (error) {
          run.failed = true;
          throw error;
        }
      }
    }),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return { written, pending, refused: run.refused };
}

function matchRowsOf(changes: LedgerChange[]): MatchRows {
  const rows = new MatchRows();
  for (const [before, after] of changes) rows.change(before, after);
  return rows;
}

async function writeChunk(
  orgId: string,
  chunk: LedgerChange[],
  run: ChunkRun,
  attempt: number,
): Promise<LedgerChange[]> {
  if (chunk.length === 0) return [];
  const extra = run.chunkRecord ? [run.chunkRecord(chunk)] : [];
  const base = ledgerOps(orgId, chunk, run, { pendingRows: !run.writer, extra });
  const rows = run.writer ? matchRowsOf(chunk).result() : null;
  if (base.length + (rows?.size ?? 0) > MAX_TRANSACT_ITEMS) {
    if (chunk.length === 1) throw new Error(`One ledger change needs ${base.length} items, over DynamoDB's 100`);
    const half = Math.ceil(chunk.length / 2);
    return [
      ...(await writeChunk(orgId, chunk.slice(0, half), run, attempt)),
      ...(await writeChunk(orgId, chunk.slice(half), run, attempt)),
    ];
  }
  await run.beforeChunk?.(chunk);
  const snapshots = rows && run.writer ? await run.writer.prepare(rows) : null;
  try {
    await writeOps(orgId, [...base, ...(snapshots?.ops ?? [])]);
    snapshots?.commit();
    run.afterChunk?.(chunk);
    return chunk;
  } catch (error) {
    snapshots?.abandon();
    if (!(error instanceof StaleRead)) throw error;
    if (run.isolate) {
      if (chunk.length === 1) {
        run.refused.push(chunk[0]!);
        return [];
      }
      const written: LedgerChange[] = [];
      for (const change of chunk) written.push(...(await writeChunk(orgId, [change], run, attempt)));
      return written;
    }
    if (!run.replan || attempt >= STALE_READ_ATTEMPTS) throw (run.onStale ?? changedMeanwhile)();
    await backoff(attempt);
    const fresh = await run.replan(chunk.map(idOf));
    return writeChunk(orgId, fresh, run, attempt + 1);
  }
}
