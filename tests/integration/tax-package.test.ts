import { fetch } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, team } from '../support/members.js';
import { unzip } from '../support/zip.js';
import { dispatcher, PDF_BYTES, PNG_BYTES, uploadReceipt } from './receipt-upload.js';

const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

/**
 * The CPA tax package (docs/reports-and-tax.md "Tax package"): a build for an organization with
 * transactions and 3 receipts, run by the same job the Lambda runs (offline: in the local stack's process),
 * read back with an independent zip reader; its roles, another organization's ids, idempotent starts; and the
 * transactions-by-category report reconciling with the profit and loss to the cent.
 */
type Team = Awaited<ReturnType<typeof team>>;
const YEAR = '2025';

async function ok(res: Promise<{ status: number; body: any }>, status = 201) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}
const txn = async (api: Api, body: Record<string, unknown>) =>
  (await ok(api.post('/api/transactions', body))).transaction as { id: string };

async function waitForDone(api: Api, id: string) {
  const deadline = Date.now() + 90_000;
  const seen: string[] = [];
  for (;;) {
    const { package: p } = await ok(api.get(`/api/tax-packages/${id}`), 200);
    seen.push(p.status);
    if (p.status === 'done' || p.status === 'failed' || Date.now() > deadline) return { p, seen };
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

let w: Team;
let x: Team;
let lane: string;
let receipts: { name: string; bytes: Buffer }[];
beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
  const api = w.admin.api;
  lane = (await ok(api.post('/api/properties', { address: '1 Package Lane, Springfield' }))).id;
  await ok(api.post('/api/properties', { address: '2 Package Lane' }));
  const rent = await txn(api, {
    name: 'Rent March',
    date: '2025-03-01',
    amount: 1500,
    category: 'rental_income',
    propertyId: lane,
  });
  const depot = await txn(api, {
    name: 'Home Depot',
    date: '2025-03-14',
    amount: -45.1,
    category: 'repairs',
    propertyId: lane,
  });
  const plumber = await txn(api, {
    name: 'Rossi: Plumbing/Heating',
    date: '2025-07-02',
    amount: -385.55,
    category: 'repairs',
  });
  await txn(api, {
    name: 'Owner draw',
    date: '2025-08-01',
    amount: -200,
    category: 'owner_distributions',
    propertyId: lane,
  });
  await txn(api, { name: 'Mortgage', date: '2025-08-01', amount: -900.33, category: 'mortgage', propertyId: lane });
  const ignored = await txn(api, { name: 'Duplicate charge', date: '2025-09-09', amount: -999, category: 'repairs' });
  await ok(api.patch(`/api/transactions/${ignored.id}/ignore`, { isIgnored: true }), 200);
  const older = await txn(api, { name: 'Last year repair', date: '2024-12-31', amount: -10, category: 'repairs' });
  const jpeg = Buffer.concat([JPEG_BYTES, Buffer.from('depot receipt')]);
  for (const [transactionId, bytes, contentType, fileName] of [
    [depot.id, jpeg, 'image/jpeg', 'depot.jpg'],
    [depot.id, PNG_BYTES, 'image/png', 'depot-2.png'],
    [plumber.id, PDF_BYTES, 'application/pdf', 'invoice.pdf'],
    [older.id, PNG_BYTES, 'image/png', 'old.png'],
  ] as const) {
    const r = await uploadReceipt(api, { transactionId, bytes, contentType, fileName });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  receipts = [
    { name: 'receipts/2025-03-14 Home Depot -45.10', bytes: jpeg },
    { name: 'receipts/2025-03-14 Home Depot -45.10', bytes: PNG_BYTES },
    { name: 'receipts/2025-07-02 Rossi Plumbing Heating -385.55', bytes: PDF_BYTES },
  ];
  expect(rent.id).toBeTruthy();
}, 60_000);

describe('tax package', () => {
  it("builds a zip with every report as CSV and PDF, the year's receipts and a README; starting twice answers the same build", async () => {
    const api = w.landlord.api;
    const [a, b] = await Promise.all([
      ok(api.post('/api/tax-packages', { year: YEAR })),
      ok(w.admin.api.post('/api/tax-packages', { year: YEAR })),
    ]);
    expect(b.package.id).toBe(a.package.id);
    expect(['queued', 'running']).toContain(a.package.status);
    const again = await ok(api.post('/api/tax-packages', { year: YEAR }));
    const { p, seen } = await waitForDone(api, a.package.id);
    expect(p.status, p.error).toBe('done');
    // The third start came while the build was in flight -> the same build.
    expect(again.package.id).toBe(a.package.id);
    expect(seen).toContain('done');
    expect(p.progress.done).toBe(p.progress.total);
    expect(p.progress.total).toBeGreaterThan(10);
    expect(p.size).toBeGreaterThan(1000);

    const listed = await ok(api.get(`/api/tax-packages?year=${YEAR}`), 200);
    expect(listed.packages[0].id).toBe(p.id);

    const link = await ok(api.get(`/api/tax-packages/${p.id}/download`), 200);
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('300');
    const res = await fetch(link.url, { dispatcher: dispatcher() });
    expect(res.status).toBe(200);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.length).toBe(p.size);
    const entries = await unzip(zip);
    const names = [...entries.keys()];

    expect(names.filter((n) => n.startsWith('reports/')).sort()).toEqual(
      [
        `reports/01 Profit and loss ${YEAR}`,
        `reports/02 Schedule E ${YEAR} - 1 Package Lane, Springfield`,
        `reports/02 Schedule E ${YEAR} - 2 Package Lane`,
        `reports/02 Schedule E ${YEAR} - No property`,
        `reports/02 Schedule E ${YEAR} - Summary (lines 23a-26)`,
        `reports/03 Depreciation schedule ${YEAR}`,
        `reports/04 Rent roll ${YEAR}`,
        `reports/05 Transactions by category ${YEAR}`,
        `reports/08 Security deposits held ${YEAR}`,
      ]
        .flatMap((base) => [`${base}.csv`, `${base}.pdf`])
        .concat([`reports/06 Ledger ${YEAR}.csv`, `reports/07 Missing receipts ${YEAR}.csv`])
        .sort(),
    );
    // Every CSV starts with UTF-8's byte-order mark, as the browser's downloads do.
    for (const name of names.filter((n) => n.endsWith('.csv'))) {
      expect([...entries.get(name)!.subarray(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
    }
    for (const name of names.filter((n) => n.endsWith('.pdf') && n.startsWith('reports/'))) {
      expect(entries.get(name)!.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // Receipts: the year's three (not last year's), named for the preparer, the bytes as uploaded.
    const receiptNames = names.filter((n) => n.startsWith('receipts/')).sort();
    expect(receiptNames).toHaveLength(3);
    for (const expected of receipts) {
      const match = receiptNames.filter(
        (n) => n.startsWith(`${expected.name} `) && entries.get(n)!.equals(expected.bytes),
      );
      expect(match, expected.name).toHaveLength(1);
      expect(match[0]).toMatch(/ [A-Za-z0-9]{8}\.(jpg|png|pdf)$/);
    }

    // The P&L CSV: cash flow = 1500 - 45.10 - 385.55 - 900.33 (mortgage); the owner draw (a transfer) and the
    // ignored charge count nowhere.
    const pnl = entries.get(`reports/01 Profit and loss ${YEAR}.csv`)!.toString();
    const cashFlow = pnl.split('\r\n').find((line) => line.startsWith('Cash flow,'))!;
    expect(cashFlow.split(',').at(-1)).toBe('169.02');
    const detail = entries.get(`reports/05 Transactions by category ${YEAR}.csv`)!.toString();
    expect(detail).toContain('Total,Counted categories (cash flow),,5 transactions in all,,169.02');
    expect(detail).toContain('Operating expenses,Repairs subtotal,,2 transactions,,-430.65');
    expect(detail).not.toContain('Duplicate charge');

    const readme = entries.get('README.txt')!.toString();
    const org = (await ok(w.admin.api.get('/api/organization'), 200)).name as string;
    expect(readme).toContain(`Organization: ${org}`);
    expect(readme).toContain(`Tax year: ${YEAR}`);
    expect(readme).toContain('A worksheet for your tax preparer, not tax advice.');
    expect(readme).toContain(`reports/04 Rent roll ${YEAR}.pdf`);
    expect(readme).toContain('3 receipt files');
    // Over $75 without a receipt, one by one: the owner draw and the mortgage (the repairs have their receipts).
    expect(readme).toContain('Expenses over $75 without a receipt: 2');
    expect(readme).toContain('2025-08-01  Mortgage  -$900.33');
  }, 120_000);

  it('is for staff only: tenants get 403, another organization 404, bad years 400', async () => {
    const started = await ok(w.manager.api.post('/api/tax-packages', { year: '2024' }));
    const id = started.package.id as string;
    const tenant = w.tenant.api;
    expect((await tenant.post('/api/tax-packages', { year: YEAR })).status).toBe(403);
    expect((await tenant.get(`/api/tax-packages?year=${YEAR}`)).status).toBe(403);
    expect((await tenant.get(`/api/tax-packages/${id}`)).status).toBe(403);
    expect((await tenant.get(`/api/tax-packages/${id}/download`)).status).toBe(403);
    expect((await x.admin.api.get(`/api/tax-packages/${id}`)).status).toBe(404);
    expect((await x.admin.api.get(`/api/tax-packages/${id}/download`)).status).toBe(404);
    expect((await x.admin.api.get('/api/tax-packages?year=2024')).body.packages).toEqual([]);
    expect((await w.admin.api.get('/api/tax-packages/2024-nope')).status).toBe(404);
    for (const year of ['abcd', '1999', String(new Date().getUTCFullYear() + 1)]) {
      expect((await w.admin.api.post('/api/tax-packages', { year })).status).toBe(400);
    }
    expect((await w.admin.api.post('/api/tax-packages', {})).status).toBe(400);
    const { p } = await waitForDone(w.manager.api, id);
    expect(p.status).toBe('done');
  }, 120_000);
});

describe('transactions by category', () => {
  it('lists each category with its transactions and subtotal; the grand total is the profit and loss cash flow', async () => {
    const period = `from=${YEAR}-01&to=${YEAR}-12`;
    const report = await ok(w.landlord.api.get(`/api/reports/transactions-by-category?${period}`), 200);
    const pnl = await ok(w.landlord.api.get(`/api/reports/profit-and-loss?${period}`), 200);
    expect(report.total).toBe(pnl.figures.cashFlow);
    expect(report.total).toBe(169.02);
    expect(report.notCounted).toBe(-200);
    expect(report.limit).toBe(10_000);
    const repairs = report.categories.find((c: { category: string }) => c.category === 'repairs');
    expect(repairs).toMatchObject({ subtotal: -430.65, lineLabel: 'Operating expenses', counted: true });
    expect(repairs.transactions.map((t: { name: string; property: string }) => [t.name, t.property])).toEqual([
      ['Home Depot', '1 Package Lane, Springfield'],
      ['Rossi: Plumbing/Heating', 'No property'],
    ]);
    expect(report.categories.map((c: { category: string }) => c.category)).toEqual([
      'rental_income',
      'repairs',
      'mortgage',
      'owner_distributions',
    ]);

    const one = await ok(w.admin.api.get(`/api/reports/transactions-by-category?${period}&propertyId=${lane}`), 200);
    const onePnl = await ok(w.admin.api.get(`/api/reports/cash-flow?${period}&propertyId=${lane}`), 200);
    expect(one.total).toBe(onePnl.figures.cashFlow);
    expect(one.count).toBe(4);

    expect((await w.tenant.api.get(`/api/reports/transactions-by-category?${period}`)).status).toBe(403);
    expect((await x.admin.api.get(`/api/reports/transactions-by-category?${period}&propertyId=${lane}`)).status).toBe(
      404,
    );
    expect((await w.admin.api.get('/api/reports/transactions-by-category?from=2025-13&to=2025-12')).status).toBe(400);
  });
});
