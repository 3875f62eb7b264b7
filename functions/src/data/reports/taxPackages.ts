import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TAX_PACKAGE_DAYS, type TaxPackage, type TaxPackageStatus } from '@rent/shared';
import { NotFound } from '../../domain-errors.js';
import type { LeaseShape } from '../../lib/lease.js';
import { buildUpdate } from '../../lib/versionedUpdate.js';
import { readOne } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { keys, withoutKeys } from '../keys.js';
import { dropLock, takeLockOp } from '../locks.js';
import { prefixQuery, queryPage } from '../query.js';
import { transact } from '../transact.js';

/**
 * Tax packages (docs/reports-and-tax.md "Tax package"; README "Data model"): one item per build at
 * ORG#o / TAXPKG#<year>#<id> (the id begins with the year and the time, so a year's builds sort newest last) with its
 * status, progress and zip key, kept until a day after the zip expires (ttl). Beside it ORG#o / TAXPKGRUN#<year>, the
 * lock of the year's build in flight (the lease of lib/lease.ts), taken in the same transaction as a new build: a
 * second start while one runs finds it and answers that build. A lock older than RUN_LOCK_SECONDS (longer than the
 * job's 15-minute limit) is taken over.
 */
export interface TaxPackageRecord extends TaxPackage {
  organizationId: string;
  /** The zip's key in the receipts bucket (tax-packages/<org>/<id>.zip). */
  key: string;
  version: number;
}

export const RUN_LOCK_SECONDS = 20 * 60;
/** The year's lock as the lease of lib/lease.ts: held by `packageId` until `lockedUntil` (epoch seconds, its TTL too). */
const RUN_LOCK: LeaseShape = { until: 'lockedUntil', holder: 'packageId', unit: 's', ms: RUN_LOCK_SECONDS * 1000 };
const notFound = () => new NotFound('Tax package');
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** <year>-<yyyymmddhhmmss>-<random>: the year first (the key), then creation order. */
export function newTaxPackageId(year: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${year}-${stamp}-${randomBytes(5).toString('hex')}`;
}

export const taxPackageKey = (orgId: string, id: string) => `tax-packages/${orgId}/${id}.zip`;

const toRecord = (item: Record<string, unknown>) => withoutKeys(item) as unknown as TaxPackageRecord;

/**
 * Records a queued build and takes the year's lock, or, when a build of that year is already in flight,
 * answers that one (created = false).
 */
export async function startTaxPackageRecord(
  orgId: string,
  year: string,
  now: Date,
): Promise<{ record: TaxPackageRecord; created: boolean }> {
  const at = now.toISOString();
  const id = newTaxPackageId(year, now);
  const record: TaxPackageRecord = {
    id,
    organizationId: orgId,
    year,
    status: 'queued',
    progress: { done: 0, total: 0 },
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
    expiresAt: null,
    size: null,
    error: null,
    key: taxPackageKey(orgId, id),
    version: 1,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await transact([
        {
          item: takeLockOp(RUN_LOCK, keys.taxPackageRun(orgId, year), id, now.getTime(), {
            set: { type: 'TaxPackageRun', ttl: epoch(at) + RUN_LOCK_SECONDS },
          }),
          onConditionFailure: () => new RunInFlight(),
        },
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: { ...keys.taxPackage(orgId, id), type: 'TaxPackage', ...record, ttl: ttlFrom(at) },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        },
      ]);
      return { record, created: true };
    } catch (error) {
      if (!(error instanceof RunInFlight)) throw error;
      const running = await runningPackage(orgId, year);
      if (running && (running.status === 'queued' || running.status === 'running')) {
        return { record: running, created: false };
      }
      // The lock's build finished between the two reads (or left its lock behind): release it, try again.
      if (running) await releaseRun(orgId, running);
    }
  }
  throw new Error('Could not start a tax package: the year lock kept changing');
}

class RunInFlight extends Error {}

/** A package item lives until a day after its zip would expire, then DynamoDB removes it. */
const ttlFrom = (at: string) => epoch(at) + (TAX_PACKAGE_DAYS + 1) * 86_400;

async function runningPackage(orgId: string, year: string): Promise<TaxPackageRecord | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.taxPackageRun(orgId, year), ConsistentRead: true }),
  );
  if (!Item) return null;
  try {
    return await getTaxPackage(orgId, Item.packageId as string);
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

export async function getTaxPackage(orgId: string, id: string): Promise<TaxPackageRecord> {
  if (!/^\d{4}-/.test(id)) throw notFound();
  const item = await readOne(keys.taxPackage(orgId, id));
  if (item?.type !== 'TaxPackage') throw notFound();
  return toRecord(item);
}

/** The year's latest builds, newest first (one Query, backwards). */
export async function listTaxPackages(orgId: string, year: string, limit = 5): Promise<TaxPackageRecord[]> {
  const k = keys.taxPackagesOfYear(orgId, year);
  const { items } = await queryPage({
    ...prefixQuery(tableName(), k.PK, k.SKPrefix),
    ScanIndexForward: false,
    Limit: limit,
  });
  return items.map(toRecord);
}

/** The job's progress (and its status: running). */
export async function updateTaxPackageProgress(
  orgId: string,
  id: string,
  progress: { done: number; total: number },
): Promise<void> {
  await setFields(orgId, id, { status: 'running', progress });
}

/** The end of a build, done or failed, and the year's lock released (if it is still this build's). */
export async function finishTaxPackage(
  orgId: string,
  record: TaxPackageRecord,
  outcome:
    | { status: 'done'; size: number; progress: { done: number; total: number } }
    | { status: 'failed'; error: string },
): Promise<void> {
  const at = new Date().toISOString();
  const fields: Record<string, unknown> =
    outcome.status === 'done'
      ? {
          status: 'done' satisfies TaxPackageStatus,
          size: outcome.size,
          progress: outcome.progress,
          finishedAt: at,
          expiresAt: new Date(Date.parse(at) + TAX_PACKAGE_DAYS * 86_400_000).toISOString(),
          ttl: ttlFrom(at),
        }
      : { status: 'failed' satisfies TaxPackageStatus, error: outcome.error, finishedAt: at };
  await setFields(orgId, record.id, fields, at);
  await releaseRun(orgId, record);
}

async function releaseRun(orgId: string, record: TaxPackageRecord): Promise<void> {
  await dropLock(RUN_LOCK, keys.taxPackageRun(orgId, record.year), record.id);
}

async function setFields(orgId: string, id: string, fields: Record<string, unknown>, at = new Date().toISOString()) {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.taxPackage(orgId, id),
      ...buildUpdate({
        set: { ...fields, updatedAt: at },
        add: { version: 1 },
        conditions: [{ expression: 'attribute_exists(PK)' }],
      }),
    }),
  );
}

export function taxPackageToApi(record: TaxPackageRecord): TaxPackage {
  return {
    id: record.id,
    year: record.year,
    status: record.status,
    progress: record.progress,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    finishedAt: record.finishedAt ?? null,
    expiresAt: record.expiresAt ?? null,
    size: record.size ?? null,
    error: record.error ?? null,
  };
}
