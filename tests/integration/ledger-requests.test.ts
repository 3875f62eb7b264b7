import { randomUUID } from 'node:crypto';
import { bookLineOf } from '@rent/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedBenchTransactions } from '../bench/seed-transactions.js';
import { partition, TABLE_NAME } from '../support/db.js';

/**
 * The page budget (a page of 50 in at most 2 DynamoDB requests) measured on the repository itself
 * against DynamoDB Local: every command the app's client sends is counted. (The route adds the
 * identity lookup: a GSI1 query and a consistent read of the membership, runtime/identity.ts.)
 */
process.env.TABLE_NAME = TABLE_NAME;
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.LOG_LEVEL = 'silent';
const { db, dynamo } = await import('../../functions/src/data/client.js');
const { listTransactions, FILTERED_READS } = await import('../../functions/src/data/ledger/list.js');
const { transactionTotals } = await import('../../functions/src/data/ledger/totals.js');

let requests = 0;
// Both of the repositories' clients (data/client.ts): the document client's writes and the cached reads. Added before
// the first request, as the reads' cached middleware requires.
for (const client of [db, dynamo]) {
  client.middlewareStack.add(
    (next) => async (args) => {
      requests++;
      return next(args);
    },
    { step: 'initialize', name: 'countRequests' },
  );
}
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; requests: number }> {
  requests = 0;
  const result = await fn();
  return { result, requests };
}

const orgId = `requests-${randomUUID()}`;
type Item = Record<string, any>;
let all: Item[];

beforeAll(async () => {
  await seedBenchTransactions(inject('dynamoEndpoint'), TABLE_NAME, orgId, 400);
  all = (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'Transaction');
});

describe('DynamoDB requests per ledger page', () => {
  it.each([
    ['unfiltered', {}],
    ['one property', { propertyId: 'bench-prop-3' }],
    ['no property', { propertyId: null }],
    ['a date range', { from: '2024-01-01', to: '2025-12-31' }],
    ['a property and a date range', { propertyId: 'bench-prop-1', from: '2020-01-01', to: '2030-12-31' }],
  ])('%s: one request per partition and page of 50, first page and next', async (_, filter) => {
    // A property's (or no property's) ledger also reads the splits across properties, beside it in parallel.
    const partitions = 'propertyId' in filter ? 2 : 1;
    const first = await counted(() => listTransactions(orgId, filter, { limit: 50 }));
    expect(first.requests).toBe(partitions);
    expect(first.result.records).toHaveLength(50);
    const second = await counted(() =>
      listTransactions(orgId, filter, { limit: 50, cursor: first.result.nextCursor! }),
    );
    expect(second.requests).toBe(partitions);
    expect(second.result.records.length).toBeGreaterThan(0);
  });

  it(`other filters: at most ${FILTERED_READS} requests per page`, async () => {
    for (const filter of [
      { category: 'repairs' as const },
      { direction: 'in' as const, ignored: false },
      { search: 'plumbing' },
    ]) {
      const page = await counted(() => listTransactions(orgId, filter, { limit: 50 }));
      expect(page.requests).toBeLessThanOrEqual(FILTERED_READS);
    }
  });

  it('a selective filter on a small budget returns short pages with a cursor, and continuing finds every match', async () => {
    const expected = all
      .filter((t) => String(t.name).toLowerCase().includes('#1'))
      .sort((a, b) => b.GSI1SK.localeCompare(a.GSI1SK))
      .map((t) => t.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let calls = 0;
    do {
      const page = await counted(() =>
        listTransactions(orgId, { search: '#1' }, { limit: 50, cursor }, { reads: 2, items: 25 }),
      );
      expect(page.requests).toBeLessThanOrEqual(2);
      seen.push(...page.result.records.map((r) => r.id));
      cursor = page.result.nextCursor ?? undefined;
      calls++;
    } while (cursor);
    expect(calls).toBeGreaterThan(3);
    expect(seen).toEqual(expected);
  });
});

describe('DynamoDB requests per totals call', () => {
  const expectedTotals = (match: (t: Item) => boolean) => {
    const counted = all.filter((t) => match(t) && !t.isIgnored);
    const sum = (rows: Item[]) => rows.reduce((s, t) => s + t.amount, 0);
    return {
      in: sum(counted.filter((t) => t.amount >= 0)),
      out: sum(counted.filter((t) => t.amount < 0)),
      count: counted.length,
      transfers: sum(counted.filter((t) => bookLineOf(t.category ?? 'uncategorized') === 'transfers')),
      uncategorized: sum(counted.filter((t) => !t.category)),
    };
  };

  it('whole months come from the rollups in one request', async () => {
    const { result, requests } = await counted(() =>
      transactionTotals(orgId, { from: '2024-01-01', to: '2025-12-31', propertyId: 'bench-prop-2' }),
    );
    expect(requests).toBe(1);
    expect(result).toMatchObject({ source: 'rollups', complete: true });
    expect(result.totals).toEqual(
      expectedTotals((t) => t.date >= '2024-01-01' && t.date <= '2025-12-31' && t.propertyId === 'bench-prop-2'),
    );
  });

  it('partial edge months add one read each', async () => {
    const { result, requests } = await counted(() =>
      transactionTotals(orgId, { from: '2024-01-17', to: '2025-12-03', categoryGroup: 'expenses' }),
    );
    expect(requests).toBe(3);
    const expenses = new Set(['expenses', ...(await import('@rent/shared')).CATEGORY_GROUPS.expenses]);
    expect(result.totals).toEqual(
      expectedTotals((t) => t.date >= '2024-01-17' && t.date <= '2025-12-03' && expenses.has(t.category)),
    );
  });

  it('a filter the rollups cannot answer is summed within the read budget and continued by cursor', async () => {
    let cursor: string | undefined;
    let calls = 0;
    let result: Awaited<ReturnType<typeof transactionTotals>>;
    do {
      const call = await counted(() => transactionTotals(orgId, { search: 'rent' }, cursor, { reads: 2, items: 40 }));
      expect(call.requests).toBeLessThanOrEqual(2);
      result = call.result;
      cursor = result.cursor ?? undefined;
      calls++;
      expect(result.complete).toBe(!cursor);
    } while (cursor);
    expect(calls).toBeGreaterThan(2);
    expect(result.totals).toEqual(expectedTotals((t) => String(t.name).toLowerCase().includes('rent')));
  });
});
