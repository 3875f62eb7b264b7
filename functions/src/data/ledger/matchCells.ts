import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { StaleRead, type TransactOp, transact } from '../transact.js';
import {
  type CellRows,
  decodeRow,
  decodeSnapshot,
  encodeSnapshot,
  type MatchEntry,
  mergeEntries,
  PENDING_COUNT_ATTRIBUTE,
  pendingRowsOf,
  rowIdOf,
} from './matchRows.js';
import { cellId } from './rollupDeltas.js';

/**
 * The writes of the match index's cells (data/ledger/matchRows.ts explains the layout):
 * folding a rollup cell's pending rows into the snapshot (compaction), and the snapshot writes bulk
 * writers make in the same TransactWriteItems as their transactions.
 */

export interface CellRef {
  month: string;
  propertyId: string | null;
}

/** Rows folded per TransactWriteItems (each row is a REMOVE and a condition; expressions stop at 4 KB). */
const COMPACT_BATCH = 100;

/**
 * A rollup cell refuses new pending rows beyond this many (its Update is conditioned on the count);
 * the writer then folds the cell and writes again. 500 rows of ~130 bytes keep the item near 65 KB
 * (every write of the cell, and every report, reads it whole), far below DynamoDB's 400 KB.
 */
export const PENDING_ROWS_LIMIT = 500;

/** Thrown when a write met a rollup cell with PENDING_ROWS_LIMIT pending rows: fold it, then write again. */
export class CrowdedCell extends Error {
  constructor(readonly cell: CellRef) {
    super(`The match rows of ${cell.month} ${cell.propertyId ?? 'no property'} need folding`);
    this.name = 'CrowdedCell';
  }
}

/** The snapshot item of a cell, written only if its snapshot version is still `sv` (null: not there yet). */
export function snapshotPut(orgId: string, ref: CellRef, entries: Iterable<MatchEntry>, sv: number | null): TransactOp {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.matchCell(orgId, ref.month, ref.propertyId),
          type: 'MatchCell',
          organizationId: orgId,
          month: ref.month,
          propertyId: ref.propertyId,
          snap: encodeSnapshot(entries),
          // Versions never repeat, even for a cell deleted (by a rebuild) and made again: readers cache
          // decoded snapshots by version (data/ledger/matchIndex.ts).
          sv: sv === null ? Date.now() : sv + 1,
        },
        ...(sv === null
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: 'sv = :sv', ExpressionAttributeValues: { ':sv': sv } }),
      },
    },
    onConditionFailure: () => new StaleRead(),
  };
}

async function readSnapshot(orgId: string, ref: CellRef) {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.matchCell(orgId, ref.month, ref.propertyId),
      ConsistentRead: true,
    }),
  );
  const entries = new Map<string, MatchEntry>();
  if (Item?.snap) mergeEntries(entries, decodeSnapshot(Item.snap as Uint8Array, ref.month, ref.propertyId), false);
  return { entries, sv: (Item?.sv as number | undefined) ?? null };
}

/**
 * Moves a cell's pending rows (attributes of its rollup cell) into its snapshot item, in rounds of
 * COMPACT_BATCH: one TransactWriteItems writes the merged snapshot (conditioned on the snapshot version
 * read) and REMOVEs exactly the rows it folded, each conditioned on its value being unchanged, with the
 * pending count set to what is left (conditioned on the count read, so no concurrent row is missed).
 * A lost race re-reads and tries again.
 */
export async function compactCell(orgId: string, ref: CellRef, maxRounds = 50): Promise<void> {
  const rollupKey = keys.rollup(orgId, ref.month, ref.propertyId);
  for (let round = 0, races = 0; round < maxRounds && races < 5; round++) {
    const [rollup, snapshot] = await Promise.all([
      db.send(new GetCommand({ TableName: tableName(), Key: rollupKey, ConsistentRead: true })),
      readSnapshot(orgId, ref),
    ]);
    const pending = pendingRowsOf(rollup.Item ?? {});
    const counted = rollup.Item?.[PENDING_COUNT_ATTRIBUTE] as number | undefined;
    if (pending.length === 0 && !counted) return;
    const rows = pending.slice(0, COMPACT_BATCH);
    mergeEntries(
      snapshot.entries,
      rows.map((row) => decodeRow(row.id, ref.month, ref.propertyId, row.value)),
      true,
    );
    const names: Record<string, string> = { '#mp': PENDING_COUNT_ATTRIBUTE };
    const values: Record<string, unknown> = { ':left': pending.length - rows.length };
    const conditions = [counted === undefined ? 'attribute_not_exists(#mp)' : '#mp = :mp'];
    if (counted !== undefined) values[':mp'] = counted;
    rows.forEach((row, i) => {
      names[`#r${i}`] = row.attribute;
      values[`:r${i}`] = row.value;
      conditions.push(`#r${i} = :r${i}`);
    });
    const removes = rows.map((_, i) => `#r${i}`);
    try {
      await transact([
        ...(rows.length > 0 ? [snapshotPut(orgId, ref, snapshot.entries.values(), snapshot.sv)] : []),
        {
          item: {
            Update: {
              TableName: tableName(),
              Key: rollupKey,
              UpdateExpression: `SET #mp = :left${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
              ConditionExpression: conditions.join(' AND '),
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          onConditionFailure: () => new StaleRead(),
        },
      ]);
      if (pending.length <= rows.length) return;
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      races++;
    }
  }
}

/**
 * For bulk writers (rule apply and undo, imports): the rows of each chunk go straight into the cells'
 * snapshots, as one Put per cell in the chunk's own TransactWriteItems, instead of piling up as pending
 * rows on the rollup cells; reads after a 5,000-transaction apply stay as fast as before it. The writer
 * keeps each cell's snapshot in memory between its chunks; a chunk that fails forgets its cells (the
 * next attempt re-reads them), and a concurrent compaction simply makes the chunk retry.
 */
export class SnapshotWriter {
  private readonly known = new Map<string, Promise<{ entries: Map<string, MatchEntry>; sv: number | null }>>();

  constructor(private readonly orgId: string) {}

  /** Reads the snapshots of these cells up front (consistent BatchGets, 100 a call, in parallel). */
  async preload(cells: Iterable<CellRef>): Promise<void> {
    const refs = [...cells].filter((ref) => !this.known.has(cellKey(ref)));
    const items = await batchGet(refs.map((ref) => keys.matchCell(this.orgId, ref.month, ref.propertyId)));
    const found = new Map(items.map((item) => [item.SK as string, item]));
    for (const ref of refs) {
      const item = found.get(keys.matchCell(this.orgId, ref.month, ref.propertyId).SK);
      const entries = new Map<string, MatchEntry>();
      if (item?.snap) mergeEntries(entries, decodeSnapshot(item.snap as Uint8Array, ref.month, ref.propertyId), false);
      this.known.set(cellKey(ref), Promise.resolve({ entries, sv: (item?.sv as number | undefined) ?? null }));
    }
  }

  async prepare(rows: Map<string, CellRows>): Promise<{ ops: TransactOp[]; commit(): void; abandon(): void }> {
    const ops: TransactOp[] = [];
    const installs: [string, { entries: Map<string, MatchEntry>; sv: number | null }][] = [];
    for (const [id, cell] of rows) {
      let state = this.known.get(id);
      if (!state) {
        state = readSnapshot(this.orgId, cell);
        this.known.set(id, state);
      }
      const current = await state.catch((error: unknown) => {
        this.known.delete(id);
        throw error;
      });
      const entries = new Map(current.entries);
      mergeEntries(
        entries,
        Object.entries(cell.rows).map(([attribute, value]) =>
          decodeRow(rowIdOf(attribute), cell.month, cell.propertyId, value),
        ),
        true,
      );
      const op = snapshotPut(this.orgId, cell, entries.values(), current.sv);
      ops.push(op);
      installs.push([id, { entries, sv: op.item.Put!.Item!.sv as number }]);
    }
    return {
      ops,
      commit: () => {
        for (const [id, state] of installs) this.known.set(id, Promise.resolve(state));
      },
      abandon: () => {
        for (const [id] of installs) this.known.delete(id);
      },
    };
  }
}

export const cellKey = (ref: CellRef) => cellId(ref.month, ref.propertyId);
