import {
  bookLineOf,
  CATEGORY_VALUES,
  type Cents,
  isRentIncome,
  RECEIPT_THRESHOLD_CENTS,
  type SplitPart,
} from '@rent/shared';
import { keys, PENDING_COUNT_ATTRIBUTE } from '../keys.js';
import type { AttributeItem } from '../query.js';

/**
 * Monthly rollups (docs/ledger.md "Monthly rollups"), pure arithmetic. One item ("cell") per organization, month
 * and property (or no property) holds integer-cent counters per category:
 *
 *   c#<category>#in    sum of amounts >= 0 (cents)       c#<category>#nin   how many
 *   c#<category>#out   sum of amounts < 0 (cents, <= 0)  c#<category>#nout  how many
 *   ignored#in / ignored#out / ignored#nin / ignored#nout   ignored transactions, all categories
 *
 * <category> is a category value (docs/product.md "Categories") or "uncategorized". Ignored transactions count ONLY
 * under ignored#, so every other counter already excludes them; transfers stay apart by category (isTransferCategory).
 * Counters are flat top-level attributes because DynamoDB's ADD creates a missing top-level number but cannot create a
 * missing nested map path. Every write that changes a transaction's amount, date, category, property, ignored flag or
 * existence ADDs (new contribution - old contribution) to the affected cells in the same TransactWriteItems.
 *
 *   x#noreceipt   how many of the cell's transactions need a receipt: money out of more than $75, not ignored,
 *                 no receipt (the dashboard's "Needs attention"). Not a category counter (summarizeCell and
 *                 sumCells skip it); the receipt writes keep it with the transaction's hasReceipt.
 *
 *   l#<leaseId>#in      rent received for a lease (docs/ledger.md "Lease links"): income in a rent category
 *                       linked to the lease (leaseId), not ignored; the rent roll and rental history read it per
 *                       lease and month. It is not a category counter (summarizeCell and sumCells skip it).
 */

/** What of a transaction the rollups depend on. */
export interface RollupFacts {
  date: string;
  amount: Cents;
  category: string | null;
  propertyId: string | null;
  isIgnored: boolean;
  /** A pending bank transaction counts in no rollup until it posts. */
  pending?: boolean;
  /** Whether a receipt is attached: the x#noreceipt counter. */
  hasReceipt?: boolean;
  /** The lease this rent pays: its l#<leaseId>#in counter. */
  leaseId?: string | null;
  /**
   * A split's parts: each counts in the cell of its own property, under its own category and lease, instead of
   * the transaction's (docs/ledger.md "Split transactions"). x#noreceipt stays one per transaction, in the cell of
   * the transaction's own property (none when its parts name several).
   */
  parts?: readonly SplitPart[] | null;
}

export interface RollupCell {
  month: string;
  propertyId: string | null;
  counters: Record<string, number>;
}

export const UNCATEGORIZED_KEY = 'uncategorized';
export const IGNORED_KEY = 'ignored';
/** Prefix of the per-lease rent counters `l#<leaseId>#in`. */
export const LEASE_PREFIX = 'l#';
export const leaseCounter = (leaseId: string) => `${LEASE_PREFIX}${leaseId}#in`;
const COUNTER_KINDS = new Set(['in', 'out', 'nin', 'nout']);
/** How many of a cell's transactions need a receipt (see above). */
export const NO_RECEIPT_COUNTER = 'x#noreceipt';

/** Money out of more than $75, not ignored, without a receipt (the ledger filter core/attention.ts builds). */
export const needsReceipt = (facts: RollupFacts): boolean =>
  !facts.isIgnored && !facts.hasReceipt && facts.amount < -RECEIPT_THRESHOLD_CENTS;

export const monthOf = (date: string) => date.slice(0, 7);
export const cellId = (month: string, propertyId: string | null) => `${month}|${propertyId ?? ''}`;
/** `c#<category>#<kind>` or `ignored#<kind>`; string tests, not a RegExp: every report runs this per attribute. */
export function isCounter(attribute: string): boolean {
  if (attribute === NO_RECEIPT_COUNTER) return true;
  const last = attribute.lastIndexOf('#');
  if (attribute.startsWith(LEASE_PREFIX)) return last > LEASE_PREFIX.length && attribute.endsWith('#in');
  if (!COUNTER_KINDS.has(attribute.slice(last + 1))) return false;
  return attribute.startsWith('c#') ? last > 2 : last === IGNORED_KEY.length && attribute.startsWith(IGNORED_KEY);
}

/** The counter attribute for a category (or "ignored") and a direction. */
export function counterName(bucket: string, which: 'in' | 'out' | 'nin' | 'nout'): string {
  return bucket === IGNORED_KEY ? `${IGNORED_KEY}#${which}` : `c#${bucket}#${which}`;
}

function bucketOf(facts: RollupFacts): string {
  if (facts.isIgnored) return IGNORED_KEY;
  return facts.category ?? UNCATEGORIZED_KEY;
}

/** One line's counters (a transaction, or a part of a split) in its cell. */
function lineCounters(facts: RollupFacts): Record<string, number> {
  const bucket = bucketOf(facts);
  const moneyIn = facts.amount >= 0;
  const counters: Record<string, number> = {
    [counterName(bucket, moneyIn ? 'in' : 'out')]: facts.amount,
    [counterName(bucket, moneyIn ? 'nin' : 'nout')]: 1,
  };
  if (facts.leaseId && !facts.isIgnored && isRentIncome(facts)) counters[leaseCounter(facts.leaseId)] = facts.amount;
  return counters;
}

/** A transaction's counters per cell: its own line, or each part of a split in the cell of the part's property. */
function contributions(facts: RollupFacts): RollupCell[] {
  const month = monthOf(facts.date);
  const lines = facts.parts
    ? facts.parts.map((part) => ({ propertyId: part.propertyId, counters: lineCounters({ ...facts, ...part }) }))
    : [{ propertyId: facts.propertyId, counters: lineCounters(facts) }];
  if (needsReceipt(facts)) lines.push({ propertyId: facts.propertyId, counters: { [NO_RECEIPT_COUNTER]: 1 } });
  return lines.map((line) => ({ month, ...line }));
}

/** The properties (null = none) whose cells a transaction's counters go to. */
export const cellPropertiesOf = (facts: RollupFacts): (string | null)[] =>
  facts.parts ? [...new Set([facts.propertyId, ...facts.parts.map((part) => part.propertyId)])] : [facts.propertyId];

/** Accumulates signed contributions per cell; zero counters and empty cells are dropped at the end. */
export class RollupDeltas {
  private readonly cells = new Map<string, RollupCell>();

  add(facts: RollupFacts, sign: 1 | -1): this {
    if (facts.pending) return this;
    for (const line of contributions(facts)) {
      const id = cellId(line.month, line.propertyId);
      const cell = this.cells.get(id) ?? { month: line.month, propertyId: line.propertyId, counters: {} };
      for (const name in line.counters) cell.counters[name] = (cell.counters[name] ?? 0) + sign * line.counters[name]!;
      this.cells.set(id, cell);
    }
    return this;
  }

  /** before -> after of one transaction (null = did not exist / no longer exists). */
  change(before: RollupFacts | null, after: RollupFacts | null): this {
    if (before) this.add(before, -1);
    if (after) this.add(after, 1);
    return this;
  }

  /** Non-zero cells, each once: one TransactWriteItems may not touch an item twice. */
  result(): RollupCell[] {
    const out: RollupCell[] = [];
    for (const cell of this.cells.values()) {
      const counters = Object.fromEntries(Object.entries(cell.counters).filter(([, value]) => value !== 0));
      if (Object.keys(counters).length > 0) out.push({ ...cell, counters });
    }
    return out;
  }
}

export const rollupFacts = (t: RollupFacts): RollupFacts => ({
  date: t.date,
  amount: t.amount,
  category: t.category,
  propertyId: t.propertyId,
  isIgnored: t.isIgnored,
  pending: t.pending,
  hasReceipt: t.hasReceipt ?? false,
  leaseId: t.leaseId ?? null,
  parts: t.parts ?? null,
});

/** Rent received per lease in a cell (cents), from its l#<leaseId>#in counters. */
export function leaseRentOf(cell: RollupCell): Map<string, number> {
  const out = new Map<string, number>();
  for (const name in cell.counters) {
    if (!name.startsWith(LEASE_PREFIX)) continue;
    out.set(name.slice(LEASE_PREFIX.length, -'#in'.length), cell.counters[name]!);
  }
  return out;
}

/** The cells a set of transactions adds up to (what a rebuild writes). */
export function computeRollups(transactions: Iterable<RollupFacts>): RollupCell[] {
  const deltas = new RollupDeltas();
  for (const t of transactions) deltas.add(t, 1);
  return deltas.result();
}

/**
 * The Update (for TransactWriteItems) that ADDs a cell's deltas, creating the cell if needed. `rows` are
 * match-index rows (`m#<transactionId>` attributes, see matchIndex.ts) SET on the same item, so a write
 * keeps its rollups and the match index together without touching another item.
 */
export function rollupUpdate(tableName: string, orgId: string, cell: RollupCell, rows: Record<string, string> = {}) {
  const names: Record<string, string> = { '#type': 'type', '#month': 'month', '#propertyId': 'propertyId' };
  const values: Record<string, unknown> = {
    ':type': 'Rollup',
    ':month': cell.month,
    ':propertyId': cell.propertyId,
    ':org': orgId,
  };
  const sets = ['#type = :type', '#month = :month', '#propertyId = :propertyId', 'organizationId = :org'];
  Object.entries(rows).forEach(([name, value], i) => {
    names[`#r${i}`] = name;
    values[`:r${i}`] = value;
    sets.push(`#r${i} = :r${i}`);
  });
  const adds = counterAdds(cell.counters, names, values);
  const rowCount = Object.keys(rows).length;
  if (rowCount > 0) {
    names['#mp'] = PENDING_COUNT_ATTRIBUTE;
    values[':mp'] = rowCount;
    adds.push('#mp :mp');
  }
  return {
    TableName: tableName,
    Key: keys.rollup(orgId, cell.month, cell.propertyId),
    UpdateExpression: `SET ${sets.join(', ')}${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** `#cN :cN` clauses that ADD these counters (their names hold #, so each goes through a placeholder). */
function counterAdds(counters: Record<string, number>, names: Record<string, string>, values: Record<string, unknown>) {
  return Object.entries(counters).map(([name, value], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = value;
    return `#c${i} :c${i}`;
  });
}

// ---- the capital ledger ----------------------------------------------------------------------------------

/**
 * Capital spending (every category on the capital spending line) is also kept apart, per property and year, in
 * one item of the capital ledger (CAPEX#yyyy#PROP#p): one counter per month and category, named `mm#<category>`
 * and holding the net (in + out, cents), ADDed in the same TransactWriteItems as its rollup cell. The
 * depreciation history reads every month since the first purchase and needs only what was spent when: a few
 * small items per property rather than every month's whole cell (docs/ledger.md "Capital ledger").
 */
const CAPITAL_CATEGORY_OF_COUNTER = new Map(
  CATEGORY_VALUES.filter((category) => bookLineOf(category) === 'capitalSpending').flatMap((category) => [
    [counterName(category, 'in'), category] as const,
    [counterName(category, 'out'), category] as const,
  ]),
);

/**
 * The capital ledger items (`yyyy|propertyId`) a transaction's counters move (one per property of its capital parts): what a
 * writer counts, before building its operations, to fill a TransactWriteItems without going over 100 items.
 */
export function capitalLedgersOf(facts: RollupFacts): string[] {
  if (facts.pending || facts.isIgnored) return [];
  const lines = facts.parts ?? [facts];
  const capital = lines.filter(
    (line) => line.category !== null && CAPITAL_CATEGORY_OF_COUNTER.has(counterName(line.category, 'in')),
  );
  return [...new Set(capital.map((line) => `${facts.date.slice(0, 4)}|${line.propertyId ?? ''}`))];
}

/** A cell's capital spending, net per category (`counters` keyed by category), or null when it has none. */
export function capitalPart(cell: RollupCell): RollupCell | null {
  const net: Record<string, number> = {};
  for (const name in cell.counters) {
    const category = CAPITAL_CATEGORY_OF_COUNTER.get(name);
    if (category !== undefined) net[category] = (net[category] ?? 0) + cell.counters[name]!;
  }
  const counters = Object.fromEntries(Object.entries(net).filter(([, value]) => value !== 0));
  return Object.keys(counters).length > 0 ? { month: cell.month, propertyId: cell.propertyId, counters } : null;
}

/** One item of the capital ledger: a property's (or no property's) capital counters of a year, named by month. */
interface CapitalLedger {
  year: string;
  propertyId: string | null;
  counters: Record<string, number>;
}

/** The ledger items these cells' capital counters belong to, each once (one TransactWriteItems touches an item once). */
function capitalLedgers(cells: RollupCell[]): CapitalLedger[] {
  const out = new Map<string, CapitalLedger>();
  for (const cell of cells) {
    const capital = capitalPart(cell);
    if (!capital) continue;
    const year = cell.month.slice(0, 4);
    const id = `${year}|${cell.propertyId ?? ''}`;
    const ledger = out.get(id) ?? { year, propertyId: cell.propertyId, counters: {} };
    for (const category in capital.counters)
      ledger.counters[`${cell.month.slice(5)}#${category}`] = capital.counters[category]!;
    out.set(id, ledger);
  }
  return [...out.values()];
}

function capitalLedgerUpdate(tableName: string, orgId: string, ledger: CapitalLedger) {
  const names: Record<string, string> = { '#type': 'type', '#year': 'year', '#propertyId': 'propertyId' };
  const values: Record<string, unknown> = {
    ':type': 'CapitalLedger',
    ':year': ledger.year,
    ':propertyId': ledger.propertyId,
    ':org': orgId,
  };
  const adds = counterAdds(ledger.counters, names, values);
  return {
    TableName: tableName,
    Key: keys.capitalLedger(orgId, ledger.year, ledger.propertyId),
    UpdateExpression: `SET #type = :type, #year = :year, #propertyId = :propertyId, organizationId = :org ADD ${adds.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The monthly capital parts one ledger item holds (see capitalPart), months up to `toMonth` (yyyy-mm), oldest first. */
export function capitalCellsOfLedger(item: AttributeItem, toMonth: string): RollupCell[] {
  const propertyId = item.propertyId?.S ?? null;
  const year = item.year?.S ?? '';
  const byMonth = new Map<string, Record<string, number>>();
  for (const name in item) {
    if (name[2] !== '#' || !isDigit(name[0]!) || !isDigit(name[1]!)) continue; // not `mm#<category>`
    const number = item[name]!.N;
    const month = `${year}-${name.slice(0, 2)}`;
    if (number === undefined || month > toMonth) continue;
    const value = Number(number);
    if (value === 0) continue;
    const counters = byMonth.get(month) ?? {};
    counters[name.slice(3)] = value;
    byMonth.set(month, counters);
  }
  return [...byMonth.keys()].sort().map((month) => ({ month, propertyId, counters: byMonth.get(month)! }));
}
const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * One Update per cell touched by rollup deltas or match rows (a cell may have only one or the other), and one per
 * item of the capital ledger whose counters change with them.
 */
export function cellUpdates(
  tableName: string,
  orgId: string,
  deltas: RollupDeltas,
  rows: Map<string, { month: string; propertyId: string | null; rows: Record<string, string> }>,
) {
  const updates = [];
  const counted = new Set<string>();
  const cells = deltas.result();
  for (const cell of cells) {
    const id = cellId(cell.month, cell.propertyId);
    counted.add(id);
    updates.push(rollupUpdate(tableName, orgId, cell, rows.get(id)?.rows));
  }
  for (const [id, cell] of rows) {
    if (counted.has(id)) continue;
    updates.push(
      rollupUpdate(tableName, orgId, { month: cell.month, propertyId: cell.propertyId, counters: {} }, cell.rows),
    );
  }
  for (const ledger of capitalLedgers(cells)) updates.push(capitalLedgerUpdate(tableName, orgId, ledger));
  return updates;
}

/** A whole cell as an item (a rebuild or a seed Puts it). */
export function rollupItem(orgId: string, cell: RollupCell) {
  return {
    ...keys.rollup(orgId, cell.month, cell.propertyId),
    type: 'Rollup',
    organizationId: orgId,
    month: cell.month,
    propertyId: cell.propertyId,
    ...cell.counters,
  };
}

/** The items a set of whole cells is stored as (a rebuild, a seed): the cells and their capital ledger. */
export function rollupItems(orgId: string, cells: RollupCell[]) {
  return [
    ...cells.map((cell) => rollupItem(orgId, cell)),
    ...capitalLedgers(cells).map((ledger) => ({
      ...keys.capitalLedger(orgId, ledger.year, ledger.propertyId),
      type: 'CapitalLedger',
      organizationId: orgId,
      year: ledger.year,
      propertyId: ledger.propertyId,
      ...ledger.counters,
    })),
  ];
}

/** A cell from a Query's attribute values (data/query.ts `queryAllAttributes`): only its counters are converted. */
export function parseRollupAttributes(item: AttributeItem): RollupCell {
  const counters: Record<string, number> = {};
  for (const name in item) {
    const number = item[name]!.N;
    if (number === undefined || !isCounterCached(name)) continue;
    const value = Number(number);
    if (value !== 0) counters[name] = value;
  }
  return { month: item.month?.S as string, propertyId: item.propertyId?.S ?? null, counters };
}

// Every report parses thousands of counters whose names repeat across cells; the answer for each name is kept
// (bounded: lease counters are named by lease).
const counterNames = new Map<string, boolean>();
function isCounterCached(name: string): boolean {
  let counter = counterNames.get(name);
  if (counter === undefined) {
    counter = isCounter(name);
    if (counterNames.size < 10_000) counterNames.set(name, counter);
  }
  return counter;
}

export function parseRollupItem(item: Record<string, unknown>): RollupCell {
  const counters: Record<string, number> = {};
  for (const name in item) {
    const value = item[name];
    if (typeof value === 'number' && value !== 0 && isCounter(name)) counters[name] = value;
  }
  return { month: item.month as string, propertyId: (item.propertyId as string | null) ?? null, counters };
}
