import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../batchWrite.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys, orgPk } from '../keys.js';
import { prefixQuery, queryAll, queryAllAttributes } from '../query.js';
import { propertiesReferenced, type TransactionRecord, toTransactionRecord } from './items.js';
import { encodeSnapshot, entriesOf } from './matchRows.js';
import {
  capitalCellsOfLedger,
  computeRollups,
  parseRollupAttributes,
  type RollupCell,
  rollupFacts,
  rollupItems,
} from './rollupDeltas.js';

/**
 * Reads the monthly rollup cells of months from..to (yyyy-mm, inclusive; null = open-ended), every
 * property. Cost: O(months x properties) small items, a handful of requests for years of data.
 * Returns the cells and how many requests it took (the totals route budgets its reads).
 */
export async function readRollupCells(
  orgId: string,
  months: { from: string | null; to: string | null },
): Promise<{ cells: RollupCell[]; reads: number }> {
  const range = keys.rollupMonths(orgId, months.from ?? '', months.to ?? '');
  const prefix = keys.rollupsPrefix(orgId).SKPrefix;
  const { items, reads } = await queryRange(
    range.PK,
    months.from ? range.SKFrom : prefix,
    months.to ? range.SKTo : `${prefix}~`,
  );
  return { cells: items.map(parseRollupAttributes), reads };
}

/** The cells of months from..to (yyyy-mm, inclusive) among `cells`: a narrower range out of a wider read. */
export function cellsWithin(cells: readonly RollupCell[], months: { from: string; to: string }): RollupCell[] {
  return cells.filter((cell) => cell.month >= months.from && cell.month <= months.to);
}

/** The capital cells (data/ledger/rollupDeltas.ts `capitalPart`) of every month up to `toMonth` inclusive, every property. */
export async function readCapitalCells(orgId: string, toMonth: string): Promise<RollupCell[]> {
  const range = keys.capitalLedgerThrough(orgId, toMonth.slice(0, 4));
  const { items } = await queryRange(range.PK, range.SKFrom, range.SKTo);
  return items.flatMap((item) => capitalCellsOfLedger(item, toMonth));
}

/** The items of one partition whose sort keys are between `from` and `to`, as attribute values. */
function queryRange(pk: string, from: string, to: string) {
  return queryAllAttributes({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': { S: pk }, ':from': { S: from }, ':to': { S: to } },
  });
}

/** Every transaction of an organization, from the base table with consistent reads. */
export async function readAllTransactions(orgId: string): Promise<TransactionRecord[]> {
  const items = await queryAll(
    prefixQuery(tableName(), orgPk(orgId), 'TXN#', {
      FilterExpression: '#type = :transaction',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':transaction': 'Transaction' },
      ConsistentRead: true,
    }),
  );
  return items.map(toTransactionRecord);
}

async function readAllKeys(prefix: { PK: string; SKPrefix: string }): Promise<Record<string, string>[]> {
  const items = await queryAll(
    prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ProjectionExpression: 'PK, SK', ConsistentRead: true }),
  );
  return items as Record<string, string>[];
}

export interface RebuildReport {
  organizationId: string;
  transactions: number;
  cellsWritten: number;
  cellsRemoved: number;
  propertiesRecounted: number;
  matchCellsWritten: number;
}

/**
 * Recomputes an organization's rollup cells, property transaction counts and match index from its
 * transactions and replaces what is stored. A repair tool: writes that land while it runs may be
 * overwritten by the recomputation, so run it when the organization is quiet (offline, or a
 * maintenance window). Rewriting a rollup cell drops the match rows pending on it, so the match index
 * snapshots are rewritten from the same read, whole.
 */
export async function rebuildRollups(orgId: string): Promise<RebuildReport> {
  const transactions = await readAllTransactions(orgId);
  const cells = rollupItems(orgId, computeRollups(transactions.map(rollupFacts)));
  const wanted = new Set(cells.map((cell) => cell.SK));
  const stored = [
    ...(await readAllKeys(keys.rollupsPrefix(orgId))),
    ...(await readAllKeys(keys.capitalLedgerPrefix(orgId))),
  ];
  const stale = stored.filter((key) => !wanted.has(key.SK ?? ''));
  const matchCells = [...entriesOf(transactions).values()];
  const wantedMatch = new Set(matchCells.map((cell) => keys.matchCell(orgId, cell.month, cell.propertyId).SK));
  const staleMatch = (await readAllKeys({ PK: orgPk(orgId), SKPrefix: 'MATCH#' })).filter(
    (key) => !wantedMatch.has(key.SK ?? ''),
  );
  const sv = Date.now();
  await batchWrite({ client: db, table: tableName() }, [
    ...cells.map((Item) => ({ PutRequest: { Item } })),
    ...stale.map((Key) => ({ DeleteRequest: { Key } })),
    ...matchCells.map((cell) => ({
      PutRequest: {
        Item: {
          ...keys.matchCell(orgId, cell.month, cell.propertyId),
          type: 'MatchCell',
          organizationId: orgId,
          month: cell.month,
          propertyId: cell.propertyId,
          snap: encodeSnapshot(cell.entries),
          sv,
        },
      },
    })),
    ...staleMatch.map((Key) => ({ DeleteRequest: { Key } })),
    {
      PutRequest: {
        Item: {
          ...keys.matchIndexState(orgId),
          type: 'MatchIndexState',
          organizationId: orgId,
          complete: true,
          builtAt: new Date().toISOString(),
        },
      },
    },
  ]);

  const counts = new Map<string, number>();
  for (const t of transactions)
    for (const propertyId of propertiesReferenced(t)) counts.set(propertyId, (counts.get(propertyId) ?? 0) + 1);
  const properties = await propertyIds(orgId);
  for (const propertyId of properties) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.property(orgId, propertyId),
          UpdateExpression: 'SET transactionCount = :count',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':count': counts.get(propertyId) ?? 0 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // deleted meanwhile: nothing to count
    }
  }
  return {
    organizationId: orgId,
    transactions: transactions.length,
    cellsWritten: cells.length,
    cellsRemoved: stale.length,
    propertiesRecounted: properties.length,
    matchCellsWritten: matchCells.length,
  };
}

async function propertyIds(orgId: string): Promise<string[]> {
  const prefix = keys.propertiesPrefix(orgId);
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ProjectionExpression: 'id' }));
  return items.map((item) => item.id as string);
}
