import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../functions/src/data/ledger/items.js';
import { newAdmin } from '../support/api.js';
import { orgIdOf } from './ledger-helpers.js';
import { expectConsistent, importSyncedRows, repositories } from './rules-helpers.js';

/**
 * What a rule apply costs in DynamoDB requests (docs/ledger.md "Batched writes"), counted on the app's own client:
 * its chunks are filled to DynamoDB's 100 items, and a call out of time has not read what it leaves.
 */
await repositories(); // the functions' configuration, before their client is made
const { dynamo } = await import('../../functions/src/data/client.js');

interface Sent {
  transactWrites: number[];
  transactionKeysRead: number;
}
let sent: Sent = { transactWrites: [], transactionKeysRead: 0 };
dynamo.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as {
      TransactItems?: unknown[];
      RequestItems?: Record<string, { Keys?: { SK?: { S?: string } }[] }>;
    };
    if (context.commandName === 'TransactWriteItemsCommand') sent.transactWrites.push(input.TransactItems!.length);
    if (context.commandName === 'BatchGetItemCommand') {
      for (const request of Object.values(input.RequestItems ?? {}))
        sent.transactionKeysRead += (request.Keys ?? []).filter((key) => key.SK?.S?.startsWith('TXN#')).length;
    }
    return next(args);
  },
  { step: 'serialize', name: 'countWrites', override: true },
);

async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; sent: Sent }> {
  sent = { transactWrites: [], transactionKeysRead: 0 };
  const result = await fn();
  return { result, sent };
}

/** Transactions written through the import path, `perMonth` in each of the given months, no property. */
function importIn(orgId: string, months: string[], perMonth: number, over: Partial<TransactionRecord>) {
  const rows = months.flatMap((month) =>
    Array.from({ length: perMonth }, (_, i) => ({
      amount: -(1000 + i),
      date: `${month}-${String(1 + (i % 28)).padStart(2, '0')}`,
      name: `Contractor ${i}`,
    })),
  );
  return importSyncedRows(orgId, rows, over);
}

/** Applies until complete, as the web does when a call runs out of time on a loaded machine. */
async function applyAll(caller: { orgId: string; userId: string; email: string }, category: string) {
  const { ruleBatches } = await repositories();
  let categorizedCount = 0;
  const batchIds = new Set<string | null>();
  for (let call = 0; call < 20; call++) {
    const result = await ruleBatches.applyRule(caller, contractors(category));
    categorizedCount += result.categorizedCount;
    batchIds.add(result.batchId);
    if (result.complete) return { categorizedCount, batchIds: [...batchIds], remainingCount: result.remainingCount };
  }
  throw new Error('apply did not complete in 20 calls');
}

const contractors = (category: string) => ({
  rule: { namePattern: '^contractor', amountMin: null, amountMax: null, amountExact: null, category },
  allMatching: true as const,
});

describe('rule apply writes', () => {
  it('fills each chunk to 100 items, counting the capital ledger items a change of capital spending moves', async () => {
    const { api, email } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { ruleBatches } = await repositories();
    // Two cells of two years, all capital spending: each change moves its transaction, its audit entry, and once
    // per chunk its cell, the cell's match snapshot, the year's capital ledger item and the batch record.
    // 240 changes: one round of the apply (writeRound), so every chunk boundary is the packing's.
    await importIn(orgId, ['2025-12', '2026-01'], 120, { category: 'renovations' });
    const caller = { orgId, userId: 'writes', email };
    const { result, sent } = await counted(() => applyAll(caller, 'repairs'));
    expect(result).toMatchObject({ categorizedCount: 240, remainingCount: 0 });
    expect(result.batchIds).toHaveLength(1);
    expect(Math.max(...sent.transactWrites)).toBeLessThanOrEqual(100);
    // 48 changes fill a chunk of one cell (96 + cell + snapshot + capital + record = 100), 46 one of two cells:
    // 48 + 48 + (24 + 22) + 48 + 48 + 2, 6 chunks. With the capital items left uncounted, the chunk of two cells came
    // out at 101 items and was split (7).
    expect(sent.transactWrites.length).toBeLessThanOrEqual(6);
    await expectConsistent(orgId);

    const undo = await counted(() => ruleBatches.undoRuleBatch(caller, result.batchIds[0]!));
    expect(undo.result).toMatchObject({ restoredCount: 240, keptCount: 0 });
    expect(undo.sent.transactWrites.length).toBeLessThanOrEqual(6);
    await expectConsistent(orgId);
  }, 120_000);

  it('a call out of time reads one round ahead of what it writes, not every transaction it leaves', async () => {
    const { api, email } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { ruleBatches } = await repositories();
    await importIn(orgId, ['2026-01', '2026-02', '2026-03'], 900, {});
    const caller = { orgId, userId: 'writes', email };
    const late = await counted(() =>
      ruleBatches.applyRule(caller, contractors('repairs'), { started: Date.now() - ruleBatches.APPLY_BUDGET_MS - 1 }),
    );
    expect(late.result).toMatchObject({ categorizedCount: 0, remainingCount: 2_700, complete: false });
    // The first round, and the one read ahead while it would have been written.
    expect(late.sent.transactionKeysRead).toBeLessThanOrEqual(2 * ruleBatches.writeRound());
    expect(late.sent.transactWrites).toEqual([]);

    const rest = await applyAll(caller, 'repairs');
    expect(rest).toMatchObject({ categorizedCount: 2_700, remainingCount: 0, batchIds: [late.result.batchId] });
    await expectConsistent(orgId);
  }, 180_000);
});
