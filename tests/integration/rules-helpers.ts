import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { newTransaction, type TransactionRecord, toTransactionRecord } from '../../functions/src/data/ledger/items.js';
import type { client } from '../support/api.js';
import { partition, TABLE_NAME } from '../support/db.js';
import { expectLedgerConsistent, type OrganizationItems } from './ledger-helpers.js';

type Api = ReturnType<typeof client>;

/**
 * The repositories, imported into the test worker against the same DynamoDB Local (as
 * rollups-property.test.ts does). The API's handlers run in the stack's process with their own
 * module state (rule cache, identity cache), so tests never mix in-process rule writes with API
 * transaction writes.
 */
export async function repositories() {
  process.env.TABLE_NAME = TABLE_NAME;
  process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
  process.env.LOG_LEVEL = 'silent';
  return {
    transactions: {
      ...(await import('../../functions/src/services/ledger/transactions.js')),
      ...(await import('../../functions/src/data/ledger/read.js')),
      ...(await import('../../functions/src/data/ledger/totals.js')),
      ...(await import('../../functions/src/data/ledger/plan.js')),
    },
    matchIndex: await import('../../functions/src/data/ledger/matchIndex.js'),
    matchCells: await import('../../functions/src/data/ledger/matchCells.js'),
    ruleBatches: {
      ...(await import('../../functions/src/data/rules/ruleBatches.js')),
      ...(await import('../../functions/src/services/rules/apply.js')),
    },
    rules: await import('../../functions/src/data/rules/rules.js'),
    rollups: await import('../../functions/src/data/ledger/rollups.js'),
  };
}

/** Ledger writes a test makes outside any request: recorded as the system's. */
export const SYSTEM_ACTOR = { actorId: null, via: 'system' as const, ref: null, override: false };

/**
 * Bank-synced transactions written straight through the import path (fast, no request), uncategorized and (unless
 * `over` says otherwise) on no property; the rule cache is forgotten first so the import reads the current rules.
 */
export async function importSyncedRows(
  orgId: string,
  rows: Pick<TransactionRecord, 'date' | 'name' | 'amount'>[],
  over: Partial<TransactionRecord> = {},
) {
  const { transactions, rules } = await repositories();
  rules.forgetRules();
  const now = new Date().toISOString();
  const records = rows.map((row) =>
    newTransaction({
      id: `imp-${randomUUID()}`,
      organizationId: orgId,
      ...row,
      source: 'plaid',
      createdAt: now,
      ...over,
    }),
  );
  const result = await transactions.importTransactions(orgId, records, SYSTEM_ACTOR);
  expect(result.pending).toEqual([]);
  return result;
}

/**
 * The match index agrees with the ledger: every posted transaction once, with the facts the engine reads (a pending
 * bank charge is not in it until it posts).
 */
export async function expectIndexConsistent(orgId: string, items?: OrganizationItems) {
  const { matchIndex } = await repositories();
  const index = await matchIndex.loadIndex(orgId);
  items ??= await partition(`ORG#${orgId}`);
  const expected = items
    .filter((item) => item.type === 'Transaction' && item.pending !== true)
    .map(toTransactionRecord)
    .map((t) => ({
      id: t.id,
      version: t.version,
      date: t.date,
      amountCents: t.amount,
      name: t.name,
      category: t.category,
      isIgnored: t.isIgnored,
      categorizationSource: t.categorizationSource,
      propertyId: t.propertyId,
      ...(t.parts && { isSplit: true }),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const actual = [...index.transactions].sort((a, b) => a.id.localeCompare(b.id));
  // A write that changes nothing the index keeps (notes, review flags) writes no row: versions may trail.
  expect(actual.map(({ version, ...facts }) => facts)).toEqual(expected.map(({ version, ...facts }) => facts));
  for (const [i, t] of actual.entries()) expect(t.version).toBeLessThanOrEqual(expected[i]!.version);
}

/** The rollups and the match index both agree with the organization's transactions, checked on one read of it. */
export async function expectConsistent(orgId: string) {
  const items = await partition(`ORG#${orgId}`);
  await expectLedgerConsistent(orgId, items);
  await expectIndexConsistent(orgId, items);
}

export const ruleBody = (over: Record<string, unknown> = {}) => ({
  name: 'Home Depot repairs',
  description: 'Hardware for repairs',
  namePattern: 'home\\s*depot',
  category: 'repairs',
  priority: 0,
  isActive: true,
  ...over,
});

export async function createTransactions(
  api: Api,
  rows: {
    name: string;
    amount: number;
    date?: string;
    category?: string | null;
    isIgnored?: boolean;
    propertyId?: string;
  }[],
) {
  const created = [];
  for (const row of rows) {
    const res = await api.post('/api/transactions', { date: '2026-02-10', ...row });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    created.push(res.body.transaction);
  }
  return created;
}

/** The PUT /api/transactions/{id} body of a wire transaction, with changes. */
export function editable(t: Record<string, any>, change: Record<string, unknown> = {}) {
  return {
    name: t.name,
    date: t.date,
    amount: t.amount,
    category: t.category,
    propertyId: t.propertyId,
    notes: t.notes,
    isIgnored: t.isIgnored,
    version: t.version,
    ...change,
  };
}
