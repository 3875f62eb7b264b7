import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { newTransaction, type TransactionRecord } from '../../functions/src/data/ledger/items.js';

/** The bulk write path (rule apply and undo, imports) against a mocked DynamoDB: shapes, lanes, races. */
process.env.TABLE_NAME = 'test';
process.env.LOG_LEVEL = 'silent';
const repo = {
  ...(await import('../../functions/src/data/ledger/plan.js')),
  ...(await import('../../functions/src/services/ledger/transactions.js')),
};
const SYSTEM = { actorId: null, via: 'system' as const, ref: null, override: false };
const { Conflict } = await import('../../functions/src/domain-errors.js');
const { errorResponse } = await import('../../functions/src/runtime/errors.js');
const { encodeRow } = await import('../../functions/src/data/ledger/matchRows.js');

// The repositories' client (data/client.ts): its reads do not go through the SDK document client's send.
const { DocumentClient } = await import('../../functions/src/data/client.js');
const ddb = mockClient(DocumentClient);
const ORG = 'org-1';

const record = (n: number, over: Partial<TransactionRecord> = {}): TransactionRecord =>
  newTransaction({
    id: `t${n}`,
    organizationId: ORG,
    amount: -1000 - n,
    date: `2026-0${1 + (n % 3)}-10`,
    name: `Supplies ${n}`,
    source: 'user_created',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });

const categorize = (t: TransactionRecord): [TransactionRecord, TransactionRecord] => [
  t,
  { ...t, category: 'repairs', categorizationSource: 'rule', version: t.version + 1 },
];

type Items = NonNullable<TransactWriteCommandInput['TransactItems']>;
const written = () => ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems as Items);
const sk = (item: Items[number]) =>
  (item.Update?.Key?.SK ?? item.Put?.Item?.SK ?? item.Delete?.Key?.SK ?? item.ConditionCheck?.Key?.SK) as string;
const cancelled = (reasons: { Code: string }[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: reasons });

beforeEach(() => {
  ddb.reset();
  ddb.on(BatchGetCommand).resolves({ Responses: { test: [] } });
  // The organization, with no closed period (the ledger writes' closed-period check reads it).
  ddb.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: 'ORG' } }).resolves({ Item: { PK: `ORG#${ORG}`, SK: 'ORG' } });
});
afterAll(() => ddb.restore());

describe('writeLedger', () => {
  it('writes each change once, in chunks of at most 100 items with their cells, snapshots and record', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const changes = Array.from({ length: 250 }, (_, n) => categorize(record(n)));
    const records: string[][] = [];
    const result = await repo.writeLedger(ORG, changes, {
      actor: SYSTEM,
      snapshots: true,
      concurrency: 2,
      chunkRecord: (chunk) => {
        records.push(chunk.map(([, next]) => next!.id));
        return {
          item: { Put: { TableName: 'test', Item: { PK: `ORG#${ORG}`, SK: `RULEBATCHREC#b#A#${records.length}` } } },
        };
      },
    });
    expect(result.pending).toEqual([]);
    expect(result.written).toHaveLength(250);
    const chunks = written();
    const updated = chunks.flatMap((items) => items.map(sk).filter((key) => key.startsWith('TXN#')));
    expect(updated.sort()).toEqual(changes.map(([t]) => `TXN#${t.id}`).sort());
    for (const items of chunks) {
      expect(items.length).toBeLessThanOrEqual(100);
      const rollups = items.filter((item) => sk(item).startsWith('ROLLUP#'));
      const snapshots = items.filter((item) => sk(item).startsWith('MATCH#'));
      // Snapshot writers leave no pending rows on the rollup cells: one snapshot Put per cell instead.
      expect(rollups.map((item) => item.Update!.UpdateExpression)).not.toContainEqual(expect.stringMatching(/m#/));
      expect(snapshots.map((item) => sk(item).slice('MATCH#'.length)).sort()).toEqual(
        rollups.map((item) => sk(item).slice('ROLLUP#'.length)).sort(),
      );
      expect(items.filter((item) => sk(item).startsWith('RULEBATCHREC#'))).toHaveLength(1);
      // Only the changed fields: index keys are left alone when date, createdAt and property stay.
      const update = items.find((item) => sk(item).startsWith('TXN#'))!.Update!;
      expect(Object.values(update.ExpressionAttributeNames!)).not.toContain('GSI1SK');
    }
    expect(records.flat().sort()).toEqual(changes.map(([t]) => t.id).sort());
    // Each cell's snapshot version follows on from the one the previous chunk wrote.
    const versions = new Map<string, number>();
    for (const items of chunks) {
      for (const item of items.filter((i) => sk(i).startsWith('MATCH#'))) {
        const put = item.Put!;
        const previous = versions.get(sk(item));
        if (previous === undefined) expect(put.ConditionExpression).toBe('attribute_not_exists(PK)');
        else expect(put.ExpressionAttributeValues![':sv']).toBe(previous);
        versions.set(sk(item), put.Item!.sv as number);
      }
    }
  });

  it('never has two chunks touching the same rollup cell in flight at once', async () => {
    const inFlight = new Set<string>();
    let overlaps = 0;
    let peak = 0;
    ddb.on(TransactWriteCommand).callsFake(async (input: TransactWriteCommandInput) => {
      const cells = (input.TransactItems as Items).map(sk).filter((key) => key.startsWith('ROLLUP#'));
      for (const cell of cells) if (inFlight.has(cell)) overlaps++;
      for (const cell of cells) inFlight.add(cell);
      peak = Math.max(peak, inFlight.size);
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (const cell of cells) inFlight.delete(cell);
      return {};
    });
    // Six months, so three lanes each get cells of their own.
    const changes = Array.from({ length: 600 }, (_, n) =>
      categorize(record(n, { date: `2026-0${1 + (n % 6)}-${String(1 + (n % 27)).padStart(2, '0')}` })),
    );
    await repo.writeLedger(ORG, changes, { actor: SYSTEM, concurrency: 3 });
    expect(overlaps).toBe(0);
    expect(peak).toBeGreaterThan(1);
  });

  it('stops starting chunks at the deadline and returns what is left', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const changes = Array.from({ length: 50 }, (_, n) => categorize(record(n)));
    const result = await repo.writeLedger(ORG, changes, { actor: SYSTEM, deadline: Date.now() - 1 });
    expect(result.written).toEqual([]);
    expect(result.pending).toHaveLength(50);
    expect(written()).toEqual([]);
  });

  it('re-reads and re-plans a chunk that lost a race, leaving out what no longer needs a change', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled([{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }]))
      .resolves({});
    const changes = Array.from({ length: 3 }, (_, n) => categorize(record(n, { date: '2026-01-10' })));
    const asked: string[][] = [];
    const result = await repo.writeLedger(ORG, changes, {
      actor: SYSTEM,
      replan: async (ids) => {
        asked.push(ids);
        // t0 was changed by someone meanwhile and no longer needs this change.
        return changes.filter(([t]) => t.id !== 't0').map(([t]) => categorize({ ...t, version: 2 }));
      },
    });
    expect(asked).toEqual([['t0', 't1', 't2']]);
    expect(result.written.map(([, next]) => [next!.id, next!.version])).toEqual([
      ['t1', 3],
      ['t2', 3],
    ]);
    const retry = written()[1]!.filter((item) => sk(item).startsWith('TXN#'));
    expect(retry.map((item) => item.Update!.ExpressionAttributeValues![':expected'])).toEqual([2, 2]);
  });

  it('answers 409 when a chunk keeps losing races and nobody can re-plan it', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled([{ Code: 'ConditionalCheckFailed' }]));
    const error = await repo.writeLedger(ORG, [categorize(record(1))], { actor: SYSTEM }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect(errorResponse(error).statusCode).toBe(409);
  });
});

describe('a rollup cell full of pending rows', () => {
  it('is folded into its snapshot, then the write goes through', async () => {
    const cell = { PK: `ORG#${ORG}`, SK: 'ROLLUP#2026-02#NOPROP', type: 'Rollup', month: '2026-02', propertyId: null };
    const pendingRow = encodeRow({ ...record(7), date: '2026-02-10' });
    ddb.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: 'ROLLUP#2026-02#NOPROP' } }).resolves({
      Item: { ...cell, mp: 500, 'm#t7': pendingRow },
    });
    ddb.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: 'MATCH#2026-02#NOPROP' } }).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb
      .on(TransactWriteCommand)
      // The first write: the cell (item 1, after the transaction) refuses more rows.
      .rejectsOnce(cancelled([{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }]))
      .resolves({});
    const t = record(1, { date: '2026-02-10' });
    ddb.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: 'TXN#t1' } }).resolves({
      Item: { PK: `ORG#${ORG}`, SK: 'TXN#t1', type: 'Transaction', ...t },
    });
    const next = await repo.setTransactionIgnored({ orgId: ORG, userId: 'u1' }, t.id, true);
    expect(next.isIgnored).toBe(true);
    const [refused, fold, again] = written();
    expect(refused!.find((item) => sk(item).startsWith('ROLLUP#'))!.Update!.ConditionExpression).toBe(
      'attribute_not_exists(#mp) OR #mp < :pendingLimit',
    );
    // The fold: the snapshot with the pending row, and the rollup cell losing exactly that row.
    expect(fold!.map(sk)).toEqual(['MATCH#2026-02#NOPROP', 'ROLLUP#2026-02#NOPROP']);
    expect(fold![1]!.Update!.UpdateExpression).toBe('SET #mp = :left REMOVE #r0');
    expect(fold![1]!.Update!.ConditionExpression).toBe('#mp = :mp AND #r0 = :r0');
    expect(fold![1]!.Update!.ExpressionAttributeValues).toMatchObject({ ':left': 0, ':mp': 500, ':r0': pendingRow });
    expect(again!.map(sk)).toEqual(refused!.map(sk));
  });
});
