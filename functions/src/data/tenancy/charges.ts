import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChargeKind, PostedCharge, ScheduledCharge } from '@rent/shared';
import { Conflict, NotFound } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure, isTransactionConditionFailure } from '../conditions.js';
import { keys, orgPk } from '../keys.js';
import { prefixQuery, queryAll, queryPages } from '../query.js';
import { MAX_TRANSACT_ITEMS, type TransactOp, transact } from '../transact.js';

/**
 * A lease's charges (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): one item per charge,
 * ORG#o / CHARGE#<leaseId>#<code>, the code unique within the lease (`rent-2026-03`, `fee-parking-2026-03`,
 * `late-2026-03`). Every write of scheduled charges is one TransactWriteItems conditioned on the lease still being at
 * the version the schedule was computed from, with each new charge conditioned on not existing: two runs at once
 * post each charge exactly once, and a run that read the lease before an edit posts nothing of the old terms.
 */

export interface ChargeRecord extends PostedCharge {
  leaseId: string;
  propertyId: string;
  postedAt: string;
  waivedBy: string | null;
  waivedAt: string | null;
}

function toChargeRecord(item: Record<string, unknown>): ChargeRecord {
  return {
    leaseId: item.leaseId as string,
    propertyId: item.propertyId as string,
    code: item.code as string,
    kind: item.kind as ChargeKind,
    label: item.label as string,
    dueDate: item.dueDate as string,
    amount: item.amount as number,
    waived: item.waived === true,
    postedAt: item.postedAt as string,
    waivedBy: (item.waivedBy as string | undefined) ?? null,
    waivedAt: (item.waivedAt as string | undefined) ?? null,
  };
}

/** A lease's charges, read consistently (the job decides what is missing from it). */
export async function chargesOfLease(orgId: string, leaseId: string): Promise<ChargeRecord[]> {
  const items = await queryAll(prefixQuery(tableName(), orgPk(orgId), `CHARGE#${leaseId}#`, { ConsistentRead: true }));
  return items.map(toChargeRecord);
}

/** Every charge of the organization by lease: one Query of its partition (the aging report, the rent roll, the job). */
export async function chargesByLeaseOf(orgId: string): Promise<Map<string, ChargeRecord[]>> {
  const out = new Map<string, ChargeRecord[]>();
  for await (const page of queryPages(prefixQuery(tableName(), orgPk(orgId), 'CHARGE#'))) {
    for (const charge of page.items.map(toChargeRecord)) {
      const list = out.get(charge.leaseId);
      if (list) list.push(charge);
      else out.set(charge.leaseId, [charge]);
    }
  }
  return out;
}

export interface LeaseAtVersion {
  organizationId: string;
  id: string;
  propertyId: string;
  version: number;
}

const leaseMoved = () => new Conflict('CONFLICT', 'The lease changed while its charges were being posted.');

/** The lease is still at the version its schedule was computed from. */
function leaseVersionCheck(lease: LeaseAtVersion): TransactOp {
  return {
    item: {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.tenancy(lease.organizationId, lease.id),
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(version) OR version = :v)',
        ExpressionAttributeValues: { ':v': lease.version },
      },
    },
    onConditionFailure: leaseMoved,
  };
}

/**
 * Writes a schedule's changes for one lease: `put` new charges (each only if absent) and `replace` charges whose
 * amount or label changed, `remove` charges no longer scheduled, all under the lease's version, in as many
 * TransactWriteItems as it takes. A charge another run posted meanwhile fails the condition: the caller re-reads
 * and retries (`Conflict` CHARGES_RACED); a lease changed meanwhile is `Conflict` CONFLICT (the next run decides).
 */
export async function writeCharges(
  lease: LeaseAtVersion,
  change: { put: ScheduledCharge[]; replace: ScheduledCharge[]; remove: string[] },
): Promise<void> {
  const now = new Date().toISOString();
  const item = (c: ScheduledCharge) => ({
    ...keys.charge(lease.organizationId, lease.id, c.code),
    type: 'Charge',
    organizationId: lease.organizationId,
    leaseId: lease.id,
    propertyId: lease.propertyId,
    ...c,
    waived: false,
    postedAt: now,
  });
  const ops: TransactOp[] = [
    ...change.put.map(
      (c): TransactOp => ({
        item: { Put: { TableName: tableName(), Item: item(c), ConditionExpression: 'attribute_not_exists(PK)' } },
        onConditionFailure: chargesRaced,
      }),
    ),
    ...change.replace.map((c): TransactOp => ({ item: { Put: { TableName: tableName(), Item: item(c) } } })),
    ...change.remove.map(
      (code): TransactOp => ({
        item: { Delete: { TableName: tableName(), Key: keys.charge(lease.organizationId, lease.id, code) } },
      }),
    ),
  ];
  const room = MAX_TRANSACT_ITEMS - 1;
  for (let i = 0; i < ops.length; i += room) {
    await transact([leaseVersionCheck(lease), ...ops.slice(i, i + room)]);
  }
}

export const chargesRaced = () => new Conflict('CHARGES_RACED', 'Another run posted these charges at the same time.');

/**
 * Posts or raises a late fee to `amount` cents: created when absent, raised when it has grown (a daily fee),
 * never touched once waived. Answers whether anything was written.
 */
export async function upsertLateFee(lease: LeaseAtVersion, fee: ScheduledCharge): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.charge(lease.organizationId, lease.id, fee.code),
        UpdateExpression:
          'SET #type = :type, organizationId = :org, leaseId = :lease, propertyId = :property, code = :code, kind = :kind, ' +
          'label = :label, dueDate = :due, amount = :amount, waived = if_not_exists(waived, :no), postedAt = if_not_exists(postedAt, :now)',
        ConditionExpression: 'attribute_not_exists(PK) OR (waived = :no AND amount < :amount)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'Charge',
          ':org': lease.organizationId,
          ':lease': lease.id,
          ':property': lease.propertyId,
          ':code': fee.code,
          ':kind': fee.kind,
          ':label': fee.label,
          ':due': fee.dueDate,
          ':amount': fee.amount,
          ':no': false,
          ':now': new Date().toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Waives a late fee that is not waived yet: it stays on the ledger at no cost, and is never posted again. */
export async function waiveLateFee(orgId: string, leaseId: string, code: string, by: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.charge(orgId, leaseId, code),
        UpdateExpression: 'SET waived = :yes, waivedBy = :by, waivedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND kind = :late AND waived = :no',
        ExpressionAttributeValues: {
          ':yes': true,
          ':no': false,
          ':by': by,
          ':now': new Date().toISOString(),
          ':late': 'late_fee',
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound('Late fee');
    throw error;
  }
}

/** Deletes every charge of a lease (the lease is deleted). */
export async function deleteChargesOfLease(orgId: string, leaseId: string): Promise<void> {
  const codes = (await chargesOfLease(orgId, leaseId)).map((c) => c.code);
  for (let i = 0; i < codes.length; i += MAX_TRANSACT_ITEMS) {
    await transact(
      codes.slice(i, i + MAX_TRANSACT_ITEMS).map((code) => ({
        item: { Delete: { TableName: tableName(), Key: keys.charge(orgId, leaseId, code) } },
      })),
    ).catch((error: unknown) => {
      if (!isTransactionConditionFailure(error)) throw error;
    });
  }
}

// ---- the organizations the charge job visits ---------------------------------------------------------------

/** The registry entry of an organization with leases: written with each new lease, read by the daily job. */
export function leaseOrganizationPut(orgId: string): TransactOp {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...keys.leaseOrganization(orgId), type: 'LeaseOrganization', organizationId: orgId },
      },
    },
  };
}

/** Every organization that has had a lease, one page at a time. */
export async function* leaseOrganizations(): AsyncGenerator<string[]> {
  for await (const page of queryPages(prefixQuery(tableName(), keys.leaseOrganizationsPk(), 'ORG#'))) {
    yield page.items.map((i) => i.organizationId as string);
  }
}

/**
 * Claims a charge's one reminder or late notice (`field` set once, conditioned on not being set): true for exactly one
 * of any number of runs, which then sends it. A claim whose send fails is not retried: a missed reminder is better
 * than two.
 */
export async function claimChargeNotice(
  lease: LeaseAtVersion,
  code: string,
  field: 'reminderSentAt' | 'lateNoticeSentAt',
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.charge(lease.organizationId, lease.id, code),
        UpdateExpression: 'SET #field = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#field)',
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
