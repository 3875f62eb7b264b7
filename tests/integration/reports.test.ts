import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Category, categoriesInGroup, lineAmount, type TransactionInput } from '@rent/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { type Api, team } from '../support/members.js';
import { expectLedgerConsistent, orgIdOf } from './ledger-helpers.js';

/**
 * Reports through the local gateway: who may read them, bad input, hand-worked figures across a
 * year boundary, that they read the rollups (not the transactions), and — property-based — that after random
 * creates, edits, ignores, deletes, bulk edits, rule applies and undos every figure (and the dashboard's) equals a
 * recomputation from the raw transactions, and the depreciation schedule's capital bases reconcile with the cash
 * flow's capital spending (refunds included).
 */
process.env.TABLE_NAME = TABLE_NAME;
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.LOG_LEVEL = 'silent';
const repo = {
  ...(await import('../../functions/src/services/ledger/transactions.js')),
  ...(await import('../../functions/src/data/ledger/read.js')),
};
const { applyRule, undoRuleBatch } = await import('../../functions/src/services/rules/apply.js');

const propertyBody = (address: string, propertyType: string | null = 'SINGLE_FAMILY') => ({ address, propertyType });
const txn = (date: string, amount: number, category: string | null, propertyId: string | null, isIgnored = false) => ({
  name: `Report ${randomUUID().slice(0, 6)}`,
  date,
  amount,
  category,
  propertyId,
  notes: null,
  isIgnored,
});

async function created(api: Api, path: string, body: unknown) {
  const res = await api.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const REPORTS = [
  '/api/reports/cash-flow?from=2025-12&to=2026-01',
  '/api/reports/profit-and-loss?from=2025-12&to=2026-01',
  '/api/reports/schedule-e?year=2025',
];

describe('reports: who may read them', () => {
  let people: Awaited<ReturnType<typeof team>>;
  let propertyId: string;
  beforeAll(async () => {
    people = await team();
    propertyId = (await created(people.admin.api, '/api/properties', propertyBody('1 Role Street'))).id;
  });

  it('staff read every report; a tenant gets 403', async () => {
    for (const path of REPORTS) {
      for (const who of [people.admin, people.landlord, people.manager]) {
        expect((await who.api.get(path)).status, `${who.email} ${path}`).toBe(200);
      }
      expect((await people.tenant.api.get(path)).status, path).toBe(403);
    }
  });

  it("another organization's property answers 404 and its money never shows", async () => {
    const other = await newAdmin('other-books');
    await created(people.admin.api, '/api/transactions', txn('2025-12-05', 1234.56, 'rental_income', propertyId));
    for (const path of REPORTS) {
      expect((await other.api.get(`${path}&propertyId=${propertyId}`)).status, path).toBe(404);
    }
    const theirs = await other.api.get(REPORTS[0]!);
    expect(theirs.body.cells).toEqual([]);
    expect(theirs.body.figures.income).toBe(0);
    const ours = await people.admin.api.get(`${REPORTS[0]}&propertyId=${propertyId}`);
    expect(ours.body.figures.income).toBe(1234.56);
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const api = people.admin.api;
    const bad: [string, RegExp][] = [
      ['/api/reports/cash-flow?from=2026-13&to=2026-12', /YYYY-MM/],
      ['/api/reports/cash-flow?from=2026-01', /end month/i],
      ['/api/reports/cash-flow?from=2026-02&to=2026-01', /on or after/],
      ['/api/reports/cash-flow?from=2010-01&to=2026-01', /at most 120 months/],
      ['/api/reports/cash-flow?from=2026-01&to=2026-02&propertyId=..%2Fx', /Choose a property/],
      ['/api/reports/profit-and-loss?from=2026-01&to=2026-02&extra=1', /extra|Unrecognized/i],
      ['/api/reports/schedule-e?year=25', /YYYY/],
      ['/api/reports/schedule-e', /tax year/i],
    ];
    for (const [path, message] of bad) {
      const res = await api.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(JSON.stringify(res.body.issues), path).toMatch(message);
    }
    const unknown = await api.get(`/api/reports/cash-flow?from=2026-01&to=2026-02&propertyId=${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });
});

describe('reports: the figures', () => {
  let api: Api;
  let a: string;
  let b: string;
  beforeAll(async () => {
    ({ api } = await newAdmin('books'));
    a = (await created(api, '/api/properties', propertyBody('10 Ledger Road'))).id;
    b = (await created(api, '/api/properties', propertyBody('20 Ledger Road', 'MULTI_FAMILY'))).id;
    const rows = [
      txn('2025-11-30', 999, 'rental_income', a), // before the period
      txn('2025-12-01', 2000, 'rental_income', a),
      txn('2025-12-15', 50, 'late_fees', a),
      txn('2025-12-20', -300.1, 'repairs', a),
      txn('2025-12-21', -900, 'mortgage', a),
      txn('2025-12-21', -100, 'mortgage_interest', a),
      txn('2025-12-22', 1500, 'security_deposit', a), // transfer
      txn('2025-12-23', -777, 'repairs', a, true), // ignored
      txn('2025-12-24', -12.34, null, a), // uncategorized
      txn('2026-01-31', 1800, 'rental_income', b),
      txn('2026-01-10', -500, 'roof_replacement', b),
      txn('2026-01-11', -99.9, 'utilities', b),
      txn('2026-01-12', 12.5, 'misc_interest', b),
      txn('2026-01-13', -40, 'other_expenses', null),
      txn('2026-02-01', 5000, 'rental_income', b), // after the period
    ];
    for (const row of rows) await created(api, '/api/transactions', row);
  });

  it('cash flow across a year boundary: whole months, edges included, ignored and transfers left out', async () => {
    const res = await api.get('/api/reports/cash-flow?from=2025-12&to=2026-01');
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual(['2025-12', '2026-01']);
    // income 2000 + 50 + 1800 + 12.50; opex 300.10 + 99.90 + 40; debt 1000; capital 500
    expect(res.body.figures).toEqual({
      income: 3862.5,
      operatingExpenses: 440,
      noi: 3422.5,
      debtService: 1000,
      capitalSpending: 500,
      cashFlow: 1922.5,
    });
    const repairs = res.body.cells.filter((c: { category: string }) => c.category === 'repairs');
    expect(repairs).toEqual([{ month: '2025-12', category: 'repairs', net: -300.1, count: 1 }]);
    expect(res.body.cells).toContainEqual({ month: '2025-12', category: 'uncategorized', net: -12.34, count: 1 });
    const onlyB = await api.get(`/api/reports/cash-flow?from=2025-12&to=2026-01&propertyId=${b}`);
    expect(onlyB.body.figures).toMatchObject({ income: 1812.5, operatingExpenses: 99.9, cashFlow: 1212.6 });
    const none = await api.get('/api/reports/cash-flow?from=2025-12&to=2026-01&propertyId=none');
    expect(none.body.figures).toMatchObject({ income: 0, operatingExpenses: 40, cashFlow: -40 });
  });

  it('profit and loss sums the months per property and category', async () => {
    const res = await api.get('/api/reports/profit-and-loss?from=2025-11&to=2026-02');
    expect(res.status).toBe(200);
    expect(res.body.cells).toContainEqual({ propertyId: a, category: 'rental_income', net: 2999, count: 2 });
    expect(res.body.cells).toContainEqual({ propertyId: b, category: 'rental_income', net: 6800, count: 2 });
    expect(res.body.properties.map((p: { address: string }) => p.address)).toEqual([
      '10 Ledger Road',
      '20 Ledger Road',
    ]);
  });

  it('Schedule E per property: lines, the mortgage flagged, items for a human, and no-property money apart', async () => {
    const y2025 = await api.get('/api/reports/schedule-e?year=2025');
    expect(y2025.status).toBe(200);
    expect(y2025.body.notice).toBe('A worksheet for your tax preparer, not tax advice.');
    const sheetA = y2025.body.worksheets.find((w: { propertyId: string }) => w.propertyId === a);
    const line = (n: string) => sheetA.lines.find((l: { line: string }) => l.line === n);
    expect(sheetA.propertyType).toEqual({ code: 1, label: 'Single Family Residence' });
    expect(line('3').amount).toBe(3049);
    expect(line('12').amount).toBe(100);
    expect(line('14').amount).toBe(300.1);
    expect(line('18')).toMatchObject({ amount: 0, flag: expect.stringMatching(/No acquisition date/) });
    expect(line('20').amount).toBe(400.1);
    expect(line('21').amount).toBe(2648.9);
    expect(sheetA.mortgage).toEqual({ amount: 900, flag: expect.stringMatching(/principal and interest/) });
    // Money on no line is signed as the ledger and the profit and loss sign it: the deposit received is +1,500.
    expect(sheetA.needsReview).toEqual([expect.objectContaining({ category: 'uncategorized', amount: -12.34 })]);
    expect(sheetA.excluded).toEqual([expect.objectContaining({ category: 'security_deposit', amount: 1500 })]);

    const y2026 = await api.get(`/api/reports/schedule-e?year=2026&propertyId=${b}`);
    expect(y2026.body.worksheets).toHaveLength(1);
    const sheetB = y2026.body.worksheets[0];
    expect(sheetB.propertyType).toEqual({ code: 2, label: 'Multi-Family Residence' });
    expect(sheetB.needsReview).toEqual([
      expect.objectContaining({ category: 'misc_interest', amount: 12.5, reason: expect.stringMatching(/Schedule B/) }),
    ]);
    expect(sheetB.excluded).toEqual([expect.objectContaining({ category: 'roof_replacement', amount: -500 })]);
    const all2026 = await api.get('/api/reports/schedule-e?year=2026');
    const noProperty = all2026.body.worksheets.find((w: { propertyId: string | null }) => w.propertyId === null);
    expect(noProperty.address).toBe('No property');
    expect(noProperty.lines.find((l: { line: string }) => l.line === '19').amount).toBe(40);
  });

  it('reads the rollups, not the transactions', async () => {
    const orgId = await orgIdOf(api);
    const before = await api.get('/api/reports/cash-flow?from=2025-12&to=2026-01');
    const one = (await partition(`ORG#${orgId}`)).find((i) => i.type === 'Transaction' && i.category === 'utilities')!;
    // Changing the stored transaction behind the repositories' back leaves the rollups, and so the report, as they were.
    await db().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: one.PK, SK: one.SK },
        UpdateExpression: 'SET amount = :a',
        ExpressionAttributeValues: { ':a': -1 },
      }),
    );
    expect((await api.get('/api/reports/cash-flow?from=2025-12&to=2026-01')).body).toEqual(before.body);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Property-based: the reports equal a recomputation from the raw transactions.

const CATEGORIES: (Category | null)[] = [
  null,
  'rental_income',
  'misc_interest',
  'repairs',
  'mortgage',
  'mortgage_interest',
  'roof_replacement',
  'appliances',
  'owner_distributions',
  'expenses',
];
const NAMES = ['Home Depot 0412', 'Comcast internet', 'Rent Unit 1', 'Zelle transfer'];
const PATTERNS = ['home depot', 'comcast', 'rent', 'zelle', 'e'];
const fields = fc.record({
  // Dec 2025 - Feb 2026: a year boundary; the report asks for Dec..Jan, so Feb transactions must be left out.
  date: fc.integer({ min: 0, max: 89 }).map((d) => new Date(Date.UTC(2025, 11, 1 + d)).toISOString().slice(0, 10)),
  amount: fc.integer({ min: -500_000, max: 500_000 }),
  category: fc.constantFrom(...CATEGORIES),
  property: fc.constantFrom(0, 1, null),
  isIgnored: fc.boolean(),
  // A few names, so a rule's pattern matches some transactions and not others.
  name: fc.constantFrom(...NAMES),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;
const operation = fc.oneof(
  { weight: 3, arbitrary: fields.map((f) => ({ kind: 'create' as const, ...f })) },
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), f: fields }),
  fc.record({ kind: fc.constant('ignore' as const), pick: fc.nat(), value: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('bulk' as const),
    pick: fc.nat(),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
    category: fc.constantFrom(...CATEGORIES),
    isIgnored: fc.option(fc.boolean(), { nil: undefined }),
  }),
  // A rule applied to every matching transaction (the dialog's "all matching"), or to a few selected ones.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('rule' as const),
      pattern: fc.constantFrom(...PATTERNS),
      category: fc.constantFrom(...CATEGORIES.filter((c) => c !== null)),
      picks: fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), { nil: undefined }),
    }),
  },
  // Undo of one of the rule batches applied so far (again if already undone: it changes nothing).
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }) },
);

const ledgerOps = fc
  .tuple(
    fc.array(
      fields.map((f) => ({ kind: 'create' as const, ...f })),
      { minLength: 3, maxLength: 6 },
    ),
    fc.array(operation, { minLength: 1, maxLength: 12 }),
  )
  .map(([creates, rest]) => [...creates, ...rest]);

const inGroup = (group: Parameters<typeof categoriesInGroup>[0]) => new Set<string>(categoriesInGroup(group));

/** The figures recomputed from raw transactions in cents, written out independently of shared/core/books. */
function recompute(transactions: Record<string, any>[], from: string, to: string) {
  const counted = transactions.filter((t) => !t.isIgnored && t.date.slice(0, 7) >= from && t.date.slice(0, 7) <= to);
  const sum = (keep: (category: string) => boolean) =>
    counted.filter((t) => t.category && keep(t.category)).reduce((n, t) => n + (t.amount as number), 0);
  const debt = (c: string) => c === 'mortgage' || c === 'mortgage_interest';
  const income = sum((c) => inGroup('income').has(c));
  const operatingExpenses = 0 - sum((c) => inGroup('expenses').has(c) && !debt(c));
  const debtService = 0 - sum(debt);
  const capitalSpending = 0 - sum((c) => inGroup('capital_expenditures').has(c));
  const noi = income - operatingExpenses;
  // The cash flow's cells: month x category, every property summed.
  const cells = new Map<string, { month: string; category: string; net: number; count: number }>();
  for (const t of counted) {
    const category = t.category ?? 'uncategorized';
    const key = `${t.date.slice(0, 7)}|${category}`;
    const cell = cells.get(key) ?? { month: t.date.slice(0, 7), category, net: 0, count: 0 };
    cell.net += t.amount;
    cell.count++;
    cells.set(key, cell);
  }
  const figures = {
    income,
    operatingExpenses,
    noi,
    debtService,
    capitalSpending,
    cashFlow: noi - debtService - capitalSpending,
  };
  return { figures, cells: [...cells.values()].filter((c) => c.count > 0) };
}

/**
 * Capital money back no earlier spending of its property and category could take (each category's running net
 * spending by month, kept at 0 or above: what would go below is overdrawn), through December of `year`.
 */
function overdrawn(transactions: Record<string, any>[], propertyId: string, year: string) {
  const byMonth = new Map<string, number>();
  for (const t of transactions) {
    if (t.isIgnored || t.propertyId !== propertyId || !t.category || !inGroup('capital_expenditures').has(t.category))
      continue;
    if (t.date.slice(0, 4) > year) continue;
    const key = `${t.date.slice(0, 7)}|${t.category}`;
    byMonth.set(key, (byMonth.get(key) ?? 0) - (t.amount as number));
  }
  const balance = new Map<string, number>();
  let over = 0;
  for (const [key, spent] of [...byMonth].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const category = key.split('|')[1]!;
    const next = (balance.get(category) ?? 0) + spent;
    if (next < 0) over -= next;
    balance.set(category, Math.max(0, next));
  }
  return over;
}

const toCentsExact = (value: number) => Math.round(value * 100);
const centsOf = (figures: Record<string, number>) =>
  Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, toCentsExact(v)]));
const sortCells = <T extends { month?: string; propertyId?: string | null; category: string }>(cells: T[]) =>
  [...cells].sort((x, y) =>
    `${x.month ?? ''}|${x.propertyId ?? ''}|${x.category}`.localeCompare(
      `${y.month ?? ''}|${y.propertyId ?? ''}|${y.category}`,
    ),
  );

describe('reports: a recomputation from the raw transactions', () => {
  it('equal it to the cent after random creates, edits, ignores, bulk changes, deletes, rule applies and undos', async () => {
    await fc.assert(
      // A few transactions first, so the rules, undos and bulk edits that follow find something to change.
      fc.asyncProperty(ledgerOps, async (ops) => {
        const { api } = await newAdmin('books-prop');
        const orgId = await orgIdOf(api);
        const caller = { orgId, userId: 'books-property-test', email: 'books-property-test@example.com' };
        const properties = [
          (await created(api, '/api/properties', propertyBody('1 Random Row'))).id as string,
          (await created(api, '/api/properties', propertyBody('2 Random Row'))).id as string,
        ];
        const input = (f: Fields): TransactionInput => ({
          name: f.name,
          date: f.date,
          amount: f.amount,
          category: f.category,
          propertyId: f.property === null ? null : properties[f.property]!,
          notes: null,
          isIgnored: f.isIgnored,
        });
        const live: string[] = [];
        const batches: string[] = [];
        for (const op of ops) {
          if (op.kind === 'create') {
            live.push((await repo.createTransaction(caller, input(op))).id);
            continue;
          }
          if (op.kind === 'undo') {
            if (batches.length > 0) await undoRuleBatch(caller, batches[op.pick % batches.length]!);
            continue;
          }
          if (live.length === 0) continue;
          if (op.kind === 'rule') {
            const rule = { namePattern: op.pattern, amountMin: null, amountMax: null, amountExact: null };
            const chosen = op.picks && [...new Set(op.picks.map((n) => live[n % live.length]!))];
            const result = await applyRule(caller, {
              rule: { ...rule, category: op.category },
              ...(chosen ? { transactions: chosen.map((id) => ({ id })) } : { allMatching: true as const }),
            });
            expect(result.complete).toBe(true);
            if (result.batchId) batches.push(result.batchId);
            continue;
          }
          const id = live[op.pick % live.length]!;
          if (op.kind === 'update') {
            const current = await repo.getTransaction(orgId, id);
            await repo.updateTransaction(caller, id, { ...input(op.f), version: current.version });
          } else if (op.kind === 'ignore') {
            await repo.setTransactionIgnored(caller, id, op.value);
          } else if (op.kind === 'bulk') {
            const ids = [...new Set(op.picks.map((n) => live[n % live.length]!))];
            const set = { category: op.category, ...(op.isIgnored !== undefined && { isIgnored: op.isIgnored }) };
            await repo.bulkUpdateTransactions(caller, ids, set);
          } else {
            await repo.deleteTransaction(caller, id);
            live.splice(live.indexOf(id), 1);
          }
        }
        // The stored rollups equal their recomputation from the transactions (rule writes and undos included).
        await expectLedgerConsistent(orgId);
        const raw = (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'Transaction');
        const expected = recompute(raw, '2025-12', '2026-01');
        const cashFlow = await api.get('/api/reports/cash-flow?from=2025-12&to=2026-01');
        expect(cashFlow.status).toBe(200);
        expect(centsOf(cashFlow.body.figures)).toEqual(expected.figures);
        expect(
          sortCells(cashFlow.body.cells.map((c: { net: number }) => ({ ...c, net: toCentsExact(c.net) }))),
        ).toEqual(sortCells(expected.cells));
        const pnl = await api.get('/api/reports/profit-and-loss?from=2025-12&to=2026-01');
        expect(centsOf(pnl.body.figures)).toEqual(expected.figures);
        const pnlNet = pnl.body.cells.reduce((n: number, c: { net: number }) => n + toCentsExact(c.net), 0);
        expect(pnlNet).toBe(expected.cells.reduce((n, c) => n + c.net, 0));
        // The dashboard's figures (NOI, cash flow, ...) are the cash flow page's for the same period.
        const dashboard = await api.get('/api/dashboard?from=2025-12&to=2026-01');
        expect(dashboard.status).toBe(200);
        expect(dashboard.body.figures).toEqual(cashFlow.body.figures);
        // Schedule E: each worksheet's lines, mortgage, items for a human and excluded items, back in the ledger's sign
        // (a line shows lineAmount; money on no line is signed as the ledger), equal the year's P&L column per category.
        const year = await api.get('/api/reports/schedule-e?year=2026');
        const pnl2026 = await api.get('/api/reports/profit-and-loss?from=2026-01&to=2026-12');
        const ledgerNets = (sheet: any) => {
          const nets = new Map<string, number>();
          for (const line of sheet.lines.filter((l: { line: string }) => !['20', '21'].includes(l.line))) {
            for (const item of line.items)
              nets.set(item.category, lineAmount(item.category, toCentsExact(item.amount)));
          }
          for (const item of [...sheet.needsReview, ...sheet.excluded])
            nets.set(item.category, toCentsExact(item.amount));
          if (sheet.mortgage) nets.set('mortgage', -toCentsExact(sheet.mortgage.amount));
          return nets;
        };
        for (const sheet of year.body.worksheets) {
          const column = new Map<string, number>(
            pnl2026.body.cells
              .filter(
                (c: { propertyId: string | null; net: number }) => c.propertyId === sheet.propertyId && c.net !== 0,
              )
              .map((c: { category: string; net: number }) => [c.category, toCentsExact(c.net)]),
          );
          expect(ledgerNets(sheet)).toEqual(column);
        }
        // Depreciation: per property, the capital assets' bases are the cash flow's net capital spending through
        // the year's end plus the refunds that found no basis left, and no basis or remaining is ever negative.
        const depreciation = new Map<string, any>();
        for (const year of ['2025', '2026']) {
          const res = await api.get(`/api/reports/depreciation?year=${year}`);
          expect(res.status).toBe(200);
          for (const propertyId of properties) {
            const sheet = res.body.properties.find((p: { propertyId: string }) => p.propertyId === propertyId);
            depreciation.set(`${year}|${propertyId}`, sheet);
            const flow = await api.get(`/api/reports/cash-flow?from=2025-12&to=${year}-12&propertyId=${propertyId}`);
            const c = centsOf(sheet.capital);
            expect(c.spending).toBe(toCentsExact(flow.body.figures.capitalSpending));
            const assets = sheet.assets.filter((a: { asset: string }) => a.asset !== 'building');
            expect(assets.reduce((n: number, a: { basis: number | null }) => n + toCentsExact(a.basis ?? 0), 0)).toBe(
              c.basis,
            );
            expect(c.basis).toBe(c.spending! + c.refundsNotApplied!);
            for (const a of assets) {
              if (a.basis !== null) expect(a.basis).toBeGreaterThanOrEqual(0);
              if (a.remaining !== null) expect(a.remaining).toBeGreaterThanOrEqual(0);
            }
            // Money back that no spending before it could take, as if nothing had been depreciated yet: exactly
            // what is not applied within one year; across the year boundary, at most what 2025 depreciated more.
            const over = overdrawn(raw, propertyId, year);
            const depreciatedBefore =
              year === '2025'
                ? 0
                : depreciation
                    .get(`2025|${propertyId}`)
                    .assets.filter((a: { asset: string }) => a.asset !== 'building')
                    .reduce((n: number, a: { accumulated: number }) => n + toCentsExact(a.accumulated), 0);
            expect(c.refundsNotApplied).toBeGreaterThanOrEqual(over);
            expect(c.refundsNotApplied).toBeLessThanOrEqual(over + depreciatedBefore);
          }
        }
      }),
      { numRuns: 20 },
    );
  }, 240_000);
});
