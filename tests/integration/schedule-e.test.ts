import { lineAmount, toCents } from '@rent/shared';
import { csvFileBytes } from '@rent/shared/reports/csv';
import { tablePdf } from '@rent/shared/reports/pdf/tablePdf';
import { fairRentalDaysText, lineOneBText, scheduleECsv, scheduleETable } from '@rent/shared/reports/scheduleETable';
import { fetch } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, team } from '../support/members.js';
import { pdfPages } from '../support/pdf-text.js';
import { leaseTo } from '../support/tenancies.js';
import { unzip } from '../support/zip.js';
import { dispatcher, PDF_BYTES, uploadReceipt } from './receipt-upload.js';

/**
 * Schedule E as a preparer uses it (docs/reports-and-tax.md "Schedule E"): the per-year choices of a property (line
 * 1b, line 2, QJV) with their roles, another organization's 404 and the stale version's 409; the summary lines
 * 23a-26 to the cent; the "No property" worksheet signed as the profit and loss; the per-property PDF's text
 * carrying the screen's numbers; and the tax package's files (the same CSV bytes as the browser's downloads, the
 * year's ledger with a split per part, the expenses without a receipt, the loans' interest).
 */
type Team = Awaited<ReturnType<typeof team>>;
const YEAR = '2025';

async function ok<T = Record<string, any>>(res: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}
const txn = async (api: Api, body: Record<string, unknown>) =>
  (await ok(api.post('/api/transactions', { notes: null, ...body }), 201)).transaction as {
    id: string;
    version: number;
  };
const cents = (value: number) => toCents(value)!;
const choicesPath = (propertyId: string, year = YEAR) => `/api/reports/schedule-e/${year}/properties/${propertyId}`;

let w: Team;
let x: Team;
let oak: string;
let elm: string;
let splitId: string;
beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
  const api = w.admin.api;
  oak = (await ok(api.post('/api/properties', { address: '1 Oak Street', propertyType: 'SINGLE_FAMILY' }), 201)).id;
  elm = (await ok(api.post('/api/properties', { address: '2 Elm – Unit B', propertyType: 'MULTI_FAMILY' }), 201)).id;
  // Oak is under a lease with rent from March 1 to the year's end: 306 days of 2025.
  await leaseTo(w.orgId, w.tenant.userId, oak, {
    leaseStart: '2025-03-01',
    leaseEnd: '2025-12-31',
    monthlyRent: 1_200_00,
  });
  await txn(api, { name: 'Rent Oak', date: '2025-03-01', amount: 12000, category: 'rental_income', propertyId: oak });
  const roof = await txn(api, {
    name: 'Roof patch',
    date: '2025-04-10',
    amount: -1234.56,
    category: 'repairs',
    propertyId: oak,
    notes: 'Leak over the kitchen',
  });
  await uploadReceipt(api, {
    transactionId: roof.id,
    bytes: PDF_BYTES,
    contentType: 'application/pdf',
    fileName: 'roof.pdf',
  });
  await txn(api, {
    name: 'Bank interest',
    date: '2025-05-01',
    amount: -3000,
    category: 'mortgage_interest',
    propertyId: oak,
  });
  await txn(api, { name: 'Rent Elm', date: '2025-02-01', amount: 2000, category: 'rental_income', propertyId: elm });
  await txn(api, { name: 'Boiler', date: '2025-06-01', amount: -5000.5, category: 'repairs', propertyId: elm });
  // No property: owner money both ways and a small expense (under the receipt threshold).
  await txn(api, { name: 'Owner pays in', date: '2025-01-05', amount: 1000, category: 'owner_contributions' });
  await txn(api, { name: 'Owner draw', date: '2025-09-05', amount: -250, category: 'owner_distributions' });
  await txn(api, { name: 'Stamps', date: '2025-09-06', amount: -40, category: 'other_expenses' });
  // One bank line split across both properties: $90 of supplies on Oak, $110 of repairs on Elm.
  const line = await txn(api, { name: 'Hardware store', date: '2025-07-07', amount: -200, category: 'repairs' });
  splitId = line.id;
  await ok(
    api.put(`/api/transactions/${line.id}/split`, {
      version: line.version,
      parts: [
        { amount: -90, category: 'supplies', propertyId: oak, leaseId: null, memo: 'Paint' },
        { amount: -110, category: 'repairs', propertyId: elm, leaseId: null, memo: 'Faucet' },
      ],
    }),
  );
}, 60_000);

describe('Schedule E choices per property and year', () => {
  it('read the books by default; staff save them with the version read; a stale save is a 409', async () => {
    const first = await ok(w.landlord.api.get(choicesPath(oak)));
    expect(first).toEqual({
      propertyId: oak,
      year: YEAR,
      choices: { propertyTypeCode: null, fairRentalDays: null, personalUseDays: 0, qjv: false, version: 0 },
      defaults: { propertyTypeCode: 1, fairRentalDays: 306 },
    });
    const body = { version: 0, propertyTypeCode: 3, fairRentalDays: 300, personalUseDays: 12, qjv: true };
    const saved = await ok(w.manager.api.put(choicesPath(oak), body));
    expect(saved.choices).toEqual({ ...body, version: 1 });
    // Someone else saved since version 0 was read: 409, and nothing changes.
    const stale = await w.admin.api.put(choicesPath(oak), { ...body, personalUseDays: 20 });
    expect(stale.status).toBe(409);
    expect((await ok(w.admin.api.get(choicesPath(oak)))).choices.personalUseDays).toBe(12);
    // Another year is its own item.
    expect((await ok(w.admin.api.get(choicesPath(oak, '2024')))).choices.version).toBe(0);

    const report = await ok(w.admin.api.get(`/api/reports/schedule-e?year=${YEAR}`));
    const sheet = report.worksheets.find((s: { propertyId: string }) => s.propertyId === oak);
    expect(sheet.propertyType).toEqual({ code: 3, label: 'Vacation/Short-Term Rental' });
    expect(sheet.fairRentalDays).toBe(300);
    expect(sheet.leaseDays).toBe(306);
    expect(sheet.choices).toEqual({ ...body, version: 1 });
    // 12 days of personal use: line 20 says the expenses are to be divided; a property without any says nothing.
    const lineTwenty = (of: { lines: { line: string; flag?: string }[] }) => of.lines.find((l) => l.line === '20')!;
    expect(lineTwenty(sheet).flag).toBe(
      'With personal use days, only the rental part of these expenses is deductible (Pub 527, "Dividing Expenses"): the lines show the whole amounts for your preparer to divide.',
    );
    const elmSheet = report.worksheets.find((s: { propertyId: string }) => s.propertyId === elm);
    expect(lineTwenty(elmSheet).flag).toBeUndefined();
    expect(elmSheet.propertyType).toEqual({ code: 2, label: 'Multi-Family Residence' });
    expect(elmSheet.choices.version).toBe(0);
    expect(report.worksheets.find((s: { propertyId: null }) => s.propertyId === null).choices).toBeNull();

    // Back to the books: null takes the property's type and the leases' days again.
    const reset = await ok(
      w.admin.api.put(choicesPath(oak), { ...body, version: 1, propertyTypeCode: null, fairRentalDays: null }),
    );
    expect(reset.choices.version).toBe(2);
    const again = await ok(w.admin.api.get(`/api/reports/schedule-e?year=${YEAR}&propertyId=${oak}`));
    expect(again.worksheets[0]).toMatchObject({
      propertyType: { code: 1, label: 'Single Family Residence' },
      fairRentalDays: 306,
      choices: { personalUseDays: 12, qjv: true, version: 2 },
    });
  });

  it('are for staff: tenants 403; another organization or an unknown property 404; bad input 400', async () => {
    const body = { version: 0, propertyTypeCode: 1, fairRentalDays: null, personalUseDays: 0, qjv: false };
    expect((await w.tenant.api.get(choicesPath(elm))).status).toBe(403);
    expect((await w.tenant.api.put(choicesPath(elm), body)).status).toBe(403);
    expect((await x.admin.api.get(choicesPath(elm))).status).toBe(404);
    expect((await x.admin.api.put(choicesPath(elm), body)).status).toBe(404);
    expect((await w.admin.api.get(choicesPath('no-such-property'))).status).toBe(404);
    for (const bad of [
      { ...body, propertyTypeCode: 9 },
      { ...body, fairRentalDays: -1 },
      { ...body, personalUseDays: 1.5 },
      { ...body, fairRentalDays: 366 }, // 2025 has 365 days
      { ...body, qjv: 'yes' },
      { ...body, version: undefined },
    ]) {
      const res = await w.admin.api.put(choicesPath(elm), bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await w.admin.api.get(choicesPath(elm, '25'))).status).toBe(400);
    // x's attempts wrote nothing in w's organization.
    expect((await ok(w.admin.api.get(choicesPath(elm)))).choices.version).toBe(0);
  });
});

describe('Schedule E summary and the "No property" worksheet', () => {
  it('adds lines 23a-26 over the properties to the cent (no property money left out)', async () => {
    const report = await ok(w.landlord.api.get(`/api/reports/schedule-e?year=${YEAR}`));
    const summary = Object.fromEntries(
      report.summary.lines.map((l: { line: string; amount: number }) => [l.line, cents(l.amount)]),
    );
    // Oak: 12,000.00 rent; 1,234.56 repairs + 3,000.00 interest + 90.00 supplies = 4,324.56 -> 7,675.44.
    // Elm: 2,000.00 rent; 5,000.50 + 110.00 repairs = 5,110.50 -> -3,110.50.
    expect(summary).toEqual({
      '23a': 1_400_000,
      '23b': 0,
      '23c': 300_000,
      '23d': 0,
      '23e': 432_456 + 511_050,
      '24': 767_544,
      '25': -311_050,
      '26': 767_544 - 311_050,
    });
    expect(report.summary.note).toMatch(/Form 8582/);
  });

  it('signs money on no line as the profit and loss does, per category, in the "No property" column', async () => {
    const [report, pnl] = await Promise.all([
      ok(w.admin.api.get(`/api/reports/schedule-e?year=${YEAR}`)),
      ok(w.admin.api.get(`/api/reports/profit-and-loss?from=${YEAR}-01&to=${YEAR}-12`)),
    ]);
    const sheet = report.worksheets.find((s: { propertyId: string | null }) => s.propertyId === null);
    const pnlNone = new Map<string, number>(
      pnl.cells
        .filter((c: { propertyId: string | null }) => c.propertyId === null)
        .map((c: { category: string; net: number }) => [c.category, cents(c.net)]),
    );
    expect(sheet.excluded.map((i: { category: string; amount: number }) => [i.category, cents(i.amount)])).toEqual([
      ['owner_contributions', 100_000],
      ['owner_distributions', -25_000],
    ]);
    // Each category of the worksheet, back in the ledger's sign, is the P&L's "No property" cell.
    const nets = new Map<string, number>();
    for (const line of sheet.lines.filter((l: { line: string }) => !['20', '21'].includes(l.line))) {
      for (const item of line.items) nets.set(item.category, lineAmount(item.category, cents(item.amount)));
    }
    for (const item of [...sheet.needsReview, ...sheet.excluded]) nets.set(item.category, cents(item.amount));
    expect(nets).toEqual(pnlNone);
  });
});

describe('the per-property PDF', () => {
  it("carries the screen's numbers and line 1b / line 2 words, built by the browser's code and by the package", async () => {
    const report = await ok(w.admin.api.get(`/api/reports/schedule-e?year=${YEAR}`));
    const sheet = report.worksheets.find((s: { propertyId: string }) => s.propertyId === oak);
    const pdf = await tablePdf(scheduleETable(sheet, YEAR, report.notice), {
      title: 'Schedule E worksheet',
      organization: 'Test',
      period: `Tax year ${YEAR}, ${sheet.address}`,
      generated: 'today',
    });
    const text = (await pdfPages(pdf)).flat();
    // The screen shows every line's amount ("$7,675.44"); the PDF the same digits ("7,675.44").
    const screen = (amount: number) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
    for (const line of sheet.lines) {
      expect(text, `line ${line.line}`).toContain(screen(line.amount));
    }
    expect(text).toContain('7,675.44');
    expect(text).toContain(lineOneBText(sheet));
    expect(text).toContain(fairRentalDaysText(sheet));
    expect(text).toContain('12 days');
    expect(text).toContain('A worksheet for your tax preparer, not tax advice.');
    for (const n of ['1b', '2', '3', '12', '14', '15', '18', '20', '21']) expect(text).toContain(n);
  });
});

describe('the tax package', () => {
  it('writes CSVs with the browser download bytes, the ledger with a split per part, missing receipts and loans', async () => {
    const api = w.admin.api;
    await ok(
      api.post(`/api/properties/${oak}/loans`, {
        lender: 'First Federal Mortgage',
        principal: 300000,
        annualRate: '6.5',
        termMonths: 360,
        firstPaymentDate: '2025-02-01',
        escrowTaxes: 0,
        escrowInsurance: 0,
      }),
      201,
    );
    const started = await ok(api.post('/api/tax-packages', { year: YEAR }), 201);
    const deadline = Date.now() + 90_000;
    let p = started.package;
    while (p.status !== 'done' && p.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      p = (await ok(api.get(`/api/tax-packages/${p.id}`))).package;
    }
    expect(p.status, p.error).toBe('done');
    const link = await ok(api.get(`/api/tax-packages/${p.id}/download`));
    const entries = await unzip(Buffer.from(await (await fetch(link.url, { dispatcher: dispatcher() })).arrayBuffer()));

    // Every CSV starts with the UTF-8 byte-order mark; a worksheet's is byte for byte what the browser saves.
    for (const [name, bytes] of entries) {
      if (name.endsWith('.csv')) expect([...bytes.subarray(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
    }
    const report = await ok(api.get(`/api/reports/schedule-e?year=${YEAR}`));
    const elmSheet = report.worksheets.find((s: { propertyId: string }) => s.propertyId === elm);
    const elmCsv = entries.get(`reports/02 Schedule E ${YEAR} - 2 Elm – Unit B.csv`)!;
    expect(Buffer.compare(elmCsv, Buffer.from(csvFileBytes(scheduleECsv(elmSheet, YEAR, report.notice))))).toBe(0);
    expect(elmCsv.toString('utf8')).toContain('2 Elm – Unit B');

    // The summary, and the per-property PDF with the screen's numbers.
    const summary = entries.get(`reports/02 Schedule E ${YEAR} - Summary (lines 23a-26).csv`)!.toString('utf8');
    expect(summary).toContain('26,Total rental real estate and royalty income or (loss),4564.94');
    const oakPdf = (await pdfPages(entries.get(`reports/02 Schedule E ${YEAR} - 1 Oak Street.pdf`)!)).flat();
    expect(oakPdf).toContain('7,675.44');
    expect(oakPdf).toContain('4,324.56');

    // The ledger: one row per part with the transaction's id, notes, source and the receipt's file in the zip.
    const ledger = entries.get(`reports/06 Ledger ${YEAR}.csv`)!.toString('utf8').split('\r\n');
    expect(ledger[0]).toBe(
      '\ufeffDate,Name,Amount,Category,Category group,Property,Notes,Source,Transaction ID,Part,Part memo,Receipt files',
    );
    expect(ledger).toContain(
      `2025-07-07,Hardware store,-90.00,Supplies,Expenses,1 Oak Street,,Manual,${splitId},1 of 2,Paint,`,
    );
    expect(ledger).toContain(
      `2025-07-07,Hardware store,-110.00,Repairs,Expenses,2 Elm – Unit B,,Manual,${splitId},2 of 2,Faucet,`,
    );
    const roof = ledger.find((l) => l.includes('Roof patch'))!;
    expect(roof).toContain('Leak over the kitchen');
    const receiptName = [...entries.keys()].find((n) => n.startsWith('receipts/2025-04-10 Roof patch -1234.56'))!;
    expect(receiptName).toBeTruthy();
    expect(roof.endsWith(`,${receiptName}`)).toBe(true);

    // Missing receipts: over $75, no receipt, one by one (the roof has its receipt; the stamps are under $75).
    const missing = entries.get(`reports/07 Missing receipts ${YEAR}.csv`)!.toString('utf8').split('\r\n');
    const rows = missing.filter((l) => /^\d{4}-/.test(l)).map((l) => l.split(',').slice(0, 3).join(','));
    expect(rows).toEqual([
      '2025-05-01,Bank interest,-3000.00',
      '2025-06-01,Boiler,-5000.50',
      '2025-07-07,Hardware store,-200.00',
      '2025-09-05,Owner draw,-250.00',
    ]);
    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain('Expenses over $75 without a receipt: 4');
    expect(readme).toContain('2025-06-01  Boiler  -$5,000.50');

    // The loans: the year's interest by schedule, per the ledger and per Form 1098 (none entered).
    const loans = entries.get(`reports/08 Mortgage loans ${YEAR}.csv`)!.toString('utf8');
    expect(loans).toContain(
      'Property,Lender,Principal,Rate (%),Interest by schedule,Interest per the ledger,Interest per Form 1098,Escrow paid in,Paid from escrow,Note',
    );
    expect(loans).toContain('1 Oak Street,First Federal Mortgage,300000.00,6.5,');
    expect(loans).toContain('No Form 1098 amount entered');
    expect(entries.has(`reports/08 Mortgage loans ${YEAR}.pdf`)).toBe(true);
  }, 120_000);
});
