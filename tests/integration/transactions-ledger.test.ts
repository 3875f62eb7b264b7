import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bookLineOf, categoriesInGroup } from '@rent/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedBenchTransactions } from '../bench/seed-transactions.js';
import { newAdmin } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { orgIdOf } from './ledger-helpers.js';
import { uploadReceipt } from './receipt-upload.js';

type Api = Awaited<ReturnType<typeof newAdmin>>['api'];
type Wire = {
  id: string;
  date: string;
  createdAt: string;
  amount: number;
  name: string;
  category: string | null;
  propertyId: string | null;
  isIgnored: boolean;
  hasReceipt: boolean;
  hasOpenReviewRequests: boolean;
};

/** The ledger's order: newest first by date, then createdAt, then id. */
const ledgerOrder = (a: Wire, b: Wire) =>
  b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** Every page of a query, following nextCursor; checks no page is larger than asked. */
async function allPages(api: Api, query: string, limit: number) {
  const seen: Wire[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = query ? '&' : '';
    const res: { status: number; body: any } = await api.get(
      `/api/transactions?${query}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.transactions.length).toBeLessThanOrEqual(limit);
    seen.push(...res.body.transactions);
    cursor = res.body.nextCursor;
    pages++;
  } while (cursor && pages < 200);
  return { seen, pages };
}

describe('the ledger: paging', () => {
  let api: Api;
  let orgId: string;

  beforeAll(async () => {
    ({ api } = await newAdmin('pager'));
    orgId = await orgIdOf(api);
    await seedBenchTransactions(inject('dynamoEndpoint'), TABLE_NAME, orgId, 260);
  });

  it('pages newest first by date, then createdAt, then id, with no gaps, repeats or empty last page', async () => {
    const all = (await partition(`ORG#${orgId}`))
      .filter((i) => i.type === 'Transaction')
      .map((i) => i as unknown as Wire)
      .sort(ledgerOrder);
    const { seen, pages } = await allPages(api, '', 50);
    expect(seen.map((t) => t.id)).toEqual(all.map((t) => t.id));
    expect(pages).toBe(6); // 5 full pages + 10: the 6th page knows it is the last
    expect(seen[0]!.amount).toBe(all[0]!.amount / 100);
  });

  it('pages one property and "no property" in the same order', async () => {
    const all = (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'Transaction') as unknown as Wire[];
    for (const [query, propertyId] of [
      ['propertyId=bench-prop-2', 'bench-prop-2'],
      ['propertyId=none', null],
    ] as const) {
      const expected = all.filter((t) => t.propertyId === propertyId).sort(ledgerOrder);
      expect(expected.length).toBeGreaterThan(10);
      const { seen } = await allPages(api, query, 17);
      expect(seen.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    }
  });

  it('answers 400, never 500, to a cursor that is garbage, tampered, foreign or for another query', async () => {
    const first = await api.get('/api/transactions?limit=5');
    const cursor: string = first.body.nextCursor;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const reencode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const other = await newAdmin('other-pager');
    await other.api.post('/api/transactions', { name: 'x', date: '2026-01-01', amount: 1 });
    await other.api.post('/api/transactions', { name: 'y', date: '2026-01-02', amount: 1 });
    const foreign = (await other.api.get('/api/transactions?limit=1')).body.nextCursor;
    const bad = [
      'not a cursor',
      '%%%',
      reencode({ v: 1 }),
      reencode('text'),
      reencode({ ...decoded, v: 2 }),
      reencode({ ...decoded, i: 'GSI2' }),
      reencode({ ...decoded, k: { ...decoded.k, PK: 'ORG#someone-else' } }),
      reencode({ ...decoded, k: { ...decoded.k, GSI1PK: 'ORG#someone-else#TXN' } }),
      reencode({ ...decoded, k: { ...decoded.k, extra: 'x' } }),
      reencode({ ...decoded, k: { ...decoded.k, SK: 'PROP#bench-prop-1' } }),
      reencode({ ...decoded, k: { ...decoded.k, GSI1SK: 7 } }),
      foreign,
    ];
    for (const c of bad) {
      const res = await api.get(`/api/transactions?cursor=${encodeURIComponent(c)}`);
      expect(res.status, c).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'cursor', message: 'That page link is not valid' }]);
    }
    // A cursor of the whole ledger does not continue a property's ledger, nor a date range it is outside of.
    expect((await api.get(`/api/transactions?propertyId=bench-prop-1&cursor=${cursor}`)).status).toBe(400);
    expect((await api.get(`/api/transactions?from=2999-01-01&cursor=${cursor}`)).status).toBe(400);
    expect((await api.get(`/api/transactions?to=1999-01-01&cursor=${cursor}`)).status).toBe(400);
    expect((await api.get(`/api/transactions?cursor=${cursor}`)).status).toBe(200);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=2.5', 'limit'],
    ['from=2026-02-30', 'from'],
    ['to=yesterday', 'to'],
    ['from=2026-05-01&to=2026-04-01', 'to'],
    ['propertyId=bad%2Fid', 'propertyId'],
    ['category=groceries', 'category'],
    ['categoryGroup=repairs', 'categoryGroup'],
    ['category=repairs&categoryGroup=expenses', 'categoryGroup'],
    ['direction=sideways', 'direction'],
    ['ignored=yes', 'ignored'],
    ['hasReceipt=1', 'hasReceipt'],
    ['minAmount=-5', 'minAmount'],
    ['minAmount=75.001', 'minAmount'],
    ['maxAmount=abc', 'maxAmount'],
    ['maxAmount=1e3', 'maxAmount'],
    ['minAmount=100&maxAmount=99.99', 'maxAmount'],
    ['needsReview=maybe', 'needsReview'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['sort=amount', 'query'],
  ])('answers 400 to ?%s naming %s', async (query, field) => {
    for (const path of ['/api/transactions', '/api/transactions/totals']) {
      if (path.endsWith('totals') && query.startsWith('limit')) continue;
      const res = await api.get(`${path}?${query}`);
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
  });
});

describe('the ledger: filters and totals', () => {
  let api: Api;
  let orgId: string;
  let all: Wire[];
  let maple: string;
  let oak: string;

  beforeAll(async () => {
    ({ api } = await newAdmin('filters'));
    orgId = await orgIdOf(api);
    maple = (await api.post('/api/properties', { address: '12 Maple' })).body.id;
    oak = (await api.post('/api/properties', { address: '48 Oak' })).body.id;
    const rows: [string, string, number, string | null, string | null, boolean?][] = [
      ['2026-01-01', 'Rent Unit 1', 1550, 'rental_income', maple],
      ['2026-01-03', 'Rent Oak', 1950, 'rental_income', oak],
      ['2026-01-05', 'Springfield Savings MORTGAGE', -1712.4, 'mortgage', maple],
      ['2026-01-15', 'Rossi Plumbing', -385.5, 'repairs', oak],
      ['2026-01-20', 'Late fee', 75, 'late_fees', maple],
      ['2026-01-31', 'Owner distribution', -4500, 'owner_distributions', null],
      ['2026-02-01', 'Rent Unit 1', 1550, 'rental_income', maple],
      ['2026-02-02', 'Duplicate rent', 1550, 'rental_income', maple, true],
      ['2026-02-10', 'ZELLE FROM K NGUYEN', 250, null, null],
      ['2026-02-14', 'rossi plumbing again', -120, 'repairs', maple],
      ['2026-02-28', 'Interest', 2.14, 'misc_interest', null],
      ['2026-03-01', 'Rent Unit 1', 1550, 'rental_income', maple],
      ['2026-03-09', 'Roof', -14800, 'roof_replacement', maple],
      ['2026-03-12', 'Transfer', -500, 'transfer', null],
      ['2026-03-20', 'Bank fee', 0, null, oak, true],
      ['2026-04-02', 'Rent Oak', 1950, 'rental_income', oak],
    ];
    for (const [date, name, amount, category, propertyId, isIgnored] of rows) {
      const res = await api.post('/api/transactions', { date, name, amount, category, propertyId, isIgnored });
      expect(res.status).toBe(201);
    }
    const listed = (await api.get('/api/transactions?limit=100')).body.transactions as Wire[];
    const roof = listed.find((t) => t.name === 'Roof')!;
    expect((await uploadReceipt(api, { transactionId: roof.id })).status).toBe(200);
    // Review requests come with the reviews feature; mark one as needing review directly.
    const zelle = listed.find((t) => t.name.startsWith('ZELLE'))!;
    await db().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: `ORG#${orgId}`, SK: `TXN#${zelle.id}` },
        UpdateExpression: 'SET hasOpenReviewRequests = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    all = (await api.get('/api/transactions?limit=100')).body.transactions;
    expect(all).toHaveLength(rows.length);
  });

  const cases: [string, (t: Wire) => boolean][] = [
    ['', () => true],
    ['from=2026-02-01', (t) => t.date >= '2026-02-01'],
    ['to=2026-01-31', (t) => t.date <= '2026-01-31'],
    ['from=2026-01-15&to=2026-03-09', (t) => t.date >= '2026-01-15' && t.date <= '2026-03-09'],
    ['from=2026-02-01&to=2026-02-28', (t) => t.date.startsWith('2026-02')],
    ['propertyId=MAPLE', (t) => t.propertyId === maple],
    ['propertyId=none', (t) => t.propertyId === null],
    [
      'propertyId=MAPLE&from=2026-02-01&to=2026-03-05',
      (t) => t.propertyId === maple && t.date >= '2026-02-01' && t.date <= '2026-03-05',
    ],
    ['category=repairs', (t) => t.category === 'repairs'],
    ['category=uncategorized', (t) => t.category === null],
    ['category=transfer', (t) => t.category === 'transfer'],
    ['categoryGroup=income', (t) => (categoriesInGroup('income') as string[]).includes(t.category ?? '')],
    ['categoryGroup=transfer', (t) => (categoriesInGroup('transfer') as string[]).includes(t.category ?? '')],
    ['direction=in', (t) => t.amount >= 0],
    ['direction=out', (t) => t.amount < 0],
    ['ignored=true', (t) => t.isIgnored],
    ['ignored=false', (t) => !t.isIgnored],
    ['hasReceipt=true', (t) => t.hasReceipt],
    ['hasReceipt=false', (t) => !t.hasReceipt],
    ['needsReview=true', (t) => t.hasOpenReviewRequests],
    ['minAmount=75', (t) => Math.abs(t.amount) >= 75],
    ['minAmount=75.01', (t) => Math.abs(t.amount) > 75],
    ['maxAmount=250', (t) => Math.abs(t.amount) <= 250],
    ['minAmount=120&maxAmount=1712.40', (t) => Math.abs(t.amount) >= 120 && Math.abs(t.amount) <= 1712.4],
    [
      'minAmount=75.01&hasReceipt=false&direction=out&ignored=false',
      (t) => t.amount < -75 && !t.hasReceipt && !t.isIgnored,
    ],
    ['search=PLUMB', (t) => t.name.toLowerCase().includes('plumb')],
    ['search=%20%20rent%20', (t) => t.name.toLowerCase().includes('rent')],
    ['propertyId=OAK&direction=in&ignored=false', (t) => t.propertyId === oak && t.amount >= 0 && !t.isIgnored],
    [
      'categoryGroup=expenses&propertyId=MAPLE&to=2026-01-31',
      (t) =>
        t.propertyId === maple &&
        t.date <= '2026-01-31' &&
        (categoriesInGroup('expenses') as string[]).includes(t.category ?? ''),
    ],
    ['propertyId=&category=&search=', () => true],
  ];

  const resolve = (query: string) => query.replace('MAPLE', maple).replace('OAK', oak);

  it.each(cases)(
    '?%s lists exactly the matching transactions, in ledger order, page by page',
    async (query, matches) => {
      const expected = all.filter(matches).sort(ledgerOrder);
      const { seen } = await allPages(api, resolve(query), 3);
      expect(seen.map((t) => t.name)).toEqual(expected.map((t) => t.name));
      expect(seen.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    },
  );

  it.each(cases)(
    '?%s totals exactly the rows the list shows (ignored ones only when asked for)',
    async (query, matches) => {
      const ignoredOnly = /ignored=true/.test(query);
      const counted = all.filter((t) => matches(t) && t.isIgnored === ignoredOnly);
      const cents = (rows: Wire[]) => rows.reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
      const moneyIn = cents(counted.filter((t) => t.amount >= 0));
      const moneyOut = cents(counted.filter((t) => t.amount < 0));
      const transfers = cents(counted.filter((t) => bookLineOf(t.category ?? 'uncategorized') === 'transfers'));
      const uncategorized = cents(counted.filter((t) => t.category === null));
      const res = await api.get(`/api/transactions/totals?${resolve(query)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        totals: {
          in: moneyIn / 100,
          out: moneyOut / 100,
          net: (moneyIn + moneyOut) / 100,
          count: counted.length,
          transfers: transfers / 100,
          uncategorized: uncategorized / 100,
          counted: (moneyIn + moneyOut - transfers - uncategorized) / 100,
        },
        complete: true,
        cursor: null,
        source: /hasReceipt|needsReview|search=[^&]|Amount|ignored=true/.test(query)
          ? 'transactions'
          : expect.any(String),
      });
    },
  );

  it("says what of the ledger's net the reports count: exactly the cash flow of the same months and property", async () => {
    const both = async (property: string) => {
      const totals = (await api.get(`/api/transactions/totals?from=2026-01-01&to=2026-04-30${property}`)).body.totals;
      const report = await api.get(`/api/reports/cash-flow?from=2026-01&to=2026-04${property}`);
      expect(report.status).toBe(200);
      return { totals, cashFlow: report.body.figures.cashFlow };
    };
    // The whole ledger holds an owner distribution, a transfer and uncategorized money: its net is not cash flow.
    const whole = await both('');
    expect(whole.totals.counted).toBe(whole.cashFlow);
    expect(whole.totals.net).toBe(whole.cashFlow + whole.totals.transfers + whole.totals.uncategorized);
    expect(whole.totals).toMatchObject({ transfers: -5000, uncategorized: 250 });
    const onMaple = await both(`&propertyId=${maple}`);
    expect(onMaple.totals).toMatchObject({ counted: onMaple.cashFlow, net: onMaple.cashFlow, transfers: 0 });
  });

  it('answers totals from the rollups alone for whole months, and reads only the edge days otherwise', async () => {
    const whole = await api.get('/api/transactions/totals?from=2026-01-01&to=2026-02-28');
    expect(whole.body.source).toBe('rollups');
    const partial = await api.get('/api/transactions/totals?from=2026-01-15&to=2026-03-09');
    expect(partial.body.source).toBe('rollups');
    const sameMonth = await api.get('/api/transactions/totals?from=2026-02-02&to=2026-02-20');
    expect(sameMonth.body.source).toBe('transactions');
    const searched = await api.get('/api/transactions/totals?search=rent');
    expect(searched.body.source).toBe('transactions');
  });

  it('keeps the totals right after edits, ignores and deletes', async () => {
    const before = (await api.get('/api/transactions/totals?propertyId=MAPLE'.replace('MAPLE', maple))).body.totals;
    const created = await api.post('/api/transactions', {
      date: '2026-02-15',
      name: 'Extra repair',
      amount: -99.99,
      category: 'repairs',
      propertyId: maple,
    });
    const id = created.body.transaction.id;
    const totals = async () => (await api.get(`/api/transactions/totals?propertyId=${maple}`)).body.totals;
    const minus = (value: number) => Math.round(value * 100 - 9999) / 100;
    expect(await totals()).toEqual({
      ...before,
      out: minus(before.out),
      net: minus(before.net),
      counted: minus(before.counted),
      count: before.count + 1,
    });
    await api.patch(`/api/transactions/${id}/ignore`, { isIgnored: true });
    expect(await totals()).toEqual(before);
    await api.patch(`/api/transactions/${id}/ignore`, { isIgnored: false });
    await api.put(`/api/transactions/${id}`, {
      date: '2026-02-15',
      name: 'Moved',
      amount: -10,
      propertyId: oak,
      version: 3,
    });
    expect(await totals()).toEqual(before);
    await api.delete(`/api/transactions/${id}`);
    expect(await totals()).toEqual(before);
  });
});
