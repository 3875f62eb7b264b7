import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { fromCents, type RuleBatch, type RuleCriteria } from '@rent/shared';
import * as z from 'zod';
import { Conflict, NotFound } from '../../domain-errors.js';
import { type LeaseShape, leaseExpiry } from '../../lib/lease.js';
import { db, tableName } from '../client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { keys, orgPk } from '../keys.js';
import { releaseVersionedLock, takeVersionedLock } from '../locks.js';
import { indexPrefixQuery, prefixQuery, queryAll, queryPage } from '../query.js';
import type { TransactOp } from '../transact.js';

/**
 * The records of rule applies (docs/rules.md "Apply and undo"): the batch header with its lease,
 * and the record of what each chunk changed (written in the same TransactWriteItems as that chunk's
 * transactions). The apply and undo workflows, and their guarantees, are services/rules/apply.ts.
 */

/** How long a running apply or undo holds its batch; a crashed one can be resumed after this. */
export const LEASE_MS = 30_000;
/** The batch's lease (lib/lease.ts): `leaseUntil` in epoch ms on the header, whose version proves the holder. */
const LEASE: LeaseShape = { until: 'leaseUntil', unit: 'ms', ms: LEASE_MS };

export const batchBusy = () =>
  new Conflict(
    'BATCH_BUSY',
    'This rule is being applied (or undone) right now. Wait a moment, then try again: nothing is lost by repeating the request.',
  );

export type Status = 'applying' | 'applied' | 'undoing' | 'undone';

export interface Person {
  userId: string;
  email: string | null;
}

export interface BatchHeader {
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

export interface BatchCaller {
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

export function ruleBatchToApi(header: BatchHeader, now = Date.now()): RuleBatch {
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

export async function getRuleBatch(orgId: string, batchId: string): Promise<BatchHeader> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.ruleBatch(orgId, batchId), ConsistentRead: true }),
  );
  if (Item?.type !== 'RuleBatch') throw new NotFound('Rule batch');
  return toHeader(Item);
}

/**
 * Takes the batch's lease for a request (with `set`, in the same write), if nobody holds it and the header is
 * still the version read; else BATCH_BUSY.
 */
export async function takeRuleBatch(
  orgId: string,
  expected: BatchHeader,
  now: number,
  set: Partial<BatchHeader> = {},
): Promise<BatchHeader> {
  const key = keys.ruleBatch(orgId, expected.id);
  return toHeader(await takeVersionedLock(LEASE, key, expected.version, now, { set }, batchBusy));
}

/**
 * Lets go of the batch (with `set`, in the same write; `closeOpenEntry` when it is finished), so the same request
 * sent again can continue it at once; BATCH_BUSY if the header moved since it was read.
 */
export async function releaseRuleBatch(
  orgId: string,
  expected: BatchHeader,
  set: Partial<BatchHeader> = {},
  opts: { closeOpenEntry?: boolean } = {},
): Promise<BatchHeader> {
  const key = keys.ruleBatch(orgId, expected.id);
  const remove = opts.closeOpenEntry ? ['GSI1PK', 'GSI1SK'] : [];
  return toHeader(await releaseVersionedLock(LEASE, key, expected.version, { set, remove }, batchBusy));
}

/**
 * Removes a batch whose apply failed before any chunk was written (nothing to undo, nothing to show), if it is
 * still the version this request holds.
 */
export async function discardRuleBatch(orgId: string, batch: BatchHeader): Promise<void> {
  await db.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.ruleBatch(orgId, batch.id),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': batch.version },
    }),
  );
}

/**
 * The batch this apply writes into: an interrupted one of the same rule and criteria (its lease ran
 * out: the request that held it stopped or crashed), or a new one. A live one answers 409.
 */
export async function openRuleBatch(
  caller: BatchCaller,
  rule: { id: string; name: string } | null,
  criteria: RuleCriteria,
  now: Date,
): Promise<BatchHeader> {
  const fingerprint = fingerprintOf(rule?.id ?? null, criteria);
  const open = keys.openRuleBatches(caller.orgId, fingerprint);
  const found = await queryAll(indexPrefixQuery(tableName(), 'GSI1', open.GSI1PK, open.GSI1SKPrefix));
  for (const item of found) {
    const header = await getRuleBatch(caller.orgId, item.id as string).catch(() => null);
    if (header?.status !== 'applying') continue;
    return takeRuleBatch(caller.orgId, header, now.getTime());
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
    leaseUntil: leaseExpiry(LEASE, now.getTime()),
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
export type AppliedRow =
  | [string, number, string | null, string | null, string | null, number | null, string | null, string | null]
  /** A rule that split: the property the transaction had before (its parts go, and it comes back). */
  | [
      string,
      number,
      string | null,
      string | null,
      string | null,
      number | null,
      string | null,
      string | null,
      string | null,
    ];

export function batchRecordOp(orgId: string, batchId: string, kind: 'A' | 'U', rows: unknown[]): TransactOp {
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

export async function readBatchRecords(orgId: string, batchId: string, kind: 'A' | 'U'): Promise<unknown[][]> {
  const prefix = keys.ruleBatchRecords(orgId, batchId, kind);
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ConsistentRead: true }));
  return items.flatMap((item) => JSON.parse(item.rows as string) as unknown[][]);
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
  const result = await queryPage(
    prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ScanIndexForward: false, Limit: page.limit }),
    start,
  );
  const now = Date.now();
  const batches = result.items
    .filter((item) => item.type === 'RuleBatch')
    .map((item) => ruleBatchToApi(toHeader(item), now));
  const last = result.next;
  return {
    batches,
    nextCursor: last ? encodeCursor({ v: 1, k: { PK: last.PK as string, SK: last.SK as string } }) : null,
  };
}
