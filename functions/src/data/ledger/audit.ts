import { randomUUID } from 'node:crypto';
import {
  type AuditAction,
  type AuditFieldChange,
  type AuditVia,
  auditDiff,
  type BankEvent,
  bankEventOf,
} from '@rent/shared';
import { tableName } from '../client.js';
import { keys, withoutKeys } from '../keys.js';
import { queryAll } from '../query.js';
import type { TransactOp } from '../transact.js';
import type { TransactionRecord } from './items.js';

/**
 * The audit trail of transactions (docs/ledger.md "Audit trail"). Every ledger write puts ONE audit entry per
 * transaction it creates or changes, in the SAME TransactWriteItems as the change (the write plan, plan.ts), so
 * there is no change without its entry. The entries live in the transaction's Activity partition ORG#o#TXACT#t
 * beside its review requests and messages (AUD#at#e), so the whole timeline is ONE Query, and they go when the
 * transaction goes. Who and how are the write's `LedgerActor`, passed by the service that decided the change.
 */

/** Who writes to the ledger and how: recorded on every audit entry of the write. */
export interface LedgerActor {
  /** The person, or null for the system (bank sync, jobs). */
  actorId: string | null;
  via: AuditVia;
  /** The rule batch, import or bank link behind the change, when there is one. */
  ref: string | null;
  /** An ADMIN explicitly overrides a closed period (recorded on each entry). */
  override: boolean;
}

export interface AuditEntryRecord {
  id: string;
  transactionId: string;
  organizationId: string;
  at: string;
  actorId: string | null;
  via: AuditVia;
  ref: string | null;
  action: AuditAction;
  changes: AuditFieldChange[];
  /** Written into a closed period under an ADMIN's override. */
  override?: boolean;
  /** A bank sync's change: what the bank did (posted, merged, removed, changed). */
  bankEvent?: BankEvent;
}

/** The creation entry has a fixed key, so a delete of an untouched transaction removes it in the same write. */
const CREATED = 'created';

export const auditEntryKey = (orgId: string, transactionId: string, at: string, entryId: string) => ({
  PK: keys.activity(orgId, transactionId).PK,
  SK: `AUD#${at}#${entryId}`,
});

/**
 * Whether a change writes an entry of its own. An arrival from the bank or from a file does not: the transaction
 * records its creation (its source, the bank link or the import and the person who imported it, createdAt, its
 * values), and the Activity rebuilds the creation entry from the transaction and its later entries
 * (services/ledger/activity.ts). A first sync or an import then writes half the items.
 */
export const writesAuditEntry = (created: boolean, via: AuditVia) =>
  !(created && (via === 'bank_sync' || via === 'import'));

/** One entry per change ([null, next] = created), with the actor's who and how. */
export function auditOps(changes: [TransactionRecord | null, TransactionRecord][], context: LedgerActor): TransactOp[] {
  if (changes.length === 0) return [];
  const now = new Date().toISOString();
  const entered = changes.filter(([current]) => writesAuditEntry(current === null, context.via));
  return entered.map(([current, next]) => {
    const created = current === null;
    const entry: AuditEntryRecord = {
      id: created ? CREATED : randomUUID(),
      transactionId: next.id,
      organizationId: next.organizationId,
      at: created ? next.createdAt : now,
      actorId: context.actorId,
      via: context.via,
      ref: context.ref,
      action: created ? 'created' : 'updated',
      changes: auditDiff(
        current as unknown as Record<string, unknown> | null,
        next as unknown as Record<string, unknown>,
      ),
      ...(context.override && { override: true }),
      ...(!created &&
        context.via === 'bank_sync' && {
          bankEvent: bankEventOf(
            current as unknown as Record<string, unknown>,
            next as unknown as Record<string, unknown>,
          ),
        }),
    };
    return {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...auditEntryKey(entry.organizationId, entry.transactionId, entry.at, entry.id),
            type: 'AuditEntry',
            ...entry,
          },
        },
      },
    };
  });
}

/** Deletes the creation entry of a transaction deleted untouched (import undo), in the delete's own write. */
export function auditCreationDeleteOp(record: TransactionRecord): TransactOp {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: auditEntryKey(record.organizationId, record.id, record.createdAt, CREATED),
      },
    },
  };
}

/**
 * The whole Activity partition of a transaction — review requests, messages and audit entries — in ONE
 * Query (paged by DynamoDB only past 1 MB), sorted by the caller.
 */
export async function readActivityPartition(orgId: string, transactionId: string): Promise<Record<string, unknown>[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.activity(orgId, transactionId).PK },
    ConsistentRead: true,
  });
  return items.map((item) => withoutKeys(item));
}
