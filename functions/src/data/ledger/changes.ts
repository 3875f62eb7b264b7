import { config } from '../../lib/config.js';
import { backoff, MAX_TRANSACT_ITEMS, STALE_READ_ATTEMPTS, StaleRead, type TransactOp } from '../transact.js';
import { type AuditContext, audited, writesAuditEntry } from './audit.js';
import { SnapshotWriter } from './matchCells.js';
import { cellId, monthOf } from './rollupDeltas.js';
import { changedMeanwhile, changesOps, matchRowsOf, type TransactionChange, writeOps } from './writeOps.js';

export type { TransactionChange };

/** Many changes at once: rule applies and undos, imports. */
export interface WriteChangesOptions {
  /** One more item in each chunk's TransactWriteItems (e.g. the record of what that chunk changed). */
  chunkRecord?: (changes: TransactionChange[]) => TransactOp;
  /** Items that go with ONE change in its chunk's TransactWriteItems (bank sync: the Plaid id pointers). */
  extraOps?: (change: TransactionChange) => TransactOp[];
  /**
   * After a chunk lost a race with another write: re-read these transactions and say again what each
   * should become now (leaving out the ones that no longer need a change). Without it, a lost race is a 409.
   */
  replan?: (ids: string[]) => Promise<TransactionChange[]>;
  /** Called before each chunk is written (the match index keeps the cells it touches small). */
  beforeChunk?: (changes: TransactionChange[]) => Promise<void>;
  /** Chunks written at once; chunks of different lanes never share a rollup cell. */
  concurrency?: number;
  /** Epoch ms: no chunk starts after it; what is left is returned as `pending`. */
  deadline?: number;
  /**
   * Fold the chunks' match rows straight into the cells' snapshots (one more item per cell in each
   * chunk) instead of leaving them pending on the rollup cells: for writers of thousands of rows.
   */
  snapshots?: boolean;
  /** How these changes are audited (data/ledger/audit.ts), when not the request's own "how". */
  audit?: Partial<AuditContext>;
}

/** Chunks written at once unless a call says otherwise (lib/config.ts WRITE_LANES). */
export const writeLanes = () => config().WRITE_LANES ?? (config().DYNAMODB_ENDPOINT ? 1 : 6);

const primaryCell = ([current, next]: TransactionChange) =>
  cellId(monthOf(next.date), next.propertyId ?? current?.propertyId ?? null);

/**
 * Writes many transaction changes, each chunk ONE TransactWriteItems of at most 100 items (the
 * transactions, their merged rollup cells, their match rows or snapshots, property counters, and
 * `chunkRecord`), so every transaction is either fully changed (with its rollups and index row) or
 * untouched.
 *
 * Throughput: the changes are grouped by rollup cell and the groups dealt to lanes (largest first, to
 * the least loaded lane); each lane writes its chunks in order. Chunks of different lanes never touch the
 * same cell, so they do not contend; grouping by cell also packs ~45 transactions (each with its audit
 * entry) per chunk instead of ~33 (one cell item per month and property, not one per transaction).
 */
export async function writeTransactionChanges(
  orgId: string,
  changes: TransactionChange[],
  options: WriteChangesOptions = {},
): Promise<{ written: TransactionChange[]; pending: TransactionChange[] }> {
  const capacity = MAX_TRANSACT_ITEMS - (options.chunkRecord ? 1 : 0);
  const run: ChunkRun = { ...options, writer: options.snapshots ? new SnapshotWriter(orgId) : null };
  const groups = new Map<string, TransactionChange[]>();
  for (const change of changes) {
    const key = primaryCell(change);
    const group = groups.get(key) ?? [];
    group.push(change);
    groups.set(key, group);
  }
  const laneCount = Math.max(1, Math.min(options.concurrency ?? writeLanes(), groups.size));
  if (run.writer) await run.writer.preload(matchRowsOf(changes).result().values());
  const lanes = Array.from({ length: laneCount }, () => ({ size: 0, changes: [] as TransactionChange[] }));
  for (const group of [...groups.values()].sort((a, b) => b.length - a.length)) {
    const lane = lanes.reduce((least, lane) => (lane.size < least.size ? lane : least));
    lane.changes.push(...group);
    lane.size += group.length;
  }
  const written: TransactionChange[] = [];
  const pending: TransactionChange[] = [];
  await Promise.all(
    lanes.map(async (lane) => {
      for (const chunk of packChunks(lane.changes, capacity, run.writer ? 2 : 1, options)) {
        if (options.deadline !== undefined && Date.now() > options.deadline) {
          pending.push(...chunk);
          continue;
        }
        written.push(...(await writeChunk(orgId, chunk, run, 1)));
      }
    }),
  );
  return { written, pending };
}

type ChunkRun = WriteChangesOptions & { writer: SnapshotWriter | null };

/**
 * Greedy packing by a safe estimate: each change, each cell it touches once (`perCell` items: the
 * rollup cell, and the snapshot for snapshot writers), each property it moves once.
 */
function packChunks(
  changes: TransactionChange[],
  capacity: number,
  perCell: number,
  options: Pick<WriteChangesOptions, 'extraOps' | 'audit'>,
): TransactionChange[][] {
  const chunks: TransactionChange[][] = [];
  let chunk: TransactionChange[] = [];
  let others = new Set<string>();
  let extras = 0;
  const via = options.audit?.via ?? 'manual';
  for (const change of changes) {
    // The transaction, and its audit entry if it writes one (data/ledger/audit.ts).
    const own = (options.extraOps ? options.extraOps(change).length : 0) + (writesAuditEntry(!change[0], via) ? 2 : 1);
    const [current, next] = change;
    const touched = [`C${cellId(monthOf(next.date), next.propertyId)}`];
    if (current) touched.push(`C${cellId(monthOf(current.date), current.propertyId)}`);
    if ((current?.propertyId ?? null) !== next.propertyId) {
      if (current?.propertyId) touched.push(`P${current.propertyId}`);
      if (next.propertyId) touched.push(`P${next.propertyId}`);
    }
    const added = new Set(touched.filter((key) => !others.has(key)));
    const weight = (keys: Iterable<string>) => [...keys].reduce((n, key) => n + (key.startsWith('C') ? perCell : 1), 0);
    if (chunk.length > 0 && extras + own + weight(others) + weight(added) > capacity) {
      chunks.push(chunk);
      chunk = [];
      others = new Set();
      extras = 0;
    }
    chunk.push(change);
    extras += own;
    for (const key of touched) others.add(key);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

async function writeChunk(
  orgId: string,
  chunk: TransactionChange[],
  run: ChunkRun,
  attempt: number,
): Promise<TransactionChange[]> {
  if (chunk.length === 0) return [];
  const extra = [
    ...(run.chunkRecord ? [run.chunkRecord(chunk)] : []),
    ...(run.extraOps ? chunk.flatMap(run.extraOps) : []),
  ];
  const base = audited(run.audit ?? {}, () => changesOps(orgId, chunk, extra, { pendingRows: !run.writer }));
  const rows = run.writer ? matchRowsOf(chunk).result() : null;
  if (base.length + (rows?.size ?? 0) > MAX_TRANSACT_ITEMS) {
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
    return chunk;
  } catch (error) {
    snapshots?.abandon();
    if (!(error instanceof StaleRead)) throw error;
    if (!run.replan || attempt >= STALE_READ_ATTEMPTS) throw changedMeanwhile();
    await backoff(attempt);
    const fresh = await run.replan(chunk.map(([, next]) => next.id));
    return writeChunk(orgId, fresh, run, attempt + 1);
  }
}
