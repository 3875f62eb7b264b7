import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  APPLY_MAX_TRANSACTIONS,
  type ApplyRuleInput,
  compileRule,
  fromCents,
  planRuleApplication,
  type RuleBatch,
  type RuleCriteria,
  ruleCriteriaOf,
} from '@rent/shared';
import { z } from 'zod';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { logger } from '../../lib/logger.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { keys, orgPk } from '../keys.js';
import type { TransactOp } from '../transact.js';
import type { TransactionRecord } from '../transactionItems.js';
import { matchingTransactions, toMatchable } from './matchIndex.js';
import { getRule } from './rules.js';
import { readTransactions, type TransactionChange, writeTransactionChanges } from './transactions.js';

/**
 * Applying a rule, recorded as an undoable batch (docs/data-model.md "Rule batches").
 *
 * - Idempotent: the engine leaves out transactions already in the rule's category, so applying the
 *   same rule to the same selection again changes nothing (and records no batch).
 * - All-or-nothing per transaction: each chunk is ONE TransactWriteItems holding its transactions,
 *   their rollup cells and match rows, and the record of what the chunk changed (previous category,
 *   source, rule, confidence, time and batch of each). A crash leaves each transaction either done
 *   (and recorded, so undoable) or untouched.
 * - Resumable: the batch header is written first (status "applying", a lease); a call that runs out of
 *   time, or crashes, leaves it open. Sending the same request again finds the open batch by the
 *   fingerprint of what it applies, continues it under the same id, and marks it "applied" at the end.
 */

/** A request spends at most this long writing before it returns what is left (Lambda timeout: 10 s). */
export const APPLY_BUDGET_MS = 7_000;
/** How long a running apply or undo holds its batch; a crashed one can be resumed after this. */
export const LEASE_MS = 30_000;

const NOT_FOUND = 'Rule batch';
const BUSY =
  'This rule is being applied (or undone) right now. Wait a moment, then try again: nothing is lost by repeating the request.';

type Status = 'applying' | 'applied' | 'undoing' | 'undone';

interface Person {
  userId: string;
  email: string | null;
}

interface BatchHeader {
  id: string;
  organizationId: string;
  ruleId: string | null;
  ruleName: string | null;
  criteria: {
    namePattern: string | null;
    amountMin: number | null;
    amountMax: number | null;
    amountExact: number | null;
    category: string;
  };
  fingerprint: string;
  status: Status;
  leaseUntil: number;
  appliedCount: number;
  restoredCount: number | null;
  keptCount: number | null;
  createdAt: string;
  createdBy: Person;
  finishedAt: string | null;
  undoneAt: string | null;
  undoneBy: Person | null;
  version: number;
}

interface Caller {
  orgId: string;
  userId: string;
  email: string;
}

/** Batch ids start with their creation time (UTC, to the millisecond), so batches sort by time. */
function newBatchId(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(6).toString('hex')}`;
}

function fingerprintOf(ruleId: string | null, criteria: RuleCriteria): string {
  const parts = [
    ruleId,
    criteria.namePattern ?? null,
    criteria.amountMinCents ?? null,
    criteria.amountMaxCents ?? null,
    criteria.amountExactCents ?? null,
    criteria.category,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 20);
}

const HEADER_FIELDS: (keyof BatchHeader)[] = [
  'id',
  'organizationId',
  'ruleId',
  'ruleName',
  'criteria',
  'fingerprint',
  'status',
  'leaseUntil',
  'appliedCount',
  'restoredCount',
  'keptCount',
  'createdAt',
  'createdBy',
  'finishedAt',
  'undoneAt',
  'undoneBy',
  'version',
];

function toHeader(item: Record<string, unknown>): BatchHeader {
  const header: Record<string, unknown> = {};
  for (const field of HEADER_FIELDS) header[field] = item[field] ?? null;
  return header as unknown as BatchHeader;
}

export function toBatchWire(header: BatchHeader, now = Date.now()): RuleBatch {
  const money = (cents: number | null) => (cents === null ? null : fromCents(cents));
  const { fingerprint, leaseUntil, organizationId, ...rest } = header;
  return {
    ...rest,
    status: header.status === 'applying' && leaseUntil <= now ? 'interrupted' : header.status,
    criteria: {
      ...header.criteria,
      amountMin: money(header.criteria.amountMin),
      amountMax: money(header.criteria.amountMax),
      amountExact: money(header.criteria.amountExact),
    },
  };
}

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

async function getHeader(orgId: string, batchId: string): Promise<BatchHeader> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.ruleBatch(orgId, batchId), ConsistentRead: true }),
  );
  if (Item?.type !== 'RuleBatch') throw notFound(NOT_FOUND);
  return toHeader(Item);
}

/** Changes a header if nobody else changed it since `expected` was read; returns the new header. */
async function updateHeader(
  orgId: string,
  expected: BatchHeader,
  set: Partial<BatchHeader>,
  opts: { closeOpenEntry?: boolean } = {},
): Promise<BatchHeader> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':expected': expected.version, ':next': expected.version + 1 };
  const sets = Object.entries(set).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.ruleBatch(orgId, expected.id),
        UpdateExpression: `SET ${[...sets, 'version = :next'].join(', ')}${opts.closeOpenEntry ? ' REMOVE GSI1PK, GSI1SK' : ''}`,
        ConditionExpression: 'attribute_exists(PK) AND version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toHeader(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(BUSY, 'BATCH_BUSY');
    throw error;
  }
}

/**
 * The batch this apply writes into: an interrupted one of the same rule and criteria (its lease ran
 * out: the request that held it stopped or crashed), or a new one. A live one answers 409.
 */
async function openBatch(
  caller: Caller,
  rule: { id: string; name: string } | null,
  criteria: RuleCriteria,
  now: Date,
): Promise<BatchHeader> {
  const fingerprint = fingerprintOf(rule?.id ?? null, criteria);
  const open = keys.openRuleBatches(caller.orgId, fingerprint);
  const found = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
    ExpressionAttributeValues: { ':pk': open.GSI1PK, ':prefix': open.GSI1SKPrefix },
  });
  for (const item of found) {
    const header = await getHeader(caller.orgId, item.id as string).catch(() => null);
    if (header?.status !== 'applying') continue;
    if (header.leaseUntil > now.getTime()) throw conflict(BUSY, 'BATCH_BUSY');
    return updateHeader(caller.orgId, header, { leaseUntil: now.getTime() + LEASE_MS });
  }
  const header: BatchHeader = {
    id: newBatchId(now),
    organizationId: caller.orgId,
    ruleId: rule?.id ?? null,
    ruleName: rule?.name ?? null,
    criteria: {
      namePattern: criteria.namePattern ?? null,
      amountMin: criteria.amountMinCents ?? null,
      amountMax: criteria.amountMaxCents ?? null,
      amountExact: criteria.amountExactCents ?? null,
      category: criteria.category,
    },
    fingerprint,
    status: 'applying',
    leaseUntil: now.getTime() + LEASE_MS,
    appliedCount: 0,
    restoredCount: null,
    keptCount: null,
    createdAt: now.toISOString(),
    createdBy: { userId: caller.userId, email: caller.email },
    finishedAt: null,
    undoneAt: null,
    undoneBy: null,
    version: 1,
  };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.ruleBatch(caller.orgId, header.id),
        ...keys.openRuleBatch(caller.orgId, fingerprint, header.id),
        type: 'RuleBatch',
        ...header,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return header;
}

// ---- the records of what each chunk changed ------------------------------------------------------

/** id, version written, and what the apply replaced (A) — or just id and version (U). */
type AppliedRow = [
  string,
  number,
  string | null,
  string | null,
  string | null,
  number | null,
  string | null,
  string | null,
];

function recordOp(orgId: string, batchId: string, kind: 'A' | 'U', rows: unknown[]): TransactOp {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.ruleBatchRecord(orgId, batchId, kind, randomBytes(8).toString('hex')),
          type: 'RuleBatchRecord',
          batchId,
          kind,
          n: rows.length,
          rows: JSON.stringify(rows),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
}

async function readRecords(orgId: string, batchId: string, kind: 'A' | 'U'): Promise<unknown[][]> {
  const prefix = keys.ruleBatchRecords(orgId, batchId, kind);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': prefix.PK, ':prefix': prefix.SKPrefix },
    ConsistentRead: true,
  });
  return items.flatMap((item) => JSON.parse(item.rows as string) as unknown[][]);
}

// ---- apply ------------------------------------------------------------------------------------------

export interface ApplyResult {
  categorizedCount: number;
  skippedCount: number;
  remainingCount: number;
  complete: boolean;
  batchId: string | null;
}

/**
 * POST /api/categorization-rules/apply-single. The client's transaction objects are not trusted: only
 * their ids are used, every one must be the caller's (else 404, nothing changed), and each is re-read
 * and re-checked by the engine. This is the one path that may replace a category set by hand (the
 * person explicitly applies this rule to these transactions).
 */
/**
 * How a call runs (defaults for the API). Tests and tools pass a start time (to be out of time at
 * once), fewer lanes, or a hook run before each chunk (a throwing hook is a crash between chunks).
 */
export interface RunOptions {
  started?: number;
  concurrency?: number;
  beforeChunk?: (changes: TransactionChange[]) => Promise<void>;
}

export async function applyRule(caller: Caller, input: ApplyRuleInput, options: RunOptions = {}): Promise<ApplyResult> {
  const started = options.started ?? Date.now();
  const orgId = caller.orgId;
  const rule = input.ruleId ? await getRule(orgId, input.ruleId) : null;
  const criteria: RuleCriteria & { id: string | null } = { ...ruleCriteriaOf(input.rule), id: rule?.id ?? null };
  const matcher = compileRule(criteria);

  let candidates: string[];
  let beyond = 0;
  if (input.transactions) {
    candidates = [...new Set(input.transactions.map((t) => t.id))];
  } else {
    // Newest first, at most APPLY_MAX_TRANSACTIONS a call; the rest is `remainingCount`.
    const excluded = new Set(input.excludeIds ?? []);
    const all = (await matchingTransactions(orgId, criteria)).map((t) => t.id).filter((id) => !excluded.has(id));
    candidates = all.slice(0, APPLY_MAX_TRANSACTIONS);
    beyond = all.length - candidates.length;
  }
  const found = await readTransactions(orgId, candidates, 8, 'categorization');
  if (input.transactions) {
    const missing = candidates.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new HttpError(
        404,
        'NOT_FOUND',
        `${missing.length} of the selected transactions were not found. Nothing was changed.`,
        undefined,
        { missingIds: missing },
      );
    }
  }
  const now = new Date();
  const stamp = now.toISOString();
  const records = candidates.map((id) => found.get(id)).filter((r): r is TransactionRecord => r !== undefined);
  const planned = planRuleApplication(
    criteria,
    records.map((record) => ({ ...toMatchable(record), record })),
    stamp,
  );
  const skippedCount = candidates.length - planned.length;
  const todo = planned;
  if (todo.length === 0) {
    return { categorizedCount: 0, skippedCount, remainingCount: beyond, complete: beyond === 0, batchId: null };
  }

  const batch = await openBatch(caller, rule, criteria, now);
  const change = todo[0]!.change;
  const changeOf = (record: TransactionRecord): TransactionChange => [
    record,
    {
      ...record,
      category: change.category as TransactionRecord['category'],
      categorizationSource: 'rule',
      categorizedByRuleId: change.categorizedByRuleId,
      categorizationConfidence: change.categorizationConfidence,
      categorizedAt: change.categorizedAt,
      categorizationBatchId: batch.id,
      updatedAt: stamp,
      version: record.version + 1,
    },
  ];
  const { written, pending } = await writeTransactionChanges(
    orgId,
    todo.map((plan) => changeOf(plan.transaction.record)),
    {
      chunkRecord: (changes) =>
        recordOp(
          orgId,
          batch.id,
          'A',
          changes.map(
            ([before, after]): AppliedRow => [
              after.id,
              after.version,
              before!.category,
              before!.categorizationSource,
              before!.categorizedByRuleId ?? null,
              before!.categorizationConfidence,
              before!.categorizedAt,
              before!.categorizationBatchId ?? null,
            ],
          ),
        ),
      replan: async (ids) => {
        const fresh = await readTransactions(orgId, ids, 8, 'categorization');
        return ids
          .map((id) => fresh.get(id))
          .filter((r): r is TransactionRecord => r !== undefined && matcher.matches(toMatchable(r)))
          .map(changeOf);
      },
      beforeChunk: options.beforeChunk,
      concurrency: options.concurrency,
      snapshots: true,
      deadline: started + APPLY_BUDGET_MS,
    },
  );
  if (pending.length > 0) {
    // Out of time: release the batch at once, so sending the same request again continues it.
    await updateHeader(orgId, batch, { leaseUntil: 0 });
    return {
      categorizedCount: written.length,
      skippedCount,
      remainingCount: pending.length + beyond,
      complete: false,
      batchId: batch.id,
    };
  }
  const appliedCount = (await readRecords(orgId, batch.id, 'A')).length;
  await updateHeader(
    orgId,
    batch,
    { status: 'applied', appliedCount, finishedAt: new Date().toISOString(), leaseUntil: 0 },
    { closeOpenEntry: true },
  );
  return {
    categorizedCount: written.length,
    skippedCount,
    remainingCount: beyond,
    complete: beyond === 0,
    batchId: batch.id,
  };
}

// ---- undo -------------------------------------------------------------------------------------------

/**
 * Gives the transactions of a batch their previous category, source, rule, confidence and time back —
 * only those still carrying this batch's id, i.e. not changed since by hand or by a later apply (those
 * are kept and counted). Chunked and recorded like an apply, so an interrupted undo is finished by
 * calling it again; undoing an undone batch changes nothing and answers the same counts.
 */
export async function undoRuleBatch(
  caller: Caller,
  batchId: string,
  options: RunOptions = {},
): Promise<{ batch: RuleBatch; restoredCount: number; keptCount: number }> {
  const orgId = caller.orgId;
  const started = options.started ?? Date.now();
  let header = await getHeader(orgId, batchId);
  if (header.status === 'undone') {
    return { batch: toBatchWire(header), restoredCount: header.restoredCount ?? 0, keptCount: header.keptCount ?? 0 };
  }
  const now = Date.now();
  if (header.status !== 'applied' && header.leaseUntil > now) throw conflict(BUSY, 'BATCH_BUSY');
  header = await updateHeader(orgId, header, {
    status: 'undoing',
    leaseUntil: now + LEASE_MS,
    undoneBy: { userId: caller.userId, email: caller.email },
  });

  const applied = new Map(((await readRecords(orgId, batchId, 'A')) as AppliedRow[]).map((row) => [row[0], row]));
  const restoredBefore = new Set((await readRecords(orgId, batchId, 'U')).map((row) => row[0] as string));
  const stamp = new Date().toISOString();
  const changeOf = (record: TransactionRecord): TransactionChange | null => {
    const row = applied.get(record.id);
    if (!row || record.categorizationBatchId !== batchId) return null;
    const [, , category, source, ruleId, confidence, categorizedAt, previousBatch] = row;
    return [
      record,
      {
        ...record,
        category: category as TransactionRecord['category'],
        categorizationSource: source as TransactionRecord['categorizationSource'],
        categorizedByRuleId: ruleId,
        categorizationConfidence: confidence,
        categorizedAt,
        categorizationBatchId: previousBatch,
        updatedAt: stamp,
        version: record.version + 1,
      },
    ];
  };
  const todoIds = [...applied.keys()].filter((id) => !restoredBefore.has(id));
  const current = await readTransactions(orgId, todoIds, 8, 'categorization');
  const changes = todoIds
    .map((id) => current.get(id))
    .filter((r): r is TransactionRecord => r !== undefined)
    .map(changeOf)
    .filter((c): c is TransactionChange => c !== null);
  const { pending } = await writeTransactionChanges(orgId, changes, {
    chunkRecord: (chunk) =>
      recordOp(
        orgId,
        batchId,
        'U',
        chunk.map(([, after]) => [after.id, after.version]),
      ),
    replan: async (ids) => {
      const fresh = await readTransactions(orgId, ids, 8, 'categorization');
      return ids
        .map((id) => fresh.get(id))
        .filter((r): r is TransactionRecord => r !== undefined)
        .map(changeOf)
        .filter((c): c is TransactionChange => c !== null);
    },
    beforeChunk: options.beforeChunk,
    concurrency: options.concurrency,
    snapshots: true,
    deadline: started + APPLY_BUDGET_MS,
  });
  const restoredCount = (await readRecords(orgId, batchId, 'U')).length;
  const keptCount = applied.size - restoredCount;
  if (pending.length > 0) {
    header = await updateHeader(orgId, header, { leaseUntil: 0, restoredCount, keptCount });
    return { batch: toBatchWire(header), restoredCount, keptCount };
  }
  header = await updateHeader(
    orgId,
    header,
    {
      status: 'undone',
      appliedCount: applied.size,
      restoredCount,
      keptCount,
      undoneAt: new Date().toISOString(),
      finishedAt: header.finishedAt ?? new Date().toISOString(),
      leaseUntil: 0,
    },
    { closeOpenEntry: true },
  );
  logger.info('rule batch undone', { batchId, restoredCount, keptCount });
  return { batch: toBatchWire(header), restoredCount, keptCount };
}

// ---- listing ----------------------------------------------------------------------------------------

const BatchCursor = z.strictObject({ v: z.literal(1), k: z.strictObject({ PK: z.string(), SK: z.string() }) });

/** The organization's batches, newest first. */
export async function listRuleBatches(
  orgId: string,
  page: { limit: number; cursor?: string },
): Promise<{ batches: RuleBatch[]; nextCursor: string | null }> {
  const prefix = keys.ruleBatchesPrefix(orgId);
  const start = page.cursor
    ? decodeCursor(
        page.cursor,
        BatchCursor,
        (c) => c.k.PK === orgPk(orgId) && /^RULEBATCH#[A-Za-z0-9_-]{1,64}$/.test(c.k.SK),
      ).k
    : undefined;
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': prefix.PK, ':prefix': prefix.SKPrefix },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: start,
    }),
  );
  const now = Date.now();
  const batches = (result.Items ?? [])
    .filter((item) => item.type === 'RuleBatch')
    .map((item) => toBatchWire(toHeader(item), now));
  const last = result.LastEvaluatedKey;
  return {
    batches,
    nextCursor: last ? encodeCursor({ v: 1, k: { PK: last.PK as string, SK: last.SK as string } }) : null,
  };
}
