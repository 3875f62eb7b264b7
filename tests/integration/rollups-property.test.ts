import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { allocate, type Category, type TransactionInput } from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { partition, TABLE_NAME, db as testDb } from '../support/db.js';
import { propertyInput } from '../support/properties.js';
import { expectLedgerConsistent, recomputedRollups, storedRollups } from './ledger-helpers.js';

/**
 * Property: whatever sequence of creates, edits, ignores, deletes, bulk changes, splits and unsplits happens (some
 * of them racing each other), the stored monthly rollups equal a recomputation from the transactions and the naive
 * sums of their raw lines (each part of a split), the parts of every split add up to it, and every property's
 * transactionCount equals the transactions pointing at it. Runs the real repositories against DynamoDB Local.
 */
process.env.TABLE_NAME = TABLE_NAME;
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.LOG_LEVEL = 'silent';
const repo = {
  ...(await import('../../functions/src/services/ledger/transactions.js')),
  ...(await import('../../functions/src/data/ledger/read.js')),
};
const splits = await import('../../functions/src/services/ledger/splits.js');
const { createProperty } = await import('../../functions/src/data/tenancy/properties.js');
const { rebuildRollups } = await import('../../functions/src/data/ledger/rollups.js');

const CATEGORIES: (Category | null)[] = [
  null,
  'rental_income',
  'repairs',
  'mortgage',
  'transfer',
  'owner_distributions',
];

const fields = fc.record({
  // Four months, so edits move transactions between rollup cells often.
  date: fc.integer({ min: 0, max: 119 }).map((d) => new Date(Date.UTC(2025, 10, 1 + d)).toISOString().slice(0, 10)),
  amount: fc.integer({ min: -500_000, max: 500_000 }),
  category: fc.constantFrom(...CATEGORIES),
  property: fc.constantFrom(0, 1, null),
  isIgnored: fc.boolean(),
});

/** Operations on whole lines (the rebuild test's fixed sample is drawn from these). */
const lineOperations = [
  fields.map((f) => ({ kind: 'create' as const, ...f })),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), f: fields }),
  fc.record({ kind: fc.constant('ignore' as const), pick: fc.nat(), value: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('bulk' as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
    property: fc.option(fc.constantFrom(0, 1, null), { nil: undefined }),
    isIgnored: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('race' as const), pick: fc.nat(), f: fields, value: fc.boolean() }),
] as const;
const operation = fc.oneof(
  ...lineOperations,
  fc.record({
    kind: fc.constant('split' as const),
    pick: fc.nat(),
    parts: fc.array(
      fc.record({
        weight: fc.integer({ min: 0, max: 5 }),
        category: fc.constantFrom(...CATEGORIES),
        property: fc.constantFrom(0, 1, null),
      }),
      { minLength: 2, maxLength: 5 },
    ),
  }),
  fc.record({
    kind: fc.constant('unsplit' as const),
    pick: fc.nat(),
    category: fc.constantFrom(...CATEGORIES),
    property: fc.constantFrom(0, 1, null),
  }),
);

type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

async function run(ops: Operation[]) {
  const orgId = `prop-${randomUUID()}`;
  const caller = { orgId, userId: 'property-test' };
  const properties = [
    (await createProperty(orgId, propertyInput('1 Property Lane'))).id,
    (await createProperty(orgId, propertyInput('2 Property Lane'))).id,
  ];
  const propertyOf = (index: 0 | 1 | null) => (index === null ? null : properties[index]!);
  const input = (f: Fields): TransactionInput => ({
    name: 'Generated',
    date: f.date,
    amount: f.amount,
    category: f.category,
    propertyId: propertyOf(f.property),
    notes: null,
    isIgnored: f.isIgnored,
  });
  const live: string[] = [];
  const pick = (n: number) => live[n % live.length]!;

  for (const op of ops) {
    if (op.kind === 'create') {
      live.push((await repo.createTransaction(caller, input(op))).id);
      continue;
    }
    if (live.length === 0) continue;
    const id = pick(op.kind === 'bulk' ? 0 : op.pick);
    if (op.kind === 'update') {
      const current = await repo.getTransaction(orgId, id);
      // A split line keeps its amount (a new one is refused): the parts must still add up.
      const amount = current.parts ? current.amount : op.f.amount;
      await repo.updateTransaction(caller, id, { ...input(op.f), amount, version: current.version });
    } else if (op.kind === 'split') {
      const current = await repo.getTransaction(orgId, id);
      // Weights of 0 give parts of $0; all 0 puts everything on the first part.
      const weights = op.parts.map((p, i) => (op.parts.every((q) => q.weight === 0) && i === 0 ? 1 : p.weight));
      const amounts = allocate(current.amount, weights);
      const parts = op.parts.map((p, i) => ({
        amount: amounts[i]!,
        category: p.category,
        propertyId: propertyOf(p.property),
        leaseId: null,
        memo: null,
      }));
      await splits.splitTransaction(caller, id, { parts, version: current.version });
    } else if (op.kind === 'unsplit') {
      const current = await repo.getTransaction(orgId, id);
      await splits.unsplitTransaction(caller, id, {
        category: op.category,
        propertyId: propertyOf(op.property),
        version: current.version,
      });
    } else if (op.kind === 'ignore') {
      await repo.setTransactionIgnored(caller, id, op.value);
    } else if (op.kind === 'delete') {
      await repo.deleteTransaction(caller, id);
      live.splice(live.indexOf(id), 1);
    } else if (op.kind === 'bulk') {
      const ids = [...new Set(op.picks.map(pick))];
      const set = {
        ...(op.category !== undefined && { category: op.category }),
        ...(op.property !== undefined && { propertyId: propertyOf(op.property) }),
        ...(op.isIgnored !== undefined && { isIgnored: op.isIgnored }),
      };
      if (Object.keys(set).length > 0) await repo.bulkUpdateTransactions(caller, ids, set);
    } else {
      // Two writers at once on one transaction: an edit with the version read and an ignore toggle.
      const current = await repo.getTransaction(orgId, id);
      await Promise.allSettled([
        repo.updateTransaction(caller, id, { ...input(op.f), version: current.version }),
        repo.setTransactionIgnored(caller, id, op.value),
      ]);
    }
  }
  return orgId;
}

describe('monthly rollups', () => {
  it('equal a recomputation from the transactions after any sequence of operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (ops) => {
        const orgId = await run(ops);
        await expectLedgerConsistent(orgId);
      }),
      { numRuns: 100 },
    );
  }, 180_000);

  it('are repaired by the rebuild, which also recounts property references', async () => {
    const orgId = await run(
      (
        fc.sample(fc.array(fc.oneof(...lineOperations), { minLength: 12, maxLength: 12 }), {
          numRuns: 1,
          seed: 42,
        })[0]! as Operation[]
      ).concat(
        Array.from({ length: 6 }, (_, i) => ({
          kind: 'create' as const,
          date: `2026-0${1 + (i % 3)}-1${i}`,
          amount: 1000 * (i + 1),
          category: 'repairs' as const,
          property: (i % 2) as 0 | 1,
          isIgnored: false,
        })),
      ),
    );
    const items = await partition(`ORG#${orgId}`);
    const cell = items.find((i) => i.type === 'Rollup')!;
    const property = items.find((i) => i.type === 'Property')!;
    const stray = { PK: cell.PK, SK: 'ROLLUP#1999-01#NOPROP', type: 'Rollup', month: '1999-01', 'c#repairs#out': -5 };
    await testDb().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: cell.PK, SK: cell.SK },
        UpdateExpression: 'SET #bad = :bad',
        ExpressionAttributeNames: { '#bad': 'c#rental_income#in' },
        ExpressionAttributeValues: { ':bad': 123_456 },
      }),
    );
    await testDb().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: property.PK, SK: property.SK },
        UpdateExpression: 'SET transactionCount = :wrong',
        ExpressionAttributeValues: { ':wrong': 99 },
      }),
    );
    const { PK, SK, ...rest } = stray;
    await testDb().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK, SK },
        UpdateExpression: 'SET #t = :t, #m = :m, #c = :c',
        ExpressionAttributeNames: { '#t': 'type', '#m': 'month', '#c': 'c#repairs#out' },
        ExpressionAttributeValues: { ':t': rest.type, ':m': rest.month, ':c': rest['c#repairs#out'] },
      }),
    );
    expect(await storedRollups(orgId)).not.toEqual(await recomputedRollups(orgId));

    const report = await rebuildRollups(orgId);
    expect(report).toMatchObject({ organizationId: orgId, cellsRemoved: 1, propertiesRecounted: 2 });
    await expectLedgerConsistent(orgId);
    const again = await rebuildRollups(orgId);
    expect(again.cellsRemoved).toBe(0);
    await expectLedgerConsistent(orgId);
  });
});
