import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  GRACE_DAYS_DEFAULT,
  type LateFeeTerms,
  type LeaseFee,
  leaseNotEnded,
  leaseState,
  RENT_DUE_DAY_DEFAULT,
} from '@rent/shared';
import { Conflict, InvalidReference, NotFound } from '../../domain-errors.js';
import { versionedUpdate } from '../../lib/versionedUpdate.js';
import { db, tableName } from '../client.js';
import { isConditionFailure, isTransactionConditionFailure } from '../conditions.js';
import { keys, orgPk, withoutKeys } from '../keys.js';
import { indexPrefixQuery, prefixQuery, queryAll } from '../query.js';
import { type TransactOp, transact } from '../transact.js';
import { leaseOrganizationPut } from './charges.js';
import type { MoveOutRecord } from './moveOuts.js';

export interface TenancyRecord {
  id: string;
  organizationId: string;
  userId: string;
  propertyId: string;
  leaseStart: string;
  leaseEnd: string | null;
}

/** A person's tenancies in one organization (GSI1 USER#u / TENANCY#leaseStart), most recent lease first. */
async function tenancyItemsOf(orgId: string, userId: string) {
  const k = keys.tenanciesOfUserPrefix(userId);
  const items = await queryAll(
    indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix, { ScanIndexForward: false }),
  );
  return items.filter((i) => i.organizationId === orgId);
}

/** Ids of the properties a tenant has leased in an organization, most recent lease first. */
export async function tenantPropertyIds(orgId: string, userId: string): Promise<string[]> {
  return [...new Set((await tenancyItemsOf(orgId, userId)).map((i) => i.propertyId as string))];
}

/** Ids of the properties a tenant rents on `today` (YYYY-MM-DD), the lease that started last first. */
export async function activeTenantPropertyIds(orgId: string, userId: string, today: string): Promise<string[]> {
  const running = (await leasesOfUser(orgId, userId)).filter((l) => leaseState(l, today) === 'active').reverse();
  return [...new Set(running.map((l) => l.propertyId))];
}

/**
 * The member's leases that have not ended by `today`, read consistently from the organization's partition:
 * ending a membership is refused while one exists, and a lease written a moment ago must count.
 */
export async function unendedLeasesOfMember(orgId: string, userId: string, today: string): Promise<LeaseRecord[]> {
  const items = await queryAll(
    prefixQuery(tableName(), orgPk(orgId), 'TENANCY#', {
      ConsistentRead: true,
      FilterExpression: 'userId = :user',
      ExpressionAttributeValues: { ':user': userId },
    }),
  );
  return items.map(toLeaseRecord).filter((lease) => leaseNotEnded(lease, today));
}

// ---- leases: the Tenancy item with its rent terms -----------------------------------------------------

export interface LeaseRecord extends TenancyRecord {
  unitLabel: string | null;
  /** Cents. */
  monthlyRent: number;
  /** Cents. */
  securityDeposit: number;
  rentDueDay: number;
  graceDays: number;
  /** Charge terms (docs/tenants-and-maintenance.md "Charges and the tenant ledger"). */
  prorate: boolean;
  fees: LeaseFee[];
  lateFee: LateFeeTerms | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Set once the tenant is moved out (data/tenancy/moveOuts.ts). */
  moveOut?: MoveOutRecord | null;
  /** Payers a person linked to this lease (payerKey of the description): how arrivals are matched to it. */
  payerKeys?: string[];
}

export type LeaseTermsRecord = Pick<
  LeaseRecord,
  | 'unitLabel'
  | 'leaseStart'
  | 'leaseEnd'
  | 'monthlyRent'
  | 'securityDeposit'
  | 'rentDueDay'
  | 'graceDays'
  | 'prorate'
  | 'fees'
  | 'lateFee'
>;

const leaseNotFound = () => new NotFound('Lease');
/** A change whose version check failed at the write: the service re-reads the lease for its 409. */
const leaseChanged = () =>
  new Conflict('CONFLICT', 'This lease was changed by someone else while you were editing. Reload it, then try again.');

/** A tenancy written before leases had terms (the demo seed, older tests) reads with the defaults. */
export function toLeaseRecord(item: Record<string, unknown>): LeaseRecord {
  const r = withoutKeys(item) as Record<string, unknown>;
  return {
    id: r.id as string,
    organizationId: r.organizationId as string,
    userId: r.userId as string,
    propertyId: r.propertyId as string,
    leaseStart: r.leaseStart as string,
    leaseEnd: (r.leaseEnd as string | null | undefined) ?? null,
    unitLabel: (r.unitLabel as string | null | undefined) ?? null,
    monthlyRent: (r.monthlyRent as number | undefined) ?? 0,
    securityDeposit: (r.securityDeposit as number | undefined) ?? 0,
    rentDueDay: (r.rentDueDay as number | undefined) ?? RENT_DUE_DAY_DEFAULT,
    graceDays: (r.graceDays as number | undefined) ?? GRACE_DAYS_DEFAULT,
    prorate: r.prorate === true,
    fees: (r.fees as LeaseFee[] | undefined) ?? [],
    lateFee: (r.lateFee as LateFeeTerms | null | undefined) ?? null,
    createdAt: (r.createdAt as string | undefined) ?? '',
    updatedAt: (r.updatedAt as string | undefined) ?? '',
    version: (r.version as number | undefined) ?? 1,
    moveOut: (r.moveOut as MoveOutRecord | undefined) ?? null,
    payerKeys: [...((r.payerKeys as Set<string> | undefined) ?? [])],
  };
}

/** Every lease of one property (GSI2, the property's reference partition), oldest start first. */
export async function leasesOfProperty(orgId: string, propertyId: string): Promise<LeaseRecord[]> {
  const k = keys.propertyReferences(orgId, propertyId);
  const items = await queryAll(indexPrefixQuery(tableName(), 'GSI2', k.GSI2PK, 'TENANCY#'));
  return items.map(toLeaseRecord).sort(byStart);
}

/**
 * Every lease of the organization by property, oldest start first: ONE Query of the organization's partition,
 * where the reports and the dashboard would otherwise make one per property.
 */
export async function leasesByPropertyOf(orgId: string): Promise<Map<string, LeaseRecord[]>> {
  const items = await queryAll(prefixQuery(tableName(), orgPk(orgId), 'TENANCY#'));
  const out = new Map<string, LeaseRecord[]>();
  for (const lease of items.map(toLeaseRecord).sort(byStart)) {
    out.set(lease.propertyId, [...(out.get(lease.propertyId) ?? []), lease]);
  }
  return out;
}

/** Every lease a person holds in an organization, oldest start first. */
export async function leasesOfUser(orgId: string, userId: string): Promise<LeaseRecord[]> {
  return (await tenancyItemsOf(orgId, userId)).map(toLeaseRecord).sort(byStart);
}

export async function getLease(orgId: string, leaseId: string): Promise<LeaseRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.tenancy(orgId, leaseId), ConsistentRead: true }),
  );
  if (Item?.type !== 'Tenancy') throw leaseNotFound();
  return toLeaseRecord(Item!);
}

/**
 * Writes a new lease and counts it on its property item (leaseCount) in one TransactWriteItems, conditioned
 * on the property existing: deleteProperty's Delete is conditioned on that count, like transactionCount.
 * The tenant's membership is bumped in the same transaction, conditioned on it being a TENANT's: a removal
 * that read the membership before this lease existed then fails its version check instead of leaving a
 * lease whose tenant is gone.
 */
export async function putNewLease(orgId: string, lease: NewLease): Promise<LeaseRecord> {
  const { record, ops } = newLeaseOps(orgId, lease);
  await transact([...ops, tenantMembershipBump(orgId, lease.userId)]);
  return record;
}

/** Bumps the tenant's membership version, conditioned on them still being a TENANT of the organization. */
function tenantMembershipBump(orgId: string, userId: string): TransactOp {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.membership(orgId, userId),
        UpdateExpression: 'ADD version :one',
        ConditionExpression: '#role = :tenant',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':one': 1, ':tenant': 'TENANT' },
      },
    },
    onConditionFailure: tenantGone,
  };
}

const tenantGone = () =>
  new InvalidReference(
    'userId',
    'This person is no longer a tenant of your organization; invite them again before giving them a lease that has not ended',
  );

/** A new lease; charge terms default to none (no proration, no fees, no late fee). */
type NewLease = Omit<
  LeaseRecord,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'version' | 'prorate' | 'fees' | 'lateFee'
> &
  Partial<Pick<LeaseRecord, 'prorate' | 'fees' | 'lateFee'>>;

/** The writes of a new lease, for a caller that joins them to its own transaction (invitation acceptance). */
export function newLeaseOps(orgId: string, lease: NewLease): { record: LeaseRecord; ops: TransactOp[] } {
  const now = new Date().toISOString();
  const record: LeaseRecord = {
    prorate: false,
    fees: [],
    lateFee: null,
    ...lease,
    id: randomUUID(),
    organizationId: orgId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  const ops: TransactOp[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.tenancy(orgId, record.id),
            ...keys.tenancyByUser(record.userId, record.leaseStart),
            ...keys.tenancyByProperty(orgId, record.propertyId, record.id),
            type: 'Tenancy',
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.property(orgId, record.propertyId),
          UpdateExpression: 'ADD leaseCount :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      onConditionFailure: () => new NotFound('Property'),
    },
    leaseOrganizationPut(orgId),
  ];
  return { record, ops };
}

/**
 * Replaces a lease's terms if it is still at the version that was read (a versioned update: otherwise the
 * lease's Conflict, which the service answers with the lease as it is now); its start moves its GSI1 key.
 * Terms that leave the lease not yet ended also bump the tenant's membership (see putNewLease), so a lease
 * cannot be extended past a removal that is happening at the same moment.
 */
export async function updateLeaseTerms(
  current: LeaseRecord,
  terms: LeaseTermsRecord,
  { tenantMustRemain }: { tenantMustRemain: boolean },
): Promise<LeaseRecord> {
  const next: LeaseRecord = { ...current, ...terms, updatedAt: new Date().toISOString(), version: current.version + 1 };
  const byUser = keys.tenancyByUser(current.userId, next.leaseStart);
  const update: TransactOp = {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.tenancy(current.organizationId, current.id),
        ...versionedUpdate(current.version, { set: { ...terms, updatedAt: next.updatedAt, GSI1SK: byUser.GSI1SK } }),
      },
    },
    onConditionFailure: leaseChanged,
  };
  await transact(tenantMustRemain ? [update, tenantMembershipBump(current.organizationId, current.userId)] : [update]);
  return next;
}

/** Deletes a lease and takes it off its property's leaseCount, in one TransactWriteItems. */
export async function deleteLease(lease: LeaseRecord): Promise<void> {
  await transact([
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: keys.tenancy(lease.organizationId, lease.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      onConditionFailure: leaseNotFound,
    },
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.property(lease.organizationId, lease.propertyId),
          // Leases written before the count existed (seed, older tests) must not drive it below zero.
          UpdateExpression: 'SET leaseCount = if_not_exists(leaseCount, :zero) - :one',
          ConditionExpression: 'attribute_exists(PK) AND leaseCount > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    },
  ]).catch(async (error) => {
    // The property has no count for this lease (written before counts existed): delete the lease alone.
    if (isTransactionConditionFailure(error)) {
      await db.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.tenancy(lease.organizationId, lease.id),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
      return;
    }
    throw error;
  });
}

const byStart = (a: LeaseRecord, b: LeaseRecord) =>
  a.leaseStart.localeCompare(b.leaseStart) || a.id.localeCompare(b.id);

/** The most payers one lease remembers: a payer beyond it is simply not learned. */
export const LEASE_PAYERS_MAX = 50;

/**
 * Teaches a lease a payer (a string set, so repeating is a no-op) and makes `unlearnFrom` forget it: a person
 * linked this payer's payment to `leaseId` instead. A lease deleted meanwhile, or full, is left as it is.
 */
export async function teachLeasePayer(
  orgId: string,
  key: string,
  leaseId: string | null,
  unlearnFrom: string | null,
): Promise<void> {
  const ignoreConditionFailure = (error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  };
  const writes: Promise<unknown>[] = [];
  if (leaseId !== null) {
    writes.push(
      db
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.tenancy(orgId, leaseId),
            UpdateExpression: 'ADD payerKeys :keys',
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(payerKeys) OR size(payerKeys) < :max)',
            ExpressionAttributeValues: { ':keys': new Set([key]), ':max': LEASE_PAYERS_MAX },
          }),
        )
        .catch(ignoreConditionFailure),
    );
  }
  if (unlearnFrom !== null && unlearnFrom !== leaseId) {
    writes.push(
      db
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.tenancy(orgId, unlearnFrom),
            UpdateExpression: 'DELETE payerKeys :keys',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':keys': new Set([key]) },
          }),
        )
        .catch(ignoreConditionFailure),
    );
  }
  await Promise.all(writes);
}
