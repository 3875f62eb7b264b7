import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { MatchableTransaction, SplitPart } from '@rent/shared';
import { MATCH_ROW_ATTRIBUTE_PREFIX, matchRowAttribute } from '../keys.js';

export { PENDING_COUNT_ATTRIBUTE } from '../keys.js';

import { cellId, monthOf } from './rollupDeltas.js';

/**
 * The match index (pure part): what rule preview and "apply to all matching" read instead of the
 * transactions themselves. Reading 50,000 transaction items takes seconds (DynamoDB Local: ~2 s in 16
 * parallel projected queries, ~40 s in one); the index holds, per organization, month and property,
 * just what the rule engine reads, so the whole organization is ONE Query of ~1 MB (measured: ~60-120
 * ms for 50,000 transactions).
 *
 * Two parts per cell (month, property or none), merged on read:
 *  - the snapshot: item MATCH#yyyy-mm#PROP#p, attribute `snap` = deflate(JSON rows), rewritten only by
 *    compaction and the build;
 *  - the rows written since: attribute `m#<transactionId>` of the ROLLUP cell of the same month and
 *    property, SET by every transaction write in the same TransactWriteItems as its rollup deltas (so the
 *    index never disagrees with the ledger, and no write touches an extra item).
 *
 * Every row carries the transaction's `version`; merging keeps the highest version per transaction, a
 * deletion or a move to another cell leaves a tombstone (the version at which it left). Merging is
 * therefore order-independent: a build from a stale read, a compaction and a concurrent write can run in
 * any order and still converge on the ledger. This relies on transaction ids never being reused (they
 * are UUIDs, and bank transactions are never deleted). A write that changes nothing kept here (notes,
 * review flags) writes no row, so the index's version may trail the ledger's; nothing relies on equality.
 */

/** What of a transaction the index keeps. */
export interface MatchFacts {
  id: string;
  version: number;
  date: string;
  amount: number;
  name: string;
  category: string | null;
  isIgnored: boolean;
  categorizationSource: string | null;
  propertyId: string | null;
  /** A pending bank transaction is not in the index (no rule preview or apply) until it posts. */
  pending?: boolean;
  /** A split transaction is indexed as split: no rule matches it (its parts were chosen by hand). */
  parts?: readonly SplitPart[] | null;
}

/** A transaction as read back from the index: enough for the rule engine, sorting and paging. */
export interface IndexedTransaction extends MatchableTransaction {
  version: number;
  date: string;
  propertyId: string | null;
}

/** One transaction in one cell: live as of `version`, or a tombstone (it left the cell at `version`). */
export interface MatchEntry {
  id: string;
  version: number;
  live: IndexedTransaction | null;
}

const SOURCE_CODES: Record<string, string> = { manual: 'm', rule: 'r', bank: 'b' };
const SOURCE_NAMES: Record<string, string> = { m: 'manual', r: 'rule', b: 'bank' };

const matchCellId = (facts: Pick<MatchFacts, 'date' | 'propertyId'>) => cellId(monthOf(facts.date), facts.propertyId);

/** `i` ignored, `s` split, then the categorization source's code. */
function flags(t: { isIgnored: boolean; isSplit: boolean; categorizationSource?: string | null }): string {
  return `${t.isIgnored ? 'i' : ''}${t.isSplit ? 's' : ''}${t.categorizationSource ? (SOURCE_CODES[t.categorizationSource] ?? '') : ''}`;
}
const flagsOf = (facts: MatchFacts) => flags({ ...facts, isSplit: !!facts.parts });

/** The row value (a JSON array) of a live transaction. */
export function encodeRow(facts: MatchFacts): string {
  return JSON.stringify([
    facts.version,
    facts.date.slice(8, 10),
    facts.amount,
    flagsOf(facts),
    facts.category ?? '',
    facts.name,
  ]);
}

export const encodeTombstone = (version: number) => JSON.stringify([version]);

type RowTuple = [number, string, number, string, string, string] | [number];

function entryOf(id: string, month: string, propertyId: string | null, tuple: RowTuple): MatchEntry {
  const version = tuple[0];
  if (tuple.length === 1) return { id, version, live: null };
  const [, day, amount, flags, category, name] = tuple;
  return {
    id,
    version,
    live: {
      id,
      version,
      date: `${month}-${day}`,
      amountCents: amount,
      name,
      category: category === '' ? null : category,
      isIgnored: flags.includes('i'),
      ...(flags.includes('s') && { isSplit: true }),
      categorizationSource: SOURCE_NAMES[flags.replace('i', '').replace('s', '')] ?? null,
      propertyId,
    },
  };
}

/** A row attribute of a rollup cell back into an entry. */
export function decodeRow(id: string, month: string, propertyId: string | null, value: string): MatchEntry {
  return entryOf(id, month, propertyId, JSON.parse(value) as RowTuple);
}

/** The transaction id of a pending-row attribute name. */
export const rowIdOf = (attribute: string) => attribute.slice(MATCH_ROW_ATTRIBUTE_PREFIX.length);

/** The pending rows of a rollup cell item (its `m#<id>` attributes), with their raw values for compaction. */
export function pendingRowsOf(item: Record<string, unknown>): { attribute: string; id: string; value: string }[] {
  const rows: { attribute: string; id: string; value: string }[] = [];
  for (const [attribute, value] of Object.entries(item)) {
    if (attribute.startsWith(MATCH_ROW_ATTRIBUTE_PREFIX) && typeof value === 'string') {
      rows.push({ attribute, id: attribute.slice(MATCH_ROW_ATTRIBUTE_PREFIX.length), value });
    }
  }
  return rows;
}

export function encodeSnapshot(entries: Iterable<MatchEntry>): Uint8Array {
  const tuples: unknown[] = [];
  for (const entry of entries) {
    const t = entry.live;
    if (t === null) tuples.push([entry.id, entry.version]);
    else {
      tuples.push([
        entry.id,
        entry.version,
        t.date.slice(8, 10),
        t.amountCents,
        flags({ ...t, isSplit: t.isSplit === true }),
        t.category ?? '',
        t.name,
      ]);
    }
  }
  return deflateRawSync(Buffer.from(JSON.stringify(tuples), 'utf8'));
}

export function decodeSnapshot(snap: Uint8Array, month: string, propertyId: string | null): MatchEntry[] {
  const tuples = JSON.parse(inflateRawSync(snap).toString('utf8')) as [string, ...RowTuple][];
  return tuples.map(([id, ...tuple]) => entryOf(id, month, propertyId, tuple as RowTuple));
}

/**
 * Adds entries to a cell's map, keeping the highest version per transaction. On a tie the added entry
 * wins when `newer` (rows written since the snapshot are never older than it).
 */
export function mergeEntries(into: Map<string, MatchEntry>, entries: Iterable<MatchEntry>, newer: boolean) {
  for (const entry of entries) {
    const known = into.get(entry.id);
    if (!known || entry.version > known.version || (newer && entry.version === known.version)) {
      into.set(entry.id, entry);
    }
  }
}

/**
 * The live transactions across all cells. A transaction that moved between cells has a tombstone in
 * the old one and a row in the new one at the same version: the live row wins a tie; a higher
 * tombstone (a later move or a deletion) hides older rows.
 */
export function liveTransactions(cells: Iterable<Iterable<MatchEntry>>): IndexedTransaction[] {
  const best = new Map<string, MatchEntry>();
  for (const cell of cells) {
    for (const entry of cell) {
      const known = best.get(entry.id);
      if (!known || entry.version > known.version || (entry.version === known.version && entry.live !== null)) {
        best.set(entry.id, entry);
      }
    }
  }
  const live: IndexedTransaction[] = [];
  for (const entry of best.values()) if (entry.live) live.push(entry.live);
  return live;
}

const RELEVANT: (keyof MatchFacts)[] = [
  'date',
  'amount',
  'name',
  'category',
  'isIgnored',
  'categorizationSource',
  'propertyId',
  'parts',
];

export interface CellRows {
  month: string;
  propertyId: string | null;
  /** attribute name (m#<id>) -> row value */
  rows: Record<string, string>;
}

/**
 * The index rows a set of transaction writes produces, per cell. Written with the rollup deltas of the
 * same cells (one Update per cell). A write that changes nothing the index keeps writes no row.
 */
export class MatchRows {
  private readonly cells = new Map<string, CellRows>();

  private set(facts: Pick<MatchFacts, 'date' | 'propertyId'>, id: string, value: string) {
    const key = matchCellId(facts);
    const cell = this.cells.get(key) ?? { month: monthOf(facts.date), propertyId: facts.propertyId, rows: {} };
    cell.rows[matchRowAttribute(id)] = value;
    this.cells.set(key, cell);
  }

  /** before -> after of one transaction (null = did not exist / no longer exists). */
  change(beforeFacts: MatchFacts | null, afterFacts: MatchFacts | null): this {
    // Pending transactions are absent from the index: posting one is its arrival.
    const before = beforeFacts?.pending ? null : beforeFacts;
    const after = afterFacts?.pending ? null : afterFacts;
    if (after === null) {
      if (before) this.set(before, before.id, encodeTombstone(before.version + 1));
      return this;
    }
    if (before && RELEVANT.every((field) => before[field] === after[field])) return this;
    if (before && matchCellId(before) !== matchCellId(after))
      this.set(before, before.id, encodeTombstone(after.version));
    this.set(after, after.id, encodeRow(after));
    return this;
  }

  /** Keyed by rollups.cellId(month, propertyId). */
  result(): Map<string, CellRows> {
    return this.cells;
  }
}

/** The snapshot entries a set of transactions adds up to (a build or a rebuild). */
export function entriesOf(
  transactions: Iterable<MatchFacts>,
): Map<string, { month: string; propertyId: string | null; entries: MatchEntry[] }> {
  const cells = new Map<string, { month: string; propertyId: string | null; entries: MatchEntry[] }>();
  for (const t of transactions) {
    if (t.pending) continue;
    const key = matchCellId(t);
    const cell = cells.get(key) ?? { month: monthOf(t.date), propertyId: t.propertyId, entries: [] };
    cell.entries.push(decodeRow(t.id, monthOf(t.date), t.propertyId, encodeRow(t)));
    cells.set(key, cell);
  }
  return cells;
}
