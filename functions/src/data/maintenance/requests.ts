import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAINTENANCE_STATUSES, type MaintenanceFilter, type MaintenanceStatus } from '@rent/shared';
import * as z from 'zod';
import { Conflict, NotFound } from '../../domain-errors.js';
import { batchGet, readOne } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { keys, orgPk } from '../keys.js';
import { type Key, keyPrefix, queryPages } from '../query.js';
import { type TransactOp, transact } from '../transact.js';
import { markDeletedReporters } from './erasure.js';
import { eventPutOp, type MaintenanceEventRecord } from './events.js';
import { type MaintenanceRecord, maintenanceItem, toMaintenanceRecord as toRecord } from './items.js';

export { newMaintenanceId } from '../keys.js';
export type { MaintenanceRecord };
export { markDeletedReporters };

const notFound = () => new NotFound('Maintenance request');
const stale = () =>
  new Conflict(
    'CONFLICT',
    'This maintenance request was changed by someone else while you were editing. Reload it, then try again.',
  );

/**
 * The organization's count of requests per status lives on one counter item, moved in the same
 * TransactWriteItems as every create, status change and delete, so the counts always agree with the requests.
 */
function countOp(orgId: string, changes: Partial<Record<MaintenanceStatus, number>>): TransactOp {
  const entries = Object.entries(changes).filter(([, by]) => by !== 0);
  const names: Record<string, string> = { '#type': 'type' };
  const values: Record<string, unknown> = { ':type': 'MaintenanceCounter' };
  const adds = entries.map(([status, by], i) => {
    names[`#s${i}`] = status;
    values[`:d${i}`] = by;
    return `#s${i} :d${i}`;
  });
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.maintenanceCounter(orgId),
        UpdateExpression: `SET #type = :type${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
}

export async function putNewMaintenance(record: MaintenanceRecord, events: MaintenanceEventRecord[]): Promise<void> {
  await transact([
    ...events.map(eventPutOp),
    {
      item: {
        Put: { TableName: tableName(), Item: maintenanceItem(record), ConditionExpression: 'attribute_not_exists(PK)' },
      },
    },
    countOp(record.organizationId, { [record.status]: 1 }),
  ]);
}

/**
 * The request as stored: its reporter's name and email as copied when it was made (a deleted account's are erased
 * by the deletion's job). An answer that shows the reporter reads which reporters deleted their account with the
 * addresses (`readRequestContext`) and marks them (`markDeletedReporters`).
 */
export async function getMaintenance(orgId: string, id: string): Promise<MaintenanceRecord> {
  const item = await readOne(keys.maintenance(orgId, id));
  if (item?.type !== 'MaintenanceRequest') throw notFound();
  return toRecord(item);
}

/** Writes `next` in place of `current` as it was read (someone else's change or delete in between: 409). */
export async function replaceMaintenance(
  current: MaintenanceRecord,
  next: MaintenanceRecord,
  events: MaintenanceEventRecord[],
): Promise<void> {
  const ops: TransactOp[] = [
    ...events.map(eventPutOp),
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: maintenanceItem(next),
          ConditionExpression: 'attribute_exists(PK) AND version = :expected',
          ExpressionAttributeValues: { ':expected': current.version },
        },
      },
      onConditionFailure: stale,
    },
  ];
  if (next.status !== current.status)
    ops.push(countOp(next.organizationId, { [current.status]: -1, [next.status]: 1 }));
  await transact(ops);
}

export async function deleteMaintenance(orgId: string, id: string): Promise<void> {
  const current = await getMaintenance(orgId, id);
  await transact([
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: keys.maintenance(orgId, id),
          ConditionExpression: 'attribute_exists(PK) AND version = :expected',
          ExpressionAttributeValues: { ':expected': current.version },
        },
      },
      onConditionFailure: stale,
    },
    countOp(orgId, { [current.status]: -1 }),
  ]);
}

export type MaintenanceCounts = Record<MaintenanceStatus, number>;

/** The organization's requests per status (zero for a status never used). */
export async function maintenanceCounts(orgId: string): Promise<MaintenanceCounts> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.maintenanceCounter(orgId), ConsistentRead: true }),
  );
  return countsOf(Item);
}

const countsOf = (counter: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    MAINTENANCE_STATUSES.map((status) => [status, Number(counter?.[status] ?? 0)]),
  ) as MaintenanceCounts;

/**
 * What requests show beside them, in one consistent BatchGetItem (two past 100 keys): the address of each one's
 * property (ids of properties that are gone are left out), which of their reporters deleted their account, and,
 * when asked, the organization's counts per status. One call instead of a read each: every call a request makes
 * costs it an SDK round trip, and under load DynamoDB's time. A list's identity read rides along in it
 * (data/batchGet.ts `Carpool`).
 */
export async function readRequestContext(
  orgId: string,
  records: readonly MaintenanceRecord[],
  { counts, reporters }: { counts: boolean; reporters: boolean },
): Promise<{ addresses: Map<string, string>; deletedReporters: Set<string>; counts: MaintenanceCounts | null }> {
  const counterKey = keys.maintenanceCounter(orgId);
  const items = await batchGet([
    ...records.map((r) => keys.property(orgId, r.propertyId)),
    ...(reporters ? records.map((r) => keys.user(r.reportedById)) : []),
    ...(counts ? [counterKey] : []),
  ]);
  const addresses = new Map<string, string>();
  const deletedReporters = new Set<string>();
  let counter: Record<string, unknown> | undefined;
  for (const item of items) {
    if (item.SK === counterKey.SK) counter = item;
    else if (item.PK === counterKey.PK) addresses.set(item.id as string, item.address as string);
    else if (item.deletedAt) deletedReporters.add(item.id as string); // a reporter's profile
  }
  return { addresses, deletedReporters, counts: counts ? countsOf(counter) : null };
}

// ---- lists -------------------------------------------------------------------------------------------

/** Which partition a list reads: the organization's, one reporter's (GSI1) or one property's (GSI2). */
export type MaintenanceScope =
  | { kind: 'org' }
  | { kind: 'reporter'; userId: string }
  | { kind: 'property'; propertyId: string };

/** A filtered page reads at most this many times, each examining at most READ_ITEMS requests. */
export const FILTERED_READS = 4;
export const FILTERED_READ_ITEMS = 500;

const PageCursor = z.strictObject({
  v: z.literal(1),
  s: z.enum(['org', 'reporter', 'property']),
  k: z.record(z.string(), z.string()),
});

function plan(orgId: string, scope: MaintenanceScope) {
  if (scope.kind === 'reporter') {
    const k = keys.maintenanceOfReporter(orgId, scope.userId);
    return { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', pkValue: k.GSI1PK, prefix: k.GSI1SKPrefix };
  }
  if (scope.kind === 'property') {
    const k = keys.maintenanceOfProperty(orgId, scope.propertyId);
    return { index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK', pkValue: k.GSI2PK, prefix: k.GSI2SKPrefix };
  }
  const k = keys.maintenancePrefix(orgId);
  return { index: undefined, pk: 'PK', sk: 'SK', pkValue: k.PK, prefix: k.SKPrefix };
}

function filterExpression(filter: MaintenanceFilter, scope: MaintenanceScope) {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const equal = (field: string, value: unknown) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    conditions.push(`#${field} = :${field}`);
  };
  if (filter.status) equal('status', filter.status);
  if (filter.issueType) equal('issueType', filter.issueType);
  if (filter.propertyId && scope.kind !== 'property') equal('propertyId', filter.propertyId);
  if (filter.assignedToId === 'none') {
    names['#assignedToId'] = 'assignedToId';
    values[':nobody'] = null;
    conditions.push('(attribute_not_exists(#assignedToId) OR #assignedToId = :nobody)');
  } else if (filter.assignedToId) equal('assignedToId', filter.assignedToId);
  if (filter.q) {
    names['#search'] = 'search';
    values[':q'] = filter.q.toLowerCase();
    conditions.push('contains(#search, :q)');
  }
  return { conditions, names, values };
}

/**
 * One page of requests, newest first, and what they show beside them (`readRequestContext`, the counts when asked).
 * Unfiltered (beyond the scope): ONE Query with Limit = page + 1. Filtered: at most FILTERED_READS reads of
 * FILTERED_READ_ITEMS; a page not full by then comes back short with a cursor to continue. The signed cursor must
 * name this scope and a key of this partition.
 */
export async function listMaintenance(
  orgId: string,
  scope: MaintenanceScope,
  filter: MaintenanceFilter,
  page: { limit: number; cursor?: string },
  { counts }: { counts: boolean },
): Promise<{
  records: MaintenanceRecord[];
  nextCursor: string | null;
  addresses: Map<string, string>;
  counts: MaintenanceCounts | null;
}> {
  const p = plan(orgId, scope);
  const expression = filterExpression(filter, scope);
  const filtered = expression.conditions.length > 0;
  const belongs = (c: z.infer<typeof PageCursor>) =>
    c.s === scope.kind &&
    c.k[p.pk] === p.pkValue &&
    (c.k[p.sk] ?? '').startsWith(p.prefix) &&
    (c.k.PK ?? '').startsWith(`${orgPk(orgId)}`) &&
    Object.keys(c.k).every((name) => ['PK', 'SK', p.pk, p.sk].includes(name));
  const start: Key | undefined = page.cursor ? decodeCursor(page.cursor, PageCursor, belongs).k : undefined;

  const key = keyPrefix({ pk: p.pk, sk: p.sk }, p.pkValue, p.prefix);
  const input = {
    TableName: tableName(),
    ...(p.index && { IndexName: p.index }),
    KeyConditionExpression: key.KeyConditionExpression,
    ...(filtered && {
      FilterExpression: expression.conditions.join(' AND '),
      ExpressionAttributeNames: expression.names,
    }),
    ExpressionAttributeValues: { ...key.ExpressionAttributeValues, ...expression.values },
    ScanIndexForward: false,
    Limit: filtered ? FILTERED_READ_ITEMS : page.limit + 1,
  };
  const found: Record<string, unknown>[] = [];
  let after: Key | undefined;
  let reads = 0;
  for await (const result of queryPages(input, start)) {
    found.push(...result.items);
    after = result.next;
    if (found.length > page.limit || ++reads >= (filtered ? FILTERED_READS : 1)) break;
  }
  const items = found.slice(0, page.limit);
  let next: Key | undefined;
  if (found.length > page.limit) {
    const last = items.at(-1)!;
    next = { PK: last.PK as string, SK: last.SK as string };
    if (p.index) {
      next[p.pk] = last[p.pk] as string;
      next[p.sk] = last[p.sk] as string;
    }
  } else if (after) next = after;
  const records = items.map(toRecord);
  // A reporter's own list has one reporter, the caller, whose account is not deleted while they sign in.
  const context = await readRequestContext(orgId, records, { counts, reporters: scope.kind !== 'reporter' });
  return {
    records: markDeletedReporters(records, context.deletedReporters),
    nextCursor: next ? encodeCursor({ v: 1, s: scope.kind, k: next }) : null,
    addresses: context.addresses,
    counts: context.counts,
  };
}
