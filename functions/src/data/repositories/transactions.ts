import { randomUUID } from 'node:crypto';
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  autoCategorize,
  type BulkTransactionUpdate,
  categoriesInGroup,
  type EngineRule,
  type RuleSet,
  type TransactionFilter,
  type TransactionInput,
  type TransactionUpdate,
  UNCATEGORIZED,
} from '@rent/shared';
import { z } from 'zod';
import { config } from '../../lib/config.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { logger } from '../../lib/logger.js';
import { db, tableName } from '../client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { keys, orgPk } from '../keys.js';
import { MatchRows } from '../matchIndex.js';
import { cellId, cellUpdates, monthOf, RollupDeltas, sumCells } from '../rollups.js';
import { backoff, MAX_TRANSACT_ITEMS, STALE_READ_ATTEMPTS, StaleRead, type TransactOp, transact } from '../transact.js';
import {
  searchName,
  type TransactionRecord,
  toTransactionRecord,
  transactionIndexKeys,
  transactionItem,
} from '../transactionItems.js';
import { type CellRef, CrowdedCell, compactCell, PENDING_ROWS_LIMIT, SnapshotWriter } from './matchCells.js';
import { attachReceiptOp, deleteReceiptOp, type ReceiptRecord, receiptsOfTransaction } from './receipts.js';
import { readRollupCells } from './rollups.js';
import { activeRuleSet } from './rules.js';

export type { TransactionRecord };

const NOT_FOUND = 'Transaction';
const STALE =
  'This transaction was changed by someone else while you were editing. Reload it to see their changes, then try again.';
const BUSY = 'This transaction was changed by someone else at the same time. Try again.';
const notYourProperty = () =>
  badRequest("propertyId: Choose one of your organization's properties, or no property.", [
    { path: 'propertyId', message: "Choose one of your organization's properties, or no property" },
  ]);

// ---- reads ------------------------------------------------------------------------------------

export async function getTransaction(orgId: string, transactionId: string): Promise<TransactionRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.transaction(orgId, transactionId), ConsistentRead: true }),
  );
  if (Item?.type !== 'Transaction') throw notFound(NOT_FOUND);
  return toTransactionRecord(Item);
}

/**
 * Consistent reads of many transactions (BatchGetItem, 100 keys a call, `concurrency` calls at once);
 * missing ones are absent from the map.
 */
/**
 * What re-categorizing a transaction reads and writes: its categorization, what its rollups and match
 * row depend on, and its index keys' inputs. A record read this way is only for computing a change
 * (updateOp writes only the fields that differ); it must never be returned to a client.
 */
const CATEGORIZATION_VIEW = [
  'type',
  'id',
  'organizationId',
  'version',
  'date',
  'createdAt',
  'amount',
  'name',
  'category',
  'isIgnored',
  'propertyId',
  'categorizationSource',
  'categorizationConfidence',
  'categorizedAt',
  'categorizedByRuleId',
  'categorizationBatchId',
];
const categorizationProjection = {
  ProjectionExpression: CATEGORIZATION_VIEW.map((_, i) => `#p${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(CATEGORIZATION_VIEW.map((name, i) => [`#p${i}`, name])),
};

export async function readTransactions(
  orgId: string,
  ids: readonly string[],
  concurrency = 8,
  view: 'full' | 'categorization' = 'full',
): Promise<Map<string, TransactionRecord>> {
  const found = new Map<string, TransactionRecord>();
  const unique = [...new Set(ids)];
  const groups: string[][] = [];
  for (let i = 0; i < unique.length; i += 100) groups.push(unique.slice(i, i + 100));
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next++]!;
      let pending: Record<string, unknown>[] | undefined = group.map((id) => keys.transaction(orgId, id));
      for (let attempt = 0; pending && pending.length > 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** Math.min(attempt, 6)));
        const result: BatchGetCommandOutput = await db.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName()]: {
                Keys: pending,
                ConsistentRead: true,
                ...(view === 'categorization' && categorizationProjection),
              },
            },
          }),
        );
        for (const item of result.Responses?.[tableName()] ?? []) {
          if (item.type === 'Transaction') found.set(item.id as string, toTransactionRecord(item));
        }
        pending = result.UnprocessedKeys?.[tableName()]?.Keys;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, groups.length) }, worker));
  return found;
}

const getTransactions = (orgId: string, ids: string[]) => readTransactions(orgId, ids, 1);

// ---- the ledger query -------------------------------------------------------------------------

/** Which index, partition and sort-key range a filter reads; every other filter is a FilterExpression. */
interface QueryPlan {
  index: 'GSI1' | 'GSI2';
  pkName: 'GSI1PK' | 'GSI2PK';
  skName: 'GSI1SK' | 'GSI2SK';
  pk: string;
  skFrom: string;
  skTo: string;
}

function queryPlan(orgId: string, range: { from?: string; to?: string }, propertyId?: string | null): QueryPlan {
  // The sort keys are date#createdAt#id: "<to>#~" sorts after every key of that day ('~' > any id
  // character), and "0" before every date (key condition values may not be empty strings).
  const lower = range.from ?? '0';
  const upper = `${range.to ? `${range.to}#` : ''}~`;
  if (propertyId !== undefined) {
    return {
      index: 'GSI2',
      pkName: 'GSI2PK',
      skName: 'GSI2SK',
      pk: keys.transactionsOfProperty(orgId, propertyId).GSI2PK,
      skFrom: `TXN#${lower}`,
      skTo: `TXN#${upper}`,
    };
  }
  return {
    index: 'GSI1',
    pkName: 'GSI1PK',
    skName: 'GSI1SK',
    pk: keys.transactionsByDate(orgId).GSI1PK,
    skFrom: lower,
    skTo: upper,
  };
}

interface Expression {
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** The FilterExpression for what the key condition cannot express. */
function filterExpression(filter: TransactionFilter, opts: { excludeIgnored: boolean }): Expression {
  const e: Expression = { conditions: [], names: {}, values: {} };
  const name = (attribute: string) => {
    e.names[`#${attribute}`] = attribute;
    return `#${attribute}`;
  };
  if (filter.category === UNCATEGORIZED) {
    e.conditions.push(`attribute_type(${name('category')}, :nullType)`);
    e.values[':nullType'] = 'NULL';
  } else if (filter.category) {
    e.conditions.push(`${name('category')} = :category`);
    e.values[':category'] = filter.category;
  } else if (filter.categoryGroup) {
    const members = categoriesInGroup(filter.categoryGroup).map((value, i) => {
      e.values[`:group${i}`] = value;
      return `:group${i}`;
    });
    e.conditions.push(`${name('category')} IN (${members.join(', ')})`);
  }
  if (filter.direction) {
    e.conditions.push(`${name('amount')} ${filter.direction === 'in' ? '>=' : '<'} :zero`);
    e.values[':zero'] = 0;
  }
  const flag = (attribute: string, value: boolean | undefined) => {
    if (value === undefined) return;
    e.conditions.push(`${name(attribute)} = :${attribute}`);
    e.values[`:${attribute}`] = value;
  };
  flag('isIgnored', opts.excludeIgnored ? false : filter.ignored);
  flag('hasReceipt', filter.hasReceipt);
  flag('hasOpenReviewRequests', filter.needsReview);
  if (filter.search) {
    e.conditions.push(`contains(${name('searchName')}, :search)`);
    e.values[':search'] = filter.search;
  }
  return e;
}

const CursorKey = z.record(z.string(), z.string());
const PageCursor = z.strictObject({ v: z.literal(1), i: z.enum(['GSI1', 'GSI2']), k: CursorKey });

function keyBelongs(key: Record<string, string>, orgId: string, plan: QueryPlan): boolean {
  const names = Object.keys(key).sort();
  const expected = ['PK', 'SK', plan.pkName, plan.skName].sort();
  const sortKey = key[plan.skName] ?? '';
  return (
    names.join() === expected.join() &&
    key.PK === orgPk(orgId) &&
    /^TXN#[A-Za-z0-9_-]{1,64}$/.test(key.SK ?? '') &&
    key[plan.pkName] === plan.pk &&
    sortKey >= plan.skFrom &&
    sortKey <= plan.skTo
  );
}

function keyOf(item: Record<string, unknown>, plan: QueryPlan): Record<string, string> {
  return {
    PK: item.PK as string,
    SK: item.SK as string,
    [plan.pkName]: item[plan.pkName] as string,
    [plan.skName]: item[plan.skName] as string,
  };
}

function queryInput(plan: QueryPlan, filter: Expression) {
  return {
    TableName: tableName(),
    IndexName: plan.index,
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :skFrom AND :skTo',
    ...(filter.conditions.length > 0 && { FilterExpression: filter.conditions.join(' AND ') }),
    ExpressionAttributeNames: { '#pk': plan.pkName, '#sk': plan.skName, ...filter.names },
    ExpressionAttributeValues: { ':pk': plan.pk, ':skFrom': plan.skFrom, ':skTo': plan.skTo, ...filter.values },
    ScanIndexForward: false,
  };
}

/**
 * With a FilterExpression a page may need several reads. Each read examines at most this many
 * transactions, and a page request makes at most FILTERED_READS reads, so the worst case is
 * 4 x 1000 transactions examined (about 2.4 MB, ~300 read units eventually consistent). If the
 * page is not full by then it is returned short, with a cursor to continue from.
 */
export const FILTERED_READS = 4;
export const FILTERED_READ_ITEMS = 1000;

export interface TransactionPageResult {
  records: TransactionRecord[];
  nextCursor: string | null;
}

/**
 * One page of the ledger, newest first (date, then createdAt, then id). Unfiltered and by property
 * (or "no property"), with or without a date range: ONE Query (Limit = page size + 1, so the last
 * page is known to be last). Other filters: a bounded loop, see FILTERED_READS.
 */
export async function listTransactions(
  orgId: string,
  filter: TransactionFilter,
  page: { limit: number; cursor?: string },
  budget = { reads: FILTERED_READS, items: FILTERED_READ_ITEMS },
): Promise<TransactionPageResult> {
  const plan = queryPlan(orgId, filter, filter.propertyId);
  const expression = filterExpression(filter, { excludeIgnored: false });
  const filtered = expression.conditions.length > 0;
  let startKey: Record<string, unknown> | undefined = page.cursor
    ? decodeCursor(page.cursor, PageCursor, (c) => c.i === plan.index && keyBelongs(c.k, orgId, plan)).k
    : undefined;

  const found: Record<string, unknown>[] = [];
  const reads = filtered ? budget.reads : 1;
  for (let read = 0; read < reads; read++) {
    const result = await db.send(
      new QueryCommand({
        ...queryInput(plan, expression),
        Limit: filtered ? budget.items : page.limit + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
    if (found.length > page.limit || !startKey) break;
  }

  const records = found.slice(0, page.limit);
  let next: Record<string, unknown> | undefined;
  if (found.length > page.limit) next = keyOf(records.at(-1)!, plan);
  else if (startKey) next = startKey;
  return {
    records: records.map(toTransactionRecord),
    nextCursor: next ? encodeCursor({ v: 1, i: plan.index, k: next }) : null,
  };
}

// ---- totals -----------------------------------------------------------------------------------

/** Reads per totals call when transactions must be summed; each read is up to 1 MB (~2,000 transactions). */
export const TOTALS_READS = 20;

export interface TotalsResult {
  totals: { in: number; out: number; count: number };
  complete: boolean;
  cursor: string | null;
  source: 'rollups' | 'transactions';
}

const TotalsCursor = z.strictObject({
  v: z.literal(1),
  s: z.number().int().min(0),
  k: CursorKey.nullable(),
  t: z.strictObject({ in: z.number().int(), out: z.number().int(), count: z.number().int().min(0) }),
});

/** Date helpers on ISO dates (UTC calendar arithmetic, no time zones involved). */
const monthStart = (month: string) => `${month}-01`;
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

interface TotalsPlan {
  /** Whole months read from the rollups (bounds inclusive, null = open), or null for none. */
  rollupMonths: { from: string | null; to: string | null } | null;
  /** Date ranges summed from the transactions themselves. */
  segments: { from?: string; to?: string }[];
}

/**
 * Rollups answer date range (whole months), property, category or group, direction and ignored.
 * The partial months at the edges of a date range are summed from their transactions (at most two
 * months' worth). hasReceipt, needsReview and search are not in the rollups: then the whole
 * range is summed from the transactions, TOTALS_READS reads per call, continued by cursor.
 */
function totalsPlan(filter: TransactionFilter): TotalsPlan {
  const rollupable = filter.hasReceipt === undefined && filter.needsReview === undefined && !filter.search;
  if (!rollupable) return { rollupMonths: null, segments: [{ from: filter.from, to: filter.to }] };
  const { from, to } = filter;
  const firstFull = from
    ? from === monthStart(from.slice(0, 7))
      ? from.slice(0, 7)
      : shiftMonth(from.slice(0, 7), 1)
    : null;
  const lastFull = to ? (to === monthEnd(to.slice(0, 7)) ? to.slice(0, 7) : shiftMonth(to.slice(0, 7), -1)) : null;
  if (firstFull && lastFull && firstFull > lastFull) return { rollupMonths: null, segments: [{ from, to }] };
  const segments: TotalsPlan['segments'] = [];
  if (from && firstFull !== from.slice(0, 7)) segments.push({ from, to: monthEnd(from.slice(0, 7)) });
  if (to && lastFull !== to.slice(0, 7)) segments.push({ from: monthStart(to.slice(0, 7)), to });
  return { rollupMonths: { from: firstFull, to: lastFull }, segments };
}

/** Totals (in, out, net, count) of the whole filtered set, ignored transactions excluded. */
export async function transactionTotals(
  orgId: string,
  filter: TransactionFilter,
  cursor?: string,
  budget: { reads: number; items?: number } = { reads: TOTALS_READS },
): Promise<TotalsResult> {
  const plan = totalsPlan(filter);
  const source = plan.rollupMonths ? 'rollups' : 'transactions';
  if (filter.ignored === true) return { totals: { in: 0, out: 0, count: 0 }, complete: true, cursor: null, source };

  const segmentPlans = plan.segments.map((segment) => queryPlan(orgId, segment, filter.propertyId));
  let segment = 0;
  let startKey: Record<string, unknown> | undefined;
  let totals = { in: 0, out: 0, count: 0 };
  let reads = 0;
  if (cursor) {
    const state = decodeCursor(
      cursor,
      TotalsCursor,
      (c) =>
        c.s < segmentPlans.length &&
        (c.k === null || keyBelongs(c.k, orgId, segmentPlans[c.s]!)) &&
        c.t.in >= 0 &&
        c.t.out <= 0,
    );
    segment = state.s;
    startKey = state.k ?? undefined;
    totals = state.t;
  } else if (plan.rollupMonths) {
    const { cells, reads: rollupReads } = await readRollupCells(orgId, plan.rollupMonths);
    reads += rollupReads;
    const categories =
      filter.category !== undefined
        ? new Set([filter.category])
        : filter.categoryGroup
          ? new Set<string>(categoriesInGroup(filter.categoryGroup))
          : undefined;
    totals = sumCells(cells, { propertyId: filter.propertyId, categories, direction: filter.direction });
  }

  const expression = filterExpression(filter, { excludeIgnored: true });
  while (segment < segmentPlans.length) {
    if (reads >= budget.reads) {
      return {
        totals,
        complete: false,
        cursor: encodeCursor({ v: 1, s: segment, k: startKey ?? null, t: totals }),
        source,
      };
    }
    const input = queryInput(segmentPlans[segment]!, expression);
    const result = await db.send(
      new QueryCommand({
        ...input,
        ProjectionExpression: '#amount',
        ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#amount': 'amount' },
        ExclusiveStartKey: startKey,
        Limit: budget.items,
      }),
    );
    reads++;
    for (const item of result.Items ?? []) {
      const amount = item.amount as number;
      if (amount >= 0) totals.in += amount;
      else totals.out += amount;
      totals.count++;
    }
    startKey = result.LastEvaluatedKey;
    if (!startKey) segment++;
  }
  return { totals, complete: true, cursor: null, source };
}

// ---- writes -----------------------------------------------------------------------------------

/**
 * Transactions that point at a property are counted on the property item (transactionCount), in
 * the same TransactWriteItems as the transaction: the +1 is conditioned on the property existing
 * (so a foreign or deleted property is a 400), and deleteProperty's Delete is conditioned on the
 * count being 0. That closes the create-vs-delete race a reference Query cannot.
 */
function propertyCountOps(orgId: string, deltas: Map<string, number>): TransactOp[] {
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

function addPropertyChange(deltas: Map<string, number>, before: string | null, after: string | null) {
  if (before === after) return;
  if (before) deltas.set(before, (deltas.get(before) ?? 0) - 1);
  if (after) deltas.set(after, (deltas.get(after) ?? 0) + 1);
}

/**
 * The rollup cells a write touches, each once, with its counter deltas and its match-index rows. A cell
 * that takes rows refuses them once it holds PENDING_ROWS_LIMIT (CrowdedCell: writeOps folds it and
 * writes again), so no rollup cell item nears DynamoDB's 400 KB limit.
 */
function cellOps(orgId: string, deltas: RollupDeltas, rows: MatchRows): TransactOp[] {
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
async function writeOps(orgId: string, ops: TransactOp[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transact(ops);
    } catch (error) {
      if (!(error instanceof CrowdedCell) || attempt >= 3) throw error;
      await compactCell(orgId, error.cell);
    }
  }
}

/** SET the changed fields (and the index keys that follow them) if the version is still the one read. */
function updateOp(current: TransactionRecord, next: TransactionRecord, onConditionFailure: () => Error): TransactOp {
  // The index keys are written only when they change: rewriting them is a third of the cost of an
  // update on DynamoDB Local, and they follow only date, createdAt and property.
  const moved =
    next.date !== current.date || next.createdAt !== current.createdAt || next.propertyId !== current.propertyId;
  const fields: Record<string, unknown> = moved ? { ...transactionIndexKeys(next) } : {};
  for (const [field, value] of Object.entries(next) as [keyof TransactionRecord, unknown][]) {
    if (field === 'receiptCount' || field === 'hasReceipt') continue; // owned by the receipt writes
    if (value !== undefined && value !== current[field]) fields[field] = value;
  }
  if (next.name !== current.name) fields.searchName = searchName(next.name);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':expected': current.version };
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
        ConditionExpression: 'attribute_exists(PK) AND version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    onConditionFailure,
  };
}

/** The ops that move one transaction from `current` to `next`: the item, property counters and rollups. */
function changeOps(current: TransactionRecord, next: TransactionRecord, onStale: () => Error): TransactOp[] {
  const orgId = current.organizationId;
  const counts = new Map<string, number>();
  addPropertyChange(counts, current.propertyId, next.propertyId);
  return [
    updateOp(current, next, onStale),
    ...propertyCountOps(orgId, counts),
    ...cellOps(orgId, new RollupDeltas().change(current, next), new MatchRows().change(current, next)),
  ];
}

/**
 * Categorization on arrival: a transaction that arrives without a category (created by hand, imported
 * from the bank or a file) gets the category of the first active rule that matches it, with the rule's
 * provenance. A category that came with it is kept (SPEC: a person's or the bank's choice stands).
 */
export function categorizeOnArrival(
  rules: RuleSet<EngineRule>,
  record: TransactionRecord,
  now: string,
): TransactionRecord {
  const change = autoCategorize(
    rules,
    {
      id: record.id,
      name: record.name,
      amountCents: record.amount,
      category: record.category,
      isIgnored: record.isIgnored,
      categorizationSource: record.categorizationSource,
    },
    now,
  );
  if (!change) return record;
  return {
    ...record,
    category: change.category as TransactionRecord['category'],
    categorizationSource: 'rule',
    categorizedByRuleId: change.categorizedByRuleId,
    categorizationConfidence: change.categorizationConfidence,
    categorizedAt: change.categorizedAt,
  };
}

export async function createTransaction(
  caller: { orgId: string; userId: string },
  input: TransactionInput,
): Promise<TransactionRecord> {
  const now = new Date().toISOString();
  const receiptIds = input.receiptIds ?? [];
  const rules = input.category ? null : await activeRuleSet(caller.orgId);
  const entered: TransactionRecord = {
    id: randomUUID(),
    externalId: null,
    plaidTransactionId: null,
    userId: caller.userId,
    organizationId: caller.orgId,
    institutionId: null,
    bankAccountId: null,
    amount: input.amount,
    date: input.date,
    name: input.name,
    category: input.category,
    notes: input.notes,
    categorizationSource: input.category ? 'manual' : null,
    categorizationConfidence: null,
    categorizedAt: input.category ? now : null,
    source: 'user_created',
    createdAt: now,
    updatedAt: now,
    propertyId: input.propertyId,
    isReviewed: false,
    isIgnored: input.isIgnored ?? false,
    hasReceipt: receiptIds.length > 0,
    receiptCount: receiptIds.length,
    hasOpenReviewRequests: false,
    hasReviewHistory: false,
    version: 1,
  };
  const record = rules ? categorizeOnArrival(rules, entered, now) : entered;
  const counts = new Map<string, number>();
  addPropertyChange(counts, null, record.propertyId);
  await writeOps(caller.orgId, [
    {
      item: {
        Put: { TableName: tableName(), Item: transactionItem(record), ConditionExpression: 'attribute_not_exists(PK)' },
      },
    },
    ...propertyCountOps(caller.orgId, counts),
    ...cellOps(caller.orgId, new RollupDeltas().change(null, record), new MatchRows().change(null, record)),
    ...receiptIds.map((receiptId) => attachReceiptOp(caller.orgId, caller.userId, receiptId, record.id)),
  ]);
  return record;
}

/**
 * Categorization bookkeeping of a category set by hand: kept when the category did not change. A new
 * category by hand forgets the rule (and the rule batch) that set the previous one, so no later rule
 * and no undo of an earlier apply overwrites a person's choice.
 */
function categorized(current: TransactionRecord, category: TransactionRecord['category'], now: string) {
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
): Promise<TransactionRecord> {
  const current = await getTransaction(orgId, transactionId);
  if (current.version !== input.version) throw conflict(STALE);
  const now = new Date().toISOString();
  const next: TransactionRecord = {
    ...current,
    name: input.name,
    date: input.date,
    amount: input.amount,
    notes: input.notes,
    propertyId: input.propertyId,
    isIgnored: input.isIgnored ?? current.isIgnored,
    ...categorized(current, input.category, now),
    updatedAt: now,
    version: current.version + 1,
  };
  try {
    await writeOps(
      orgId,
      changeOps(current, next, () => conflict(STALE)),
    );
  } catch (error) {
    // Only a property counter can still say "stale" here; for the person editing it is the same 409.
    throw error instanceof StaleRead ? conflict(STALE) : error;
  }
  return next;
}

/**
 * Re-reads and retries when the transaction changed between the read and the write: these calls
 * SET a value (ignored, bulk fields) rather than replace what the client saw, so applying them to
 * the newer state is what the caller meant. Rollup deltas are always computed from the state the
 * write is conditioned on.
 */
async function withFreshRead<T>(fn: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      if (attempt >= STALE_READ_ATTEMPTS) throw conflict(BUSY);
      await backoff(attempt);
    }
  }
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
    if (current.source !== 'user_created') {
      throw conflict(
        'Bank transactions cannot be deleted: the next bank sync would bring them back. Ignore it instead; ignored transactions are left out of every total and report.',
        'BANK_TRANSACTION',
      );
    }
    const receipts: ReceiptRecord[] = await receiptsOfTransaction(orgId, transactionId);
    // The receipt listing is a GSI read: if it lags the count on the item, read again.
    if (receipts.length !== current.receiptCount) throw new StaleRead();
    if (receipts.length > MAX_TRANSACT_ITEMS - 5) {
      throw conflict('This transaction has too many receipts to delete at once. Remove some receipts first.');
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

// ---- bulk -------------------------------------------------------------------------------------

type BulkSet = BulkTransactionUpdate['set'];

function applySet(current: TransactionRecord, set: BulkSet, now: string): TransactionRecord | null {
  const changes: Partial<TransactionRecord> = {
    ...(set.category !== undefined && categorized(current, set.category, now)),
    ...(set.propertyId !== undefined && set.propertyId !== current.propertyId && { propertyId: set.propertyId }),
    ...(set.isIgnored !== undefined && set.isIgnored !== current.isIgnored && { isIgnored: set.isIgnored }),
  };
  if (Object.keys(changes).length === 0) return null;
  return { ...current, ...changes, updatedAt: now, version: current.version + 1 };
}

/** All the ops of one batch: each transaction once, each rollup cell and property counter merged. */
function batchOps(orgId: string, pairs: [TransactionRecord, TransactionRecord][]): TransactOp[] {
  return changesOps(orgId, pairs);
}

/** A change of one transaction: [null, next] inserts it, [current, next] updates it (conditioned on current.version). */
export type TransactionChange = [TransactionRecord | null, TransactionRecord];

function insertOp(next: TransactionRecord): TransactOp {
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
function changesOps(
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
  return [...writes, ...propertyCountOps(orgId, counts), ...cells, ...extra];
}

function matchRowsOf(changes: TransactionChange[]): MatchRows {
  const rows = new MatchRows();
  for (const [current, next] of changes) rows.change(current, next);
  return rows;
}

/** Greedy packing: as many transactions per TransactWriteItems as fit in 100 items with their cells. */
function packBatches(orgId: string, pairs: [TransactionRecord, TransactionRecord][]) {
  const batches: [TransactionRecord, TransactionRecord][][] = [];
  let batch: [TransactionRecord, TransactionRecord][] = [];
  for (const pair of pairs) {
    if (batch.length > 0 && batchOps(orgId, [...batch, pair]).length > MAX_TRANSACT_ITEMS) {
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
): Promise<{ updatedIds: string[]; unchangedIds: string[] }> {
  const found = await getTransactions(orgId, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new HttpError(
      404,
      'NOT_FOUND',
      `${missing.length} of the selected transactions were not found. Nothing was changed.`,
      undefined,
      { missingIds: missing },
    );
  }
  if (set.propertyId) await assertPropertyExists(orgId, set.propertyId);

  const now = new Date().toISOString();
  const unchangedIds: string[] = [];
  const pairs: [TransactionRecord, TransactionRecord][] = [];
  for (const id of ids) {
    const current = found.get(id)!;
    const next = applySet(current, set, now);
    if (next) pairs.push([current, next]);
    else unchangedIds.push(id);
  }

  const updatedIds: string[] = [];
  try {
    for (const batch of packBatches(orgId, pairs)) {
      const written = await writeBatch(orgId, batch, set, now);
      updatedIds.push(...written.updated);
      unchangedIds.push(...written.unchanged);
    }
  } catch (error) {
    if (updatedIds.length === 0) throw error;
    logger.warn('bulk update stopped part way', { error, updated: updatedIds.length, of: pairs.length });
    throw conflict(
      `Updated ${updatedIds.length} of the ${ids.length} selected transactions, then stopped because some were changed or deleted at the same time. Send the same change again to finish.`,
      'PARTIAL',
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
): Promise<{ updated: string[]; unchanged: string[] }> {
  let pairs = batch;
  let unchanged: string[] = [];
  return withFreshRead(async (attempt) => {
    if (attempt > 1) {
      const ids = batch.map(([current]) => current.id);
      const fresh = await getTransactions(orgId, ids);
      if (fresh.size !== ids.length) throw conflict('Some of the selected transactions were deleted meanwhile.');
      pairs = [];
      unchanged = [];
      for (const id of ids) {
        const next = applySet(fresh.get(id)!, set, now);
        if (next) pairs.push([fresh.get(id)!, next]);
        else unchanged.push(id);
      }
    }
    const ops = batchOps(orgId, pairs);
    // A re-read can move transactions into more rollup cells than planned: split rather than fail.
    if (ops.length > MAX_TRANSACT_ITEMS) {
      const half = Math.ceil(pairs.length / 2);
      const first = await writeBatch(orgId, pairs.slice(0, half), set, now);
      const second = await writeBatch(orgId, pairs.slice(half), set, now);
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

// ---- many changes at once: rule applies and undos, imports --------------------------------------

export interface WriteChangesOptions {
  /** One more item in each chunk's TransactWriteItems (e.g. the record of what that chunk changed). */
  chunkRecord?: (changes: TransactionChange[]) => TransactOp;
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
 * same cell, so they do not contend; grouping by cell also packs ~90 transactions per chunk instead of
 * ~50 (one cell item per month and property, not one per transaction).
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
      for (const chunk of packChunks(lane.changes, capacity, run.writer ? 2 : 1)) {
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
function packChunks(changes: TransactionChange[], capacity: number, perCell: number): TransactionChange[][] {
  const chunks: TransactionChange[][] = [];
  let chunk: TransactionChange[] = [];
  let others = new Set<string>();
  for (const change of changes) {
    const [current, next] = change;
    const touched = [`C${cellId(monthOf(next.date), next.propertyId)}`];
    if (current) touched.push(`C${cellId(monthOf(current.date), current.propertyId)}`);
    if ((current?.propertyId ?? null) !== next.propertyId) {
      if (current?.propertyId) touched.push(`P${current.propertyId}`);
      if (next.propertyId) touched.push(`P${next.propertyId}`);
    }
    const added = new Set(touched.filter((key) => !others.has(key)));
    const weight = (keys: Iterable<string>) => [...keys].reduce((n, key) => n + (key.startsWith('C') ? perCell : 1), 0);
    if (chunk.length > 0 && chunk.length + 1 + weight(others) + weight(added) > capacity) {
      chunks.push(chunk);
      chunk = [];
      others = new Set();
    }
    chunk.push(change);
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
  const extra = run.chunkRecord ? [run.chunkRecord(chunk)] : [];
  const base = changesOps(orgId, chunk, extra, { pendingRows: !run.writer });
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
    if (!run.replan || attempt >= STALE_READ_ATTEMPTS) throw conflict(BUSY);
    await backoff(attempt);
    const fresh = await run.replan(chunk.map(([, next]) => next.id));
    return writeChunk(orgId, fresh, run, attempt + 1);
  }
}

/**
 * Adds new transactions in bulk: the path bank sync and file import use. Each arrives through
 * categorizeOnArrival (the organization's active rules, read once), then they are written in chunks
 * with their rollups, match rows and property counters. Importing the same ids again writes nothing for
 * them (`existing`), so an interrupted import is finished by running it again.
 */
export async function importTransactions(
  orgId: string,
  records: TransactionRecord[],
  options: Pick<WriteChangesOptions, 'beforeChunk' | 'concurrency' | 'deadline'> = {},
): Promise<{ inserted: TransactionRecord[]; existing: string[]; pending: TransactionRecord[] }> {
  // Imported transactions land in the cells' snapshots directly (see WriteChangesOptions.snapshots).
  const rules = await activeRuleSet(orgId);
  const now = new Date().toISOString();
  const prepared = new Map(records.map((record) => [record.id, categorizeOnArrival(rules, record, now)]));
  const existing = new Set<string>();
  const { written, pending } = await writeTransactionChanges(
    orgId,
    [...prepared.values()].map((record) => [null, record] as TransactionChange),
    {
      ...options,
      snapshots: true,
      replan: async (ids) => {
        const found = await readTransactions(orgId, ids, 8, 'categorization');
        for (const id of found.keys()) existing.add(id);
        return ids.filter((id) => !found.has(id)).map((id) => [null, prepared.get(id)!] as TransactionChange);
      },
    },
  );
  return {
    inserted: written.map(([, next]) => next),
    existing: [...existing],
    pending: pending.map(([, next]) => next),
  };
}
