import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SplitPart } from '@rent/shared';
import { Busy } from '../../domain-errors.js';
import { atMostAtOnce } from '../../lib/atOnce.js';
import { logger } from '../../lib/logger.js';
import { batchGet } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import type { TransactionRecord } from './items.js';
import { type CellRef, compactCell, snapshotPut } from './matchCells.js';
import {
  decodeRow,
  decodeSnapshot,
  entriesOf,
  type IndexedTransaction,
  liveTransactions,
  type MatchEntry,
  type MatchFacts,
  mergeEntries,
  PENDING_COUNT_ATTRIBUTE,
  pendingRowsOf,
} from './matchRows.js';

/**
 * The match index (data/ledger/matchRows.ts explains the layout): read it, build it for
 * transactions written before it existed, and keep its cells small. What rules match is the rules service's
 * question (services/rules/matches.ts).
 */

/** A read folds a cell's pending rows into its snapshot once it has this many. */
export const CROWDED_AT = 32;
/** Cells folded by one read at most (the rest wait for the next read). */
const COMPACT_PER_READ = 16;
/** Time a request may spend building the index before answering "try again" (Lambda timeout: 10 s). */
export const BUILD_BUDGET_MS = 6_000;
const BUILD_CONCURRENCY = 8;

async function queryPrefix(pk: string, prefix: string, projection?: string[]): Promise<Record<string, unknown>[]> {
  return queryAll(
    prefixQuery(tableName(), pk, prefix, {
      ...(projection && {
        ProjectionExpression: projection.map((_, i) => `#p${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(projection.map((name, i) => [`#p${i}`, name])),
      }),
      ConsistentRead: true,
    }),
  );
}

/** The match cells (key and snapshot version only) and the index state. */
const readMatchList = (orgId: string) =>
  queryPrefix(keys.matchIndexPrefix(orgId).PK, keys.matchIndexPrefix(orgId).SKPrefix, [
    'SK',
    'type',
    'month',
    'propertyId',
    'sv',
    'complete',
    'doneMonths',
  ]);

/**
 * Decoded snapshots kept by a warm container, per organization and cell, with the snapshot version
 * they were decoded from. A read lists the cells' versions (a projected Query, ~40 ms for 50,000
 * transactions) and fetches and decodes only the cells whose version changed, so the live preview
 * of a dialog being edited costs two small Queries. Bounded: the least recently used organizations
 * are dropped past SNAPSHOT_CACHE_ROWS decoded rows.
 */
const SNAPSHOT_CACHE_ROWS = 400_000;
const snapshotCache = new Map<string, Map<string, { sv: number; entries: MatchEntry[] }>>();

function cachedCells(orgId: string) {
  let cells = snapshotCache.get(orgId);
  if (cells) snapshotCache.delete(orgId);
  else cells = new Map();
  snapshotCache.set(orgId, cells);
  let rows = 0;
  for (const org of snapshotCache.values()) for (const cell of org.values()) rows += cell.entries.length;
  for (const [other] of snapshotCache) {
    if (rows <= SNAPSHOT_CACHE_ROWS || other === orgId) break;
    for (const cell of snapshotCache.get(other)!.values()) rows -= cell.entries.length;
    snapshotCache.delete(other);
  }
  return cells;
}

/**
 * Which rollup cells exist and how many match rows each holds pending. Projected: a rollup cell carries
 * ~200 counters, and reading them all is most of the cost of a full read.
 */
const readRollupCellList = (orgId: string) =>
  queryPrefix(keys.rollupsPrefix(orgId).PK, keys.rollupsPrefix(orgId).SKPrefix, [
    'SK',
    'month',
    'propertyId',
    PENDING_COUNT_ATTRIBUTE,
  ]);

/** The whole items of the rollup cells that hold pending rows. */
const readPendingCells = (orgId: string, cells: Record<string, unknown>[]) =>
  batchGet(cells.map((cell) => keys.rollup(orgId, refOf(cell).month, refOf(cell).propertyId)));

const isMatchCell = (item: Record<string, unknown>) => item.type === 'MatchCell';
const refOf = (item: Record<string, unknown>): CellRef => ({
  month: item.month as string,
  propertyId: (item.propertyId as string | null) ?? null,
});

export const indexing = (done: number, of: number) =>
  new Busy(
    `Preparing rule previews for this organization's transactions (${done} of ${of} months so far). Try again in a few seconds.`,
    'INDEXING',
    { monthsDone: done, months: of },
  );

// ---- reading -----------------------------------------------------------------------------------

export interface IndexSnapshot {
  /** Every transaction of the organization, as the index has it (live, deduplicated). */
  transactions: IndexedTransaction[];
  /** Cells with many pending rows, worth folding into their snapshot. */
  crowded: CellRef[];
}

/**
 * The whole organization's index: two projected Queries in parallel (the match cells' snapshot
 * versions with the index state; the rollup cells' pending counts), then only what changed since this
 * container last looked: the snapshots whose version moved (~1 MB for 50,000 transactions when none is
 * known yet) and the rollup cells holding pending rows. Builds the index first if it was never built
 * (see buildIndex), within BUILD_BUDGET_MS; answers 503 INDEXING if that is not enough.
 */
export async function loadIndex(orgId: string, started = Date.now()): Promise<IndexSnapshot> {
  let [matchList, cellList] = await Promise.all([readMatchList(orgId), readRollupCellList(orgId)]);
  const state = matchList.find((item) => item.SK === keys.matchIndexState(orgId).SK);
  if (state?.complete !== true) {
    await buildIndex(orgId, state, cellList, started + BUILD_BUDGET_MS);
    [matchList, cellList] = await Promise.all([readMatchList(orgId), readRollupCellList(orgId)]);
  }
  const cached = cachedCells(orgId);
  const listed = matchList.filter(isMatchCell);
  const stale = listed.filter((item) => cached.get(item.SK as string)?.sv !== item.sv);
  const [snapshots, rollupItems] = await Promise.all([
    batchGet(stale.map((item) => ({ PK: keys.matchIndexPrefix(orgId).PK, SK: item.SK as string }))),
    readPendingCells(
      orgId,
      cellList.filter((cell) => Number(cell[PENDING_COUNT_ATTRIBUTE] ?? 0) > 0),
    ),
  ]);
  for (const item of snapshots) {
    if (!item.snap) continue;
    const ref = refOf(item);
    cached.set(item.SK as string, {
      sv: item.sv as number,
      entries: decodeSnapshot(item.snap as Uint8Array, ref.month, ref.propertyId),
    });
  }
  const present = new Set(listed.map((item) => item.SK as string));
  for (const sk of cached.keys()) if (!present.has(sk)) cached.delete(sk);

  // Cells without pending rows are their snapshot as is; the others merge the two.
  const cells: Iterable<MatchEntry>[] = [];
  const pendingBySk = new Map(
    rollupItems.map((item) => [keys.matchCell(orgId, refOf(item).month, refOf(item).propertyId).SK, item]),
  );
  for (const [sk, cell] of cached) if (!pendingBySk.has(sk)) cells.push(cell.entries);
  const dirty: { ref: CellRef; pending: number }[] = [];
  for (const [sk, item] of pendingBySk) {
    const pending = pendingRowsOf(item);
    const ref = refOf(item);
    const merged = new Map<string, MatchEntry>();
    mergeEntries(merged, cached.get(sk)?.entries ?? [], false);
    mergeEntries(
      merged,
      pending.map((row) => decodeRow(row.id, ref.month, ref.propertyId, row.value)),
      true,
    );
    cells.push(merged.values());
    dirty.push({ ref, pending: pending.length });
  }
  // Worth folding: crowded cells, or every cell with pending rows once there are many such cells (each
  // one a whole-item read next time). The fullest first. (A count above the rows held, from a row
  // written twice, is also set right by the fold.)
  dirty.sort((a, b) => b.pending - a.pending);
  const crowded = dirty
    .filter((cell) => cell.pending >= CROWDED_AT || dirty.length > COMPACT_PER_READ || cell.pending === 0)
    .map((cell) => cell.ref);
  return { transactions: liveTransactions(cells), crowded };
}

/** Folds the pending rows of the most crowded cells into their snapshots; a failure only waits for next time. */
export async function compactCrowded(orgId: string, crowded: CellRef[]) {
  await Promise.all(
    crowded.slice(0, COMPACT_PER_READ).map((ref) =>
      compactCell(orgId, ref).catch((error: unknown) => {
        logger.warn('match cell not compacted', { error, ...ref });
      }),
    ),
  );
}

// ---- building ------------------------------------------------------------------------------------

/**
 * Indexes the transactions written before the index existed (seeded or migrated data) or by writers
 * that bypass the repositories. Month by month (from the rollup cells, which every writer keeps):
 * read the month's transactions (GSI1, projected to what the index keeps), merge them into the month's
 * snapshots (highest version wins, so a stale read never hides a newer write), then record the month
 * as done. Resumable: a request that runs out of time leaves the done months recorded.
 */
async function buildIndex(
  orgId: string,
  state: Record<string, unknown> | undefined,
  rollupItems: Record<string, unknown>[],
  deadline: number,
): Promise<void> {
  const done = new Set<string>((state?.doneMonths as Set<string> | undefined) ?? []);
  const months = [...new Set(rollupItems.map((item) => item.month as string))].filter(Boolean).sort();
  const todo = months.filter((month) => !done.has(month));
  await atMostAtOnce(
    todo,
    BUILD_CONCURRENCY,
    async (month) => {
      const transactions = await readMonth(orgId, month);
      for (const cell of entriesOf(transactions).values()) {
        await mergeIntoSnapshot(orgId, cell, cell.entries);
      }
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.matchIndexState(orgId),
          UpdateExpression: 'SET #type = :type, organizationId = :org ADD doneMonths :month',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': 'MatchIndexState', ':org': orgId, ':month': new Set([month]) },
        }),
      );
      done.add(month);
    },
    () => Date.now() < deadline,
  );
  if (months.some((month) => !done.has(month))) {
    throw indexing(months.filter((month) => done.has(month)).length, months.length);
  }
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.matchIndexState(orgId),
      UpdateExpression: 'SET #type = :type, organizationId = :org, complete = :true, builtAt = :now',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'MatchIndexState',
        ':org': orgId,
        ':true': true,
        ':now': new Date().toISOString(),
      },
    }),
  );
}

/** A month's transactions from the ledger index, only the attributes the match index keeps. */
async function readMonth(orgId: string, month: string): Promise<MatchFacts[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    ProjectionExpression:
      '#id, #version, #date, #amount, #name, #category, #isIgnored, #source, #propertyId, #pending, #parts',
    ExpressionAttributeNames: {
      '#id': 'id',
      '#version': 'version',
      '#date': 'date',
      '#amount': 'amount',
      '#name': 'name',
      '#category': 'category',
      '#isIgnored': 'isIgnored',
      '#source': 'categorizationSource',
      '#propertyId': 'propertyId',
      '#pending': 'pending',
      '#parts': 'parts',
    },
    ExpressionAttributeValues: {
      ':pk': keys.transactionsByDate(orgId).GSI1PK,
      ':from': month,
      ':to': `${month}~`,
    },
  });
  return items.map((item) => ({
    id: item.id as string,
    version: (item.version as number | undefined) ?? 1,
    date: item.date as string,
    amount: item.amount as number,
    name: item.name as string,
    category: (item.category as string | null | undefined) ?? null,
    isIgnored: item.isIgnored === true,
    categorizationSource: (item.categorizationSource as string | null | undefined) ?? null,
    propertyId: (item.propertyId as string | null | undefined) ?? null,
    // A pending bank charge is not in the index until it posts (entriesOf leaves it out).
    pending: item.pending === true,
    // Only whether it is split matters to the index: no rule matches a split.
    parts: (item.parts as SplitPart[] | null | undefined) ?? null,
  }));
}

async function mergeIntoSnapshot(orgId: string, ref: CellRef, entries: MatchEntry[]): Promise<void> {
  const read = async () =>
    (
      await db.send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.matchCell(orgId, ref.month, ref.propertyId),
          ConsistentRead: true,
        }),
      )
    ).Item;
  let current = await read();
  for (let attempt = 1; ; attempt++) {
    const merged = new Map<string, MatchEntry>();
    if (current?.snap)
      mergeEntries(merged, decodeSnapshot(current.snap as Uint8Array, ref.month, ref.propertyId), false);
    mergeEntries(merged, entries, false);
    const op = snapshotPut(orgId, ref, merged.values(), (current?.sv as number | undefined) ?? null);
    try {
      await db.send(new PutCommand(op.item.Put!));
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 5) throw error;
      current = await read();
    }
  }
}

// ---- answers ------------------------------------------------------------------------------------

/** Every indexed transaction of the organization (crowded cells folded on the way). */
export async function indexedTransactions(orgId: string): Promise<IndexedTransaction[]> {
  const index = await loadIndex(orgId);
  await compactCrowded(orgId, index.crowded);
  return index.transactions;
}

/** What the rule engine reads of a transaction. */
export const toMatchable = (record: TransactionRecord) => ({
  id: record.id,
  name: record.name,
  amountCents: record.amount,
  category: record.category,
  isIgnored: record.isIgnored,
  isSplit: !!record.parts,
  categorizationSource: record.categorizationSource,
});
