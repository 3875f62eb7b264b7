import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountLine, BalanceSource, Cents, Period, ReconciliationStatus, StatementLine } from '@rent/shared';
import { Conflict, Invalid } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll, queryPage } from '../query.js';
import { transact } from '../transact.js';

/**
 * Statement reconciliations (docs/reconciliation.md "Keys"): one item per bank account and month,
 * ORG#o / RECON#<account>#<yyyy-mm>, holding the statement's balances, its lines (compact tuples, in the one item)
 * and a person's ticks. A finish or undo is logged as ORG#o / RECONLOG#<account>#<at>#<id>, and moves the account's
 * `reconciledThrough` on its BANKACCT# item, all in one TransactWriteItems. The ledger lines of the account are
 * read through the ledger's date index (GSI1), filtered to the account.
 */

export interface ReconciliationRecord {
  organizationId: string;
  accountId: string;
  month: string;
  periodStart: string;
  periodEnd: string;
  startBalance: Cents;
  endBalance: Cents;
  balanceSource: BalanceSource;
  statementLines: StatementLine[];
  ticked: string[];
  unticked: string[];
  status: ReconciliationStatus;
  finishedAt: string | null;
  finishedBy: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The id a reconciled transaction carries: account and month. */
export const reconciliationIdOf = (accountId: string, month: string) => `${accountId}_${month}`;

/** An item is at most 400 KB; the statement's lines keep well under it. */
const ITEM_BYTES_MAX = 350_000;

type Tuple = [string, number, string, string | null];
const toTuple = (line: StatementLine): Tuple => [line.date, line.amount, line.name, line.externalId];
const fromTuple = ([date, amount, name, externalId]: Tuple, i: number): StatementLine => ({
  id: `s${i + 1}`,
  date,
  amount,
  name,
  externalId,
});

function toRecord(item: Record<string, unknown>): ReconciliationRecord {
  return {
    organizationId: item.organizationId as string,
    accountId: item.accountId as string,
    month: item.month as string,
    periodStart: item.periodStart as string,
    periodEnd: item.periodEnd as string,
    startBalance: item.startBalance as number,
    endBalance: item.endBalance as number,
    balanceSource: item.balanceSource as BalanceSource,
    statementLines: ((item.statementLines as Tuple[] | undefined) ?? []).map(fromTuple),
    ticked: (item.ticked as string[] | undefined) ?? [],
    unticked: (item.unticked as string[] | undefined) ?? [],
    status: item.status as ReconciliationStatus,
    finishedAt: (item.finishedAt as string | null | undefined) ?? null,
    finishedBy: (item.finishedBy as string | null | undefined) ?? null,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}

export async function getReconciliationRecord(
  orgId: string,
  accountId: string,
  month: string,
): Promise<ReconciliationRecord | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.reconciliation(orgId, accountId, month), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : null;
}

/** The account's reconciliations, oldest month first, without their statement lines. */
export async function listReconciliationRecords(orgId: string, accountId: string): Promise<ReconciliationRecord[]> {
  const prefix = keys.reconciliationsPrefix(orgId, accountId);
  const items = await queryAll(
    prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, {
      ConsistentRead: true,
      ProjectionExpression:
        'organizationId, accountId, #month, periodStart, periodEnd, startBalance, endBalance, balanceSource, #status, finishedAt, finishedBy, createdAt, updatedAt, version',
      ExpressionAttributeNames: { '#month': 'month', '#status': 'status' },
    }),
  );
  return items.map(toRecord);
}

const changedMeanwhile = () =>
  new Conflict(
    'CONFLICT',
    'This reconciliation was changed by someone else at the same time. Reload it and try again.',
  );

/** Writes the record if it is still at `expected` (null: it must be new); 409 otherwise. */
export async function saveReconciliationRecord(record: ReconciliationRecord, expected: number | null): Promise<void> {
  const item = {
    ...keys.reconciliation(record.organizationId, record.accountId, record.month),
    type: 'Reconciliation',
    ...record,
    statementLines: record.statementLines.map(toTuple),
  };
  // Bytes, not characters: a name in Chinese is three bytes a character in UTF-8.
  if (Buffer.byteLength(JSON.stringify(item)) > ITEM_BYTES_MAX) {
    throw new Invalid('The statement has too many lines to keep: reconcile one month of one account at a time.');
  }
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: expected === null ? 'attribute_not_exists(PK)' : 'version = :expected',
        ...(expected !== null && { ExpressionAttributeValues: { ':expected': expected } }),
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw changedMeanwhile();
    throw error;
  }
}

export interface ReconciliationLogEntryRecord {
  id: string;
  action: 'finished' | 'undone';
  month: string;
  byUserId: string;
  byName: string;
  at: string;
}

/** The account's finishes and undos, newest first (the latest 50). */
export async function listReconciliationLog(orgId: string, accountId: string): Promise<ReconciliationLogEntryRecord[]> {
  const prefix = keys.reconciliationLogPrefix(orgId, accountId);
  const { items } = await queryPage(
    prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ScanIndexForward: false, Limit: 50, ConsistentRead: true }),
  );
  return items.map((item) => ({
    id: String(item.id),
    action: item.action as 'finished' | 'undone',
    month: String(item.month),
    byUserId: String(item.byUserId),
    byName: String(item.byName ?? ''),
    at: String(item.at),
  }));
}

/**
 * Finishes (status finished) or undoes (status open) a reconciliation, if it is still at `record.version`, sets the
 * account's reconciled-through date, and logs who did it: one TransactWriteItems.
 */
export async function setReconciliationStatus(
  record: ReconciliationRecord,
  next: { status: ReconciliationStatus; reconciledThrough: string | null; byUserId: string; byName: string },
): Promise<ReconciliationRecord> {
  const at = new Date().toISOString();
  const id = randomUUID();
  const finished = next.status === 'finished';
  const updated: ReconciliationRecord = {
    ...record,
    status: next.status,
    finishedAt: finished ? at : null,
    finishedBy: finished ? next.byUserId : null,
    updatedAt: at,
    version: record.version + 1,
  };
  const orgId = record.organizationId;
  await transact([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.reconciliation(orgId, record.accountId, record.month),
          ConditionExpression: 'version = :expected AND #status = :was',
          UpdateExpression:
            'SET #status = :status, finishedAt = :finishedAt, finishedBy = :finishedBy, updatedAt = :at, version = :version',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':expected': record.version,
            ':was': record.status,
            ':status': updated.status,
            ':finishedAt': updated.finishedAt,
            ':finishedBy': updated.finishedBy,
            ':at': at,
            ':version': updated.version,
          },
        },
      },
      onConditionFailure: changedMeanwhile,
    },
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.bankAccount(orgId, record.accountId),
          ConditionExpression: 'attribute_exists(PK)',
          // The account's version moves too: a change of the account written from a read made before this one
          // (its default property, a whole-item Put) then fails its version check and reads again, instead of
          // putting the reconciled-through date back as it was.
          ...(next.reconciledThrough === null
            ? {
                UpdateExpression: 'REMOVE reconciledThrough ADD version :one',
                ExpressionAttributeValues: { ':one': 1 },
              }
            : {
                UpdateExpression: 'SET reconciledThrough = :through ADD version :one',
                ExpressionAttributeValues: { ':through': next.reconciledThrough, ':one': 1 },
              }),
        },
      },
      onConditionFailure: changedMeanwhile,
    },
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.reconciliationLog(orgId, record.accountId, at, id),
            type: 'ReconciliationLog',
            id,
            organizationId: orgId,
            accountId: record.accountId,
            action: finished ? 'finished' : 'undone',
            month: record.month,
            byUserId: next.byUserId,
            byName: next.byName.slice(0, 200),
            at,
          },
        },
      },
    },
  ]);
  return updated;
}

/** The account's reconciled-through date (YYYY-MM-DD), or null. */
export async function reconciledThroughOf(orgId: string, accountId: string): Promise<string | null> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.bankAccount(orgId, accountId),
      ConsistentRead: true,
      ProjectionExpression: 'reconciledThrough',
    }),
  );
  return (Item?.reconciledThrough as string | undefined) ?? null;
}

/** The ids of the transactions dated in `window` that the reconciliation holds (for its undo). */
export async function reconciledIdsOf(orgId: string, reconciliationId: string, window: Period): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    FilterExpression: 'reconciliationId = :id',
    ProjectionExpression: 'id',
    ExpressionAttributeValues: {
      ':pk': keys.transactionsByDate(orgId).GSI1PK,
      ':from': `${window.start}#`,
      ':to': `${window.end}#~`,
      ':id': reconciliationId,
    },
  });
  return items.map((item) => item.id as string);
}

const BOOK_FIELDS = ['type', 'id', 'date', 'amount', 'name', 'externalId', 'pending', 'isIgnored', 'reconciliationId'];

/**
 * The account's posted, not-ignored ledger lines dated in `window` (inclusive): ONE Query of the ledger's date index
 * (GSI1 ORG#o#TXN, BETWEEN the dates), filtered to the account. A split is one line of its full amount. More than
 * `limit` lines answer 400: the period is too busy to compare in one go.
 */
export async function bookLinesOf(
  orgId: string,
  accountId: string,
  window: Period,
  limit: number,
): Promise<AccountLine[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    FilterExpression: '#bankAccountId = :account',
    ProjectionExpression: BOOK_FIELDS.map((_, i) => `#p${i}`).join(', '),
    ExpressionAttributeNames: {
      ...Object.fromEntries(BOOK_FIELDS.map((field, i) => [`#p${i}`, field])),
      '#bankAccountId': 'bankAccountId',
    },
    ExpressionAttributeValues: {
      ':pk': keys.transactionsByDate(orgId).GSI1PK,
      ':from': `${window.start}#`,
      ':to': `${window.end}#~`,
      ':account': accountId,
    },
  });
  const lines = items
    .filter((item) => item.type === 'Transaction' && item.pending !== true && item.isIgnored !== true)
    .map((item) => ({
      id: item.id as string,
      date: item.date as string,
      amount: item.amount as number,
      name: item.name as string,
      externalId: (item.externalId as string | null | undefined) ?? null,
      reconciliationId: (item.reconciliationId as string | null | undefined) ?? null,
    }));
  if (lines.length > limit) {
    throw new Invalid(`This month has more than ${limit} lines on this account: too many to reconcile in one go.`);
  }
  return lines;
}
