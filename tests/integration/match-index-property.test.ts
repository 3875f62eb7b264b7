import { randomUUID } from 'node:crypto';
import type { Category } from '@rent/shared';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { newTransaction } from '../../functions/src/data/ledger/items.js';
import { propertyInput } from '../support/properties.js';
import { expectConsistent, repositories, SYSTEM_ACTOR } from './rules-helpers.js';

/**
 * Property: whatever sequence of creates, edits (name, date, property, category, notes), ignores,
 * deletes, bulk changes, rule applies and undos, imports and index reads (which fold busy cells)
 * happens, the match index equals the ledger and the rollups equal a recomputation. Real repositories
 * against DynamoDB Local; a fixed seed, so every run checks the same sequences.
 */
const { transactions: repo, ruleBatches, matchIndex, rules } = await repositories();
const { createProperty } = await import('../../functions/src/data/tenancy/properties.js');

const CATEGORIES: (Category | null)[] = [null, 'repairs', 'supplies', 'rental_income'];
const NAMES = ['HOME DEPOT', 'Home Depot pro', 'Rossi Plumbing', 'Rent payment'];

const fields = fc.record({
  name: fc.constantFrom(...NAMES),
  date: fc.integer({ min: 0, max: 89 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10)),
  amount: fc.integer({ min: -50_000, max: 50_000 }),
  category: fc.constantFrom(...CATEGORIES),
  property: fc.constantFrom(0, null),
  notes: fc.constantFrom(null, 'a note'),
});

const operation = fc.oneof(
  fields.map((f) => ({ kind: 'create' as const, f })),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), f: fields }),
  fc.record({ kind: fc.constant('ignore' as const), pick: fc.nat(), value: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('bulk' as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    category: fc.constantFrom(...CATEGORIES),
  }),
  fc.record({
    kind: fc.constant('apply' as const),
    pattern: fc.constantFrom('home depot', 'rossi', 'rent'),
    category: fc.constantFrom('repairs', 'supplies', 'rental_income'),
    all: fc.boolean(),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
  }),
  fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('import' as const), f: fields, count: fc.integer({ min: 1, max: 4 }) }),
  fc.constant({ kind: 'read' as const }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

async function run(ops: Operation[]) {
  const orgId = `idx-${randomUUID()}`;
  const caller = { orgId, userId: 'property-test', email: 'property-test@example.com' };
  const propertyId = (await createProperty(orgId, propertyInput('1 Index Lane'))).id;
  const input = (f: Fields) => ({
    name: f.name,
    date: f.date,
    amount: f.amount,
    category: f.category,
    propertyId: f.property === null ? null : propertyId,
    notes: f.notes,
    isIgnored: false,
  });
  const live: string[] = [];
  const batches: string[] = [];
  const pick = (n: number) => live[n % live.length]!;
  rules.forgetRules();
  for (const op of ops) {
    if (op.kind === 'create') {
      live.push((await repo.createTransaction(caller, input(op.f))).id);
    } else if (op.kind === 'import') {
      const now = new Date().toISOString();
      const records = Array.from({ length: op.count }, () =>
        newTransaction({
          ...input(op.f),
          id: randomUUID(),
          organizationId: orgId,
          categorizationSource: op.f.category ? 'bank' : null,
          categorizedAt: op.f.category ? now : null,
          source: 'plaid',
          createdAt: now,
        }),
      );
      live.push(...(await repo.importTransactions(orgId, records, SYSTEM_ACTOR)).inserted.map((t) => t.id));
    } else if (op.kind === 'read') {
      const index = await matchIndex.loadIndex(orgId);
      await matchIndex.compactCrowded(orgId, index.crowded);
    } else if (op.kind === 'undo') {
      if (batches.length > 0) await ruleBatches.undoRuleBatch(caller, batches[op.pick % batches.length]!);
    } else if (live.length === 0) {
    } else if (op.kind === 'update') {
      const id = pick(op.pick);
      const current = await repo.getTransaction(orgId, id);
      await repo.updateTransaction(caller, id, { ...input(op.f), version: current.version });
    } else if (op.kind === 'ignore') {
      await repo.setTransactionIgnored(caller, pick(op.pick), op.value);
    } else if (op.kind === 'delete') {
      const id = pick(op.pick);
      await repo.deleteTransaction(caller, id).catch((error: { code?: string }) => {
        if (error.code !== 'BANK_TRANSACTION') throw error;
      });
      if (!(await repo.getTransaction(orgId, id).catch(() => null))) live.splice(live.indexOf(id), 1);
    } else if (op.kind === 'bulk') {
      await repo.bulkUpdateTransactions(caller, [...new Set(op.picks.map(pick))], { category: op.category });
    } else {
      const rule = {
        namePattern: op.pattern,
        amountMin: null,
        amountMax: null,
        amountExact: null,
        category: op.category,
      };
      const result = await ruleBatches.applyRule(
        caller,
        op.all
          ? { rule, allMatching: true }
          : { rule, transactions: [...new Set(op.picks.map(pick))].map((id) => ({ id })) },
      );
      if (result.batchId) batches.push(result.batchId);
    }
  }
  return orgId;
}

describe('the match index', () => {
  it('equals the ledger after any sequence of writes, applies, undos, imports and reads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 16 }), async (ops) => {
        const orgId = await run(ops);
        await expectConsistent(orgId);
      }),
      { numRuns: 40, seed: 424_242 },
    );
  }, 240_000);
});
