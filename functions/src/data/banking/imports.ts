import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FileImport, ImportMapping } from '@rent/shared';
import * as z from 'zod';
import { Conflict, NotFound } from '../../domain-errors.js';
import { type LeaseShape, leaseExpiry } from '../../lib/lease.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { keys, orgPk } from '../keys.js';
import { releaseVersionedLock, takeVersionedLock } from '../locks.js';
import { prefixQuery, queryAll, queryPage } from '../query.js';

/**
 * File imports (docs/banking.md "One import is one batch"): the header of each import (`IMPORT#i`, listed newest
 * first through GSI1 `ORG#o#IMPORTS`) and, per request, the record of the lines it brought
 * (`IMPORTREC#i#firstLine`: included and left-out line numbers). An imported row's transaction id is
 * made from the import id and its line, so the records name every transaction of the import, and a
 * repeated request writes nothing twice. Like a rule batch, a running request holds a short lease (lib/lease.ts),
 * so an undo never races a chunk being written.
 */

/** How long a request writing a chunk (or undoing) holds its import. */
export const IMPORT_LEASE_MS = 30_000;
/** The import's lease (lib/lease.ts): `leaseUntil` in epoch ms on the header, whose version proves the holder. */
const LEASE: LeaseShape = { until: 'leaseUntil', unit: 'ms', ms: IMPORT_LEASE_MS };

export type ImportStatus = FileImport['status'];

export interface ImportHeader {
  id: string;
  fileName: string;
  bankAccountId: string | null;
  institutionId: string | null;
  propertyId: string | null;
  status: ImportStatus;
  totalRows: number;
  receivedRows: number;
  importedCount: number;
  skippedCount: number;
  removedCount: number | null;
  keptCount: number | null;
  leaseUntil: number;
  createdAt: string;
  createdBy: { userId: string; email: string | null };
  finishedAt: string | null;
  undoneAt: string | null;
  undoneBy: { userId: string; email: string | null } | null;
  version: number;
}

const FIELDS: (keyof ImportHeader)[] = [
  'id',
  'fileName',
  'bankAccountId',
  'institutionId',
  'propertyId',
  'status',
  'totalRows',
  'receivedRows',
  'importedCount',
  'skippedCount',
  'removedCount',
  'keptCount',
  'leaseUntil',
  'createdAt',
  'createdBy',
  'finishedAt',
  'undoneAt',
  'undoneBy',
  'version',
];

function toHeader(item: Record<string, unknown>): ImportHeader {
  const header: Record<string, unknown> = {};
  for (const field of FIELDS) header[field] = item[field] ?? null;
  return header as unknown as ImportHeader;
}

export function importToApi(header: ImportHeader): FileImport {
  const { institutionId, leaseUntil, undoneBy, version, ...rest } = header;
  return rest;
}

/** The transaction an imported line becomes: the same id on every try. */
export const importedTransactionId = (importId: string, line: number) => `${importId}-L${line}`;

/** The import an imported transaction came from (the inverse of importedTransactionId), or null. */
export function importOfTransaction(transactionId: string): string | null {
  const at = transactionId.lastIndexOf('-L');
  return at > 0 ? transactionId.slice(0, at) : null;
}

export const importBusy = () =>
  new Conflict('IMPORT_BUSY', 'This import is being written or undone right now. Wait a moment, then try again.');

export async function getImport(orgId: string, importId: string): Promise<ImportHeader> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.fileImport(orgId, importId), ConsistentRead: true }),
  );
  if (Item?.type !== 'FileImport') throw new NotFound('Import');
  return toHeader(Item);
}

/**
 * Takes the import's lease for a request (with `set`, in the same write), if nobody holds it and the header is
 * still the version read; else IMPORT_BUSY.
 */
export async function takeImport(
  orgId: string,
  expected: ImportHeader,
  now: number,
  set: Partial<ImportHeader> = {},
): Promise<ImportHeader> {
  const key = keys.fileImport(orgId, expected.id);
  return toHeader(await takeVersionedLock(LEASE, key, expected.version, now, { set }, importBusy));
}

/**
 * Lets go of the import (with `set`, in the same write), so the person's retry continues at once; IMPORT_BUSY if
 * the header moved since it was read.
 */
export async function releaseImport(
  orgId: string,
  expected: ImportHeader,
  set: Partial<ImportHeader> = {},
): Promise<ImportHeader> {
  const key = keys.fileImport(orgId, expected.id);
  return toHeader(await releaseVersionedLock(LEASE, key, expected.version, { set }, importBusy));
}

export interface NewImport {
  id: string;
  fileName: string;
  bankAccountId: string | null;
  institutionId: string | null;
  propertyId: string | null;
  totalRows: number;
}

/**
 * The import a chunk writes into, leased to this request: created by the first chunk, continued by
 * the others (and by repeats). The same id with another file, account, property or size is a 409;
 * an undone import takes no more rows.
 */
export async function openImport(
  caller: { orgId: string; userId: string; email: string },
  input: NewImport,
  now: Date,
): Promise<ImportHeader> {
  const header: ImportHeader = {
    ...input,
    status: 'importing',
    receivedRows: 0,
    importedCount: 0,
    skippedCount: 0,
    removedCount: null,
    keptCount: null,
    leaseUntil: leaseExpiry(LEASE, now.getTime()),
    createdAt: now.toISOString(),
    createdBy: { userId: caller.userId, email: caller.email },
    finishedAt: null,
    undoneAt: null,
    undoneBy: null,
    version: 1,
  };
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.fileImport(caller.orgId, input.id),
          ...keys.fileImportByTime(caller.orgId, header.createdAt, input.id),
          type: 'FileImport',
          ...header,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return header;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const existing = await getImport(caller.orgId, input.id);
  const same =
    existing.fileName === input.fileName &&
    existing.bankAccountId === input.bankAccountId &&
    existing.propertyId === input.propertyId &&
    existing.totalRows === input.totalRows;
  if (!same) {
    throw new Conflict('IMPORT_ID_TAKEN', 'This import id belongs to another file. Start the import again.');
  }
  if (existing.status === 'undoing' || existing.status === 'undone') {
    throw new Conflict('IMPORT_UNDONE', 'This import was undone. Start a new import to bring the file in again.');
  }
  return takeImport(caller.orgId, existing, now.getTime());
}

/**
 * Records the lines of one request (before its transactions are written: a crash in between leaves
 * ids that point at nothing, which an undo skips). A repeat adds to the record, so a line once
 * included stays part of the import even if a later try leaves it out.
 */
export async function recordImportLines(
  orgId: string,
  importId: string,
  lines: { included: number[]; skipped: number[] },
): Promise<void> {
  const all = [...lines.included, ...lines.skipped];
  const adds: string[] = [];
  const values: Record<string, unknown> = { ':type': 'FileImportRecord', ':importId': importId };
  if (lines.included.length > 0) {
    adds.push('included :included');
    values[':included'] = new Set(lines.included);
  }
  if (lines.skipped.length > 0) {
    adds.push('skipped :skipped');
    values[':skipped'] = new Set(lines.skipped);
  }
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.fileImportRecord(orgId, importId, Math.min(...all)),
      UpdateExpression: `SET #type = :type, importId = :importId ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: values,
    }),
  );
}

/** Every line an import received: included ones (its transactions) and left-out ones. */
export async function importLines(orgId: string, importId: string): Promise<{ included: number[]; skipped: number[] }> {
  const prefix = keys.fileImportRecords(orgId, importId);
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ConsistentRead: true }));
  const included = new Set<number>();
  const skipped = new Set<number>();
  for (const item of items) {
    for (const line of (item.included as Set<number> | undefined) ?? []) included.add(Number(line));
    for (const line of (item.skipped as Set<number> | undefined) ?? []) skipped.add(Number(line));
  }
  return { included: [...included], skipped: [...skipped].filter((line) => !included.has(line)) };
}

// ---- listing ----------------------------------------------------------------------------------------

const ImportCursor = z.strictObject({
  v: z.literal(1),
  k: z.strictObject({ PK: z.string(), SK: z.string(), GSI1PK: z.string(), GSI1SK: z.string() }),
});

/** The organization's imports, newest first (one Query of GSI1 a page). */
export async function listImports(
  orgId: string,
  page: { limit: number; cursor?: string },
): Promise<{ imports: FileImport[]; nextCursor: string | null }> {
  const partition = keys.fileImportsByTime(orgId).GSI1PK;
  const start = page.cursor
    ? decodeCursor(page.cursor, ImportCursor, (c) => c.k.GSI1PK === partition && c.k.PK === orgPk(orgId)).k
    : undefined;
  const result = await queryPage(
    {
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: page.limit,
    },
    start,
  );
  const next = result.next;
  return {
    imports: result.items.filter((item) => item.type === 'FileImport').map((item) => importToApi(toHeader(item))),
    nextCursor: next
      ? encodeCursor({
          v: 1,
          k: {
            PK: next.PK as string,
            SK: next.SK as string,
            GSI1PK: next.GSI1PK as string,
            GSI1SK: next.GSI1SK as string,
          },
        })
      : null,
  };
}

/**
 * Remembers the CSV column mapping a person confirmed for an account, offered for its next import. The account's
 * version goes up, so a sync writing the account from an earlier read fails its condition and reads again instead
 * of dropping the mapping. An account deleted meanwhile is left alone.
 */
export async function saveImportMapping(orgId: string, accountId: string, mapping: ImportMapping): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.bankAccount(orgId, accountId),
        UpdateExpression: 'SET importMapping = :m, version = version + :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':m': mapping, ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
