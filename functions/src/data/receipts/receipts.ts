import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Receipt, ReceiptContentType } from '@rent/shared';
import { Conflict, InvalidReference, NotFound } from '../../domain-errors.js';
import type { UploadRecord } from '../../lib/uploadKinds.js';
import { readOne } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { MatchRows } from '../ledger/matchRows.js';
import { cellOps, writeOps } from '../ledger/plan.js';
import { RollupDeltas, type RollupFacts } from '../ledger/rollupDeltas.js';
import { queryAll } from '../query.js';
import { backoff, STALE_READ_ATTEMPTS, StaleRead, type TransactOp, transact } from '../transact.js';
import {
  claimPendingUpload,
  confirmUntilOf,
  discardClaimedUpload,
  readyUpdate,
  releaseUploadClaim,
} from '../uploads.js';

/**
 * Receipts: one item per file at ORG#o / RCPT#r, so a reference (the receipt id) is found with a
 * consistent GetItem inside the caller's organization only. A receipt is PENDING from the upload
 * request until the confirm call has checked the stored bytes; pending items expire (ttl) if the
 * browser never confirms. Confirmed receipts are listed through GSI1, per transaction or, while
 * not attached to any transaction, per uploader.
 */
export interface ReceiptRecord extends UploadRecord {
  userId: string;
  transactionId: string | null;
  createdAt: string;
  uploadedAt: string | null;
  version: number;
}

/** An unconfirmed upload is forgotten after a day (the object it may have left is swept by key prefix). */
const PENDING_TTL_SECONDS = 24 * 3600;
const notFound = () => new NotFound('Receipt');
const transactionNotFound = () => new NotFound('Transaction');

/** Records an upload about to happen; 404 if the transaction it is for is not the organization's. */
export async function putPendingReceipt(receipt: ReceiptRecord): Promise<void> {
  const ops: TransactOp[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.receipt(receipt.organizationId, receipt.id),
            type: 'Receipt',
            ...receipt,
            ttl: Math.floor(Date.parse(receipt.createdAt) / 1000) + PENDING_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ];
  if (receipt.transactionId) {
    ops.push({
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.transaction(receipt.organizationId, receipt.transactionId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      onConditionFailure: transactionNotFound,
    });
  }
  await transact(ops);
}

export async function getReceipt(orgId: string, receiptId: string): Promise<ReceiptRecord> {
  const item = await readOne(keys.receipt(orgId, receiptId));
  if (item?.type !== 'Receipt') throw notFound();
  return toRecord(item);
}

/** Claims a PENDING receipt for one confirm (data/uploads.ts): the receipt, or null when not pending or claimed. */
export async function claimPendingReceipt(orgId: string, receiptId: string, holder: string, now: number) {
  const item = await claimPendingUpload(keys.receipt(orgId, receiptId), holder, now);
  return item ? toRecord(item) : null;
}

export async function releaseReceiptClaim(orgId: string, receiptId: string, holder: string): Promise<void> {
  await releaseUploadClaim(keys.receipt(orgId, receiptId), holder);
}

/** A confirmed receipt, 404 for a pending one: nobody reads or lists bytes that were not checked. */
export async function getReadyReceipt(orgId: string, receiptId: string): Promise<ReceiptRecord> {
  const receipt = await getReceipt(orgId, receiptId);
  if (receipt.status !== 'READY') throw notFound();
  return receipt;
}

/**
 * The checked upload becomes a receipt: listed, readable, and counted on its transaction (whose
 * hasReceipt turns true) in one TransactWriteItems, under the confirm's claim (null when the claim was lost).
 * The transaction's version is not bumped: a receipt added while someone edits the transaction must not turn
 * their save into a 409.
 */
export async function markReceiptReady(
  receipt: ReceiptRecord,
  uploadedAt: string,
  holder: string,
): Promise<ReceiptRecord | null> {
  const { organizationId: orgId, id, transactionId } = receipt;
  const listing = transactionId
    ? keys.receiptOfTransaction(orgId, transactionId, uploadedAt, id)
    : keys.unattachedReceipt(orgId, receipt.userId, uploadedAt, id);
  const confirm: TransactOp = {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.receipt(orgId, id),
        ...readyUpdate(holder, { status: 'READY', uploadedAt, GSI1PK: listing.GSI1PK, GSI1SK: listing.GSI1SK }),
      },
    },
    // No longer pending under this claim (another confirm took over): the caller re-reads.
    onConditionFailure: () => new StaleRead(),
  };
  try {
    await withReceiptFacts(orgId, transactionId, (facts) => [
      confirm,
      ...(!facts
        ? []
        : facts.hasReceipt && facts.receiptCount > 0
          ? [receiptAddedOp(orgId, facts.id)]
          : receiptCountOps(orgId, facts, facts.receiptCount + 1)),
    ]);
  } catch (error) {
    if (error instanceof StaleRead) return null;
    throw error;
  }
  return { ...receipt, status: 'READY', uploadedAt };
}

/** What the receipt writes read of a transaction: its receipt count and what its x#noreceipt rollup depends on. */
type ReceiptFacts = RollupFacts & { id: string; version: number; receiptCount: number };

/** The transaction changed between the read and the receipt write: read again. */
class ReceiptFactsChanged extends Error {}

/**
 * Runs a receipt write that changes a transaction's receipt count (`build` gets the transaction's facts, or
 * null for none), re-reading and retrying when the transaction changed in between.
 */
async function withReceiptFacts(
  orgId: string,
  transactionId: string | null,
  build: (facts: ReceiptFacts | null) => TransactOp[],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const facts = transactionId ? await readReceiptFacts(orgId, transactionId) : null;
    try {
      await writeOps(orgId, build(facts));
      return;
    } catch (error) {
      if (!(error instanceof ReceiptFactsChanged)) throw error;
      if (attempt >= STALE_READ_ATTEMPTS) {
        throw new Conflict('CONFLICT', 'This transaction was changed by someone else at the same time. Try again.');
      }
      await backoff(attempt);
    }
  }
}

async function readReceiptFacts(orgId: string, transactionId: string): Promise<ReceiptFacts> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.transaction(orgId, transactionId),
      ProjectionExpression:
        'id, #date, amount, category, propertyId, isIgnored, pending, hasReceipt, receiptCount, version',
      ExpressionAttributeNames: { '#date': 'date' },
      ConsistentRead: true,
    }),
  );
  if (!Item) throw transactionNotFound();
  return {
    id: transactionId,
    date: Item.date as string,
    amount: Item.amount as number,
    category: (Item.category as string | null) ?? null,
    propertyId: (Item.propertyId as string | null) ?? null,
    isIgnored: Item.isIgnored === true,
    pending: Item.pending === true,
    hasReceipt: Item.hasReceipt === true,
    receiptCount: (Item.receiptCount as number | undefined) ?? 0,
    version: Item.version as number,
  };
}

/**
 * A transaction's receipt count set to `count` (hasReceipt = count > 0) if it is still as read, with its rollup
 * cell's x#noreceipt moved in the same write. The version is not bumped: a receipt added while someone edits the
 * transaction must not turn their save into a 409 (their save is conditioned on hasReceipt instead).
 */
function receiptCountOps(orgId: string, facts: ReceiptFacts, count: number): TransactOp[] {
  const hasReceipt = count > 0;
  return [
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.transaction(orgId, facts.id),
          UpdateExpression: 'SET receiptCount = :count, hasReceipt = :has',
          ConditionExpression:
            'attribute_exists(PK) AND version = :version AND (attribute_not_exists(receiptCount) OR receiptCount = :read)',
          ExpressionAttributeValues: {
            ':count': count,
            ':has': hasReceipt,
            ':version': facts.version,
            ':read': facts.receiptCount,
          },
        },
      },
      onConditionFailure: () => new ReceiptFactsChanged(),
    },
    ...cellOps(orgId, new RollupDeltas().change(facts, { ...facts, hasReceipt }), new MatchRows()),
  ];
}

/**
 * One more receipt on a transaction that already has one: hasReceipt and so its rollup cell stay as they are, and
 * the count is ADDed, not set from a read, so receipts confirmed at once never refuse each other (twenty on one
 * transaction all land). Conditioned on the transaction still having a receipt, else the caller re-reads.
 */
function receiptAddedOp(orgId: string, transactionId: string): TransactOp {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(orgId, transactionId),
        UpdateExpression: 'ADD receiptCount :one',
        ConditionExpression: 'attribute_exists(PK) AND hasReceipt = :true AND receiptCount > :zero',
        ExpressionAttributeValues: { ':one': 1, ':true': true, ':zero': 0 },
      },
    },
    onConditionFailure: () => new ReceiptFactsChanged(),
  };
}

/** Forgets an upload whose bytes failed the checks (or whose transaction is gone), under the confirm's claim. */
export async function discardPendingReceipt(orgId: string, receiptId: string, holder: string): Promise<void> {
  await discardClaimedUpload(keys.receipt(orgId, receiptId), holder);
}

/** Confirmed receipts of a transaction, oldest first; 404 when the transaction is not the organization's. */
export async function listReceiptsOfTransaction(orgId: string, transactionId: string): Promise<ReceiptRecord[]> {
  // The transaction (another organization's is a 404) is read beside its receipts.
  const [{ Item }, receipts] = await Promise.all([
    db.send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.transaction(orgId, transactionId),
        ProjectionExpression: 'PK',
      }),
    ),
    receiptsOfTransaction(orgId, transactionId),
  ]);
  if (!Item) throw transactionNotFound();
  return receipts;
}

/** Every confirmed receipt listed under a transaction (GSI1). */
export async function receiptsOfTransaction(orgId: string, transactionId: string): Promise<ReceiptRecord[]> {
  return queryListing(keys.receiptsOfTransaction(orgId, transactionId).GSI1PK);
}

/** The caller's confirmed receipts that no transaction has yet (uploaded from "Add Transaction"). */
export async function listUnattachedReceipts(orgId: string, userId: string): Promise<ReceiptRecord[]> {
  return queryListing(keys.unattachedReceiptsOf(orgId, userId).GSI1PK);
}

async function queryListing(partition: string): Promise<ReceiptRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': partition },
  });
  return items.map(toRecord);
}

/**
 * Attaches one of the caller's unattached receipts to a transaction being created (an op of that
 * transaction's TransactWriteItems). The object key keeps its "unattached" segment: keys are storage
 * addresses, the item says what the receipt belongs to.
 */
export function attachReceiptOp(orgId: string, userId: string, receiptId: string, transactionId: string): TransactOp {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.receipt(orgId, receiptId),
        UpdateExpression: 'SET transactionId = :txn, GSI1PK = :pk',
        ConditionExpression:
          'attribute_exists(PK) AND #status = :ready AND attribute_type(transactionId, :null) AND userId = :me',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':txn': transactionId,
          ':pk': keys.receiptsOfTransaction(orgId, transactionId).GSI1PK,
          ':ready': 'READY',
          ':null': 'NULL',
          ':me': userId,
        },
      },
    },
    onConditionFailure: () =>
      new InvalidReference(
        'receiptIds',
        'Attach only receipts you uploaded that are not attached to a transaction yet',
      ),
  };
}

/** The Delete of a receipt item, as part of deleting its transaction. */
export function deleteReceiptOp(orgId: string, receiptId: string): TransactOp {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: keys.receipt(orgId, receiptId),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    onConditionFailure: () => new StaleRead(),
  };
}

/**
 * Deletes a receipt and keeps its transaction's receiptCount/hasReceipt in step, in one
 * TransactWriteItems conditioned on the count that was read (re-read and retried if another
 * receipt of the same transaction changed meanwhile). Returns what was deleted, so the caller
 * can remove the stored object.
 */
export async function deleteReceiptRecord(orgId: string, receiptId: string): Promise<ReceiptRecord> {
  for (let attempt = 1; ; attempt++) {
    const receipt = await getReceipt(orgId, receiptId);
    const attached = receipt.status === 'READY' ? receipt.transactionId : null;
    try {
      await withReceiptFacts(orgId, attached, (facts) => [
        deleteReceiptOp(orgId, receiptId),
        ...(facts ? receiptCountOps(orgId, facts, Math.max(0, facts.receiptCount - 1)) : []),
      ]);
      return receipt;
    } catch (error) {
      if (error instanceof NotFound && attached) {
        // Its transaction is gone: the receipt goes alone.
        await writeOps(orgId, [deleteReceiptOp(orgId, receiptId)]);
        return receipt;
      }
      if (!(error instanceof StaleRead)) throw error;
      if (attempt >= STALE_READ_ATTEMPTS) {
        throw new Conflict('CONFLICT', 'This receipt was changed by someone else at the same time. Try again.');
      }
      await backoff(attempt);
    }
  }
}

export function receiptToApi(r: ReceiptRecord): Receipt {
  return {
    id: r.id,
    reference: r.id,
    userId: r.userId,
    fileName: r.fileName,
    fileUrl: r.key,
    contentType: r.contentType,
    size: r.size,
    uploadedAt: r.uploadedAt ?? r.createdAt,
    transactionId: r.transactionId,
  };
}

function toRecord(item: Record<string, unknown>): ReceiptRecord {
  return {
    id: item.id as string,
    organizationId: item.organizationId as string,
    userId: item.userId as string,
    fileName: item.fileName as string,
    contentType: item.contentType as ReceiptContentType,
    size: item.size as number,
    key: item.key as string,
    pendingKey: (item.pendingKey as string | undefined) ?? null,
    status: item.status as ReceiptRecord['status'],
    confirmUntil: confirmUntilOf(item),
    transactionId: (item.transactionId as string | null) ?? null,
    createdAt: item.createdAt as string,
    uploadedAt: (item.uploadedAt as string | null) ?? null,
    version: (item.version as number) ?? 1,
  };
}
