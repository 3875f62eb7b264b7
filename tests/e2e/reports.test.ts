import { readFile } from 'node:fs/promises';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import { lastDayOf, monthsBetween, presetMonths, shiftMonth, type TransactionInputBody } from '@rent/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { pdfPages } from '../support/pdf-text.js';
import {
  clickOption,
  DESKTOP,
  drawnBars,
  expectAccessible,
  monthName,
  PHONE,
  recordChunks,
  revealBelowTheFold,
  settled,
  signInAt,
  signInFromHeader,
  useBrowser,
} from './browser.js';
import { shownTotals } from './ledger.js';
import { beginSignInToOwnOrganization, type OwnOrganization, ownOrganization, uniqueName } from './own-org.js';

/**
 * What the books say (docs/reports-and-tax.md "What the books say") in Chromium, in an organization of its own: the
 * cash flow page's figures, a cell followed to the ledger showing the same total, the CSV, the profit and loss, the
 * Schedule E worksheet and its CSV, the dashboard's cash flow box; axe clean; at 390 px nothing sticks out.
 */
const OAK = '48 Oak Avenue, Springfield, IL 62702';
const ELM = '9 Elm Court, Urbana, IL 61801';

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
const M0 = TODAY.slice(0, 7); // this month (day 01 is never in the future)
const M1 = shiftMonth(M0, -1);
const TRAILING = presetMonths('trailing12', TODAY);
const MONTHS = monthsBetween(TRAILING.from, TRAILING.to);
/** The trailing twelve months as the downloads name them: a whole calendar year (in December) by its year alone. */
const TRAILING_NAME =
  TRAILING.from === `${TRAILING.to.slice(0, 4)}-01` && TRAILING.to.endsWith('-12')
    ? TRAILING.to.slice(0, 4)
    : `${TRAILING.from}-to-${TRAILING.to}`;

type Seed = Omit<TransactionInputBody, 'propertyId' | 'name'> & { label: string; property: 'oak' | 'elm' | null };
const SEEDS: Seed[] = [
  { label: 'Oak rent', date: `${M1}-05`, amount: 2000, category: 'rental_income', property: 'oak' },
  { label: 'Oak repair', date: `${M1}-10`, amount: -300.1, category: 'repairs', property: 'oak' },
  { label: 'Oak mortgage', date: `${M1}-01`, amount: -900, category: 'mortgage', property: 'oak' },
  { label: 'Oak interest', date: `${M1}-01`, amount: -100, category: 'mortgage_interest', property: 'oak' },
  { label: 'Oak deposit', date: `${M1}-02`, amount: 1500, category: 'security_deposit', property: 'oak' },
  { label: 'Oak ignored', date: `${M1}-11`, amount: -777, category: 'repairs', property: 'oak', isIgnored: true },
  { label: 'Oak fee', date: `${M1}-12`, amount: -12.34, category: null, property: 'oak' },
  { label: 'Oak roof', date: `${M0}-01`, amount: -500, category: 'roof_replacement', property: 'oak' },
  { label: 'Elm rent', date: `${M0}-01`, amount: 1800, category: 'rental_income', property: 'elm' },
  { label: 'Elm water', date: `${M0}-01`, amount: -99.9, category: 'utilities', property: 'elm' },
  { label: 'Elm interest', date: `${M0}-01`, amount: 12.5, category: 'misc_interest', property: 'elm' },
];

const cashFlowTable = createWrapper().findTable('[data-testid="cf"]');

/** Signs a fresh person in, landing on `at` once the books below are in their organization. */
async function seed(page: Page, label: string, at: string) {
  const org = await beginSignInToOwnOrganization(page, label, at);
  const books = await seedBooks(org);
  await org.arrive();
  return { org, ...books };
}

/** Two properties and the transactions of SEEDS. */
async function seedBooks(org: OwnOrganization) {
  const oak = await org.addProperty({
    address: OAK,
    propertyType: 'SINGLE_FAMILY',
    currentMarketValue: 250_000,
    acquisitionPrice: 200_000,
    closingCosts: 5_000,
    downPayment: 50_000,
  });
  const elm = await org.addProperty({ address: ELM, propertyType: 'MULTI_FAMILY' });
  for (const { label: name, property, ...row } of SEEDS) {
    const propertyId = property === 'oak' ? oak.id : property === 'elm' ? elm.id : null;
    await org.addTransaction({ ...row, name: uniqueName(name), propertyId });
  }
  return { oak, elm };
}

async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
  return { name: file.suggestedFilename(), lines: text.trimEnd().split('\r\n') };
}

/** A PDF download: its name, its first bytes and the text drawn on each page. */
async function downloadPdf(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const bytes = new Uint8Array(await readFile((await file.path())!));
  return {
    name: file.suggestedFilename(),
    head: Buffer.from(bytes.slice(0, 5)).toString('latin1'),
    pages: await pdfPages(bytes),
  };
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

/** Sums every layout shift not caused by input (at least the page's CLS), with what moved. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const record = { total: 0, sources: [] as string[] };
    (window as unknown as { __shift: typeof record }).__shift = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        for (const source of entry.sources) {
          const node = source.node instanceof Element ? source.node : null;
          record.sources.push(`${node?.closest('[data-testid]')?.getAttribute('data-testid') ?? node?.tagName ?? '?'}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifted = async (page: Page) => {
  await settled(page);
  return page.evaluate(() => (window as unknown as { __shift: { total: number; sources: string[] } }).__shift);
};

describe('what the books say, in an organization of its own', () => {
  const browser = useBrowser();

  it('cash flow: figures, a cell followed to the ledger with the same total, CSV; axe clean', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    await recordShifts(page);
    const { oak } = await seed(page, 'books-cash-flow', '/cash-flow');

    // income 2,000 + 1,800 + 12.50; opex 300.10 + 99.90; debt 1,000; capital 500 (whole dollars)
    await expect.poll(() => text(page, 'cash-flow-income')).toBe('$3,813');
    expect(await text(page, 'cash-flow-operatingExpenses')).toBe('$400');
    expect(await text(page, 'cash-flow-noi')).toBe('$3,413');
    expect(await text(page, 'cash-flow-debtService')).toBe('$1,000');
    expect(await text(page, 'cash-flow-capitalSpending')).toBe('$500');
    expect(await text(page, 'cash-flow-cashFlow')).toBe('$1,913');
    expect(await text(page, `cf-income-${M1}`)).toBe('$2,000');
    expect(await text(page, `cf-cashFlow-${M1}`)).toBe('$700'); // 2,000 - 300.10 - 1,000 = 699.90
    // KPIs: Elm has no market value, cost or down payment, so the portfolio's ratios say so instead of a number.
    expect(await text(page, 'cash-flow-kpi-capRateValue')).toBe('—');
    expect(await text(page, 'cash-flow-kpi-capRateValue-reason')).toBe('1 of 2 properties have no market value');
    expect(await text(page, 'cash-flow-kpi-cashOnCash-reason')).toBe('1 of 2 properties have no down payment');
    // A chart mounts once its box is near the viewport (components/charts/ChartBox.tsx).
    await page.getByTestId('cash-flow-chart').scrollIntoViewIfNeeded();
    await page.getByTestId('cash-flow-chart').locator('svg').first().waitFor();
    const shift = await shifted(page);
    expect(shift.total, shift.sources.join(', ')).toBeLessThan(0.05);
    await expectAccessible(page, 'cash flow');

    // Operating expenses open into their categories; the repairs cell of last month opens the ledger filtered to it.
    await page.locator(cashFlowTable.findExpandToggle(2).toSelector()).click();
    const repairs = page.getByTestId(`cf-operatingExpenses:repairs-${M1}`);
    await expect.poll(() => repairs.textContent()).toBe('-$300');
    await repairs.click();
    await page.waitForURL(/\/transactions\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: `${M1}-01`,
      to: lastDayOf(M1),
      category: 'repairs',
    });
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$0', out: '-$300', net: '-$300', count: '1' });

    // The income group of one property for the whole period.
    await page.goto(`/cash-flow?propertyId=${oak.id}`);
    await expect.poll(() => text(page, 'cf-income-total')).toBe('$2,000');
    // Oak alone: NOI 1,699.90 on value 250,000 = 0.68%, on cost 205,000 = 0.83%; cash flow 199.90 on 55,000 = 0.36%.
    await expect.poll(() => text(page, 'cash-flow-kpi-capRateValue')).toBe('0.7%');
    expect(await text(page, 'cash-flow-kpi-capRateCost')).toBe('0.8%');
    expect(await text(page, 'cash-flow-kpi-cashOnCash')).toBe('0.4%');
    expect(await text(page, 'cash-flow-kpi-dscr')).toBe('1.70x');
    await page.getByTestId('cf-income-total').click();
    await page.waitForURL(/\/transactions\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      from: `${TRAILING.from}-01`,
      to: lastDayOf(TRAILING.to),
      propertyId: oak.id,
      categoryGroup: 'income',
    });
    await expect.poll(() => shownTotals(page)).toMatchObject({ net: '$2,000', count: '1' });

    // CSV of all properties: a column per month, exact cents.
    await page.goto('/cash-flow');
    await expect.poll(() => text(page, 'cash-flow-income')).toBe('$3,813');
    const csv = await download(page, 'cash-flow-csv');
    expect(csv.name).toBe(`cash-flow-${TRAILING_NAME}.csv`);
    expect(csv.lines[0]?.split(',').slice(0, 2)).toEqual(['Line', 'Category']);
    expect(csv.lines[0]?.split(',')).toHaveLength(2 + MONTHS.length + 1);
    const row = (line: string, category: string, values: Record<string, string>, total: string) =>
      [line, category, ...MONTHS.map((m) => values[m] ?? '0.00'), total].join(',');
    expect(csv.lines).toContain(row('Income', '', { [M1]: '2000.00', [M0]: '1812.50' }, '3812.50'));
    expect(csv.lines).toContain(row('Operating expenses', 'Repairs', { [M1]: '-300.10' }, '-300.10'));
    expect(csv.lines).toContain(row('Cash flow', '', { [M1]: '699.90', [M0]: '1212.60' }, '1912.50'));
    expect(csv.lines).toContain(row('Uncategorized (not counted)', '', { [M1]: '-12.34' }, '-12.34'));
    // The same table as a PDF: title, the header row with the months, the totals the CSV has.
    const pdf = await downloadPdf(page, 'cash-flow-pdf');
    expect(pdf.name).toBe(`cash-flow-${TRAILING_NAME}.pdf`);
    expect(pdf.head).toBe('%PDF-');
    const drawn = pdf.pages.flat();
    expect(drawn[0]).toBe('Cash flow');
    expect(drawn).toEqual(expect.arrayContaining(['Line', 'Category', 'Total', '3,812.50', '-300.10', '1,912.50']));
    await context.close();
  });

  it('reports: profit and loss per property, Schedule E lines and CSV; the dashboard box; axe clean', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    const { org, oak, elm } = await seed(page, 'books-reports', '/dashboard');

    await expect.poll(() => text(page, 'dashboard-noi')).toBe('$3,413');
    expect(await text(page, 'dashboard-cashFlow')).toBe('$1,913');
    // A chart mounts once its box is near the viewport (components/charts/ChartBox.tsx).
    await page.getByTestId('dashboard-cash-flow-chart').scrollIntoViewIfNeeded();
    await page.getByTestId('dashboard-cash-flow-chart').locator('svg').first().waitFor();
    // Oak has a market value; Elm has none, so the portfolio's cap rate on value says why it is not shown.
    expect(await text(page, 'dashboard-kpi-capRateValue-reason')).toBe('1 of 2 properties have no market value');
    await expectAccessible(page, 'dashboard with key figures and cash flow');
    // One property: Oak's NOI over its market value (2,000 - 300.10 = 1,699.90 of 250,000).
    await page.goto(`/dashboard?propertyId=${oak.id}`);
    await expect.poll(() => text(page, 'dashboard-kpi-capRateValue')).toBe('0.7%');
    await page.goto('/dashboard');
    // Needs attention: the one uncategorized fee, which the link lists in the ledger.
    await expect
      .poll(() => text(page, 'dashboard-attention-uncategorized'))
      .toBe('1 uncategorized transaction in the period');
    await page.getByTestId('dashboard-attention-uncategorized').getByRole('link').click();
    await page.waitForURL(/\/transactions\?.*category=uncategorized/);
    await page
      .getByText(/^Oak fee/)
      .first()
      .waitFor();
    // Expenses over $75 without a receipt: the count is what the ledger lists with the link's filters.
    await page.goto('/dashboard');
    await expect.poll(() => text(page, 'dashboard-attention-receipts')).toMatch(/^\d+ expenses? over \$75/);
    const receipts = Number((await text(page, 'dashboard-attention-receipts'))?.split(' ')[0]);
    expect(receipts).toBeGreaterThan(0);
    expect(await text(page, 'dashboard-attention-reconnect')).toBe('No bank connections needing reconnect');
    await page.getByTestId('dashboard-attention-receipts').getByRole('link').click();
    await page.waitForURL(/\/transactions\?.*minAmount=75\.01/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      direction: 'out',
      ignored: 'false',
      hasReceipt: 'false',
      minAmount: '75.01',
    });
    await expect.poll(() => shownTotals(page)).toMatchObject({ count: String(receipts) });

    await page.goto('/reports');
    await expect.poll(() => text(page, `pnl-income-${oak.id}`)).toBe('$2,000');
    expect(await text(page, `pnl-income-${elm.id}`)).toBe('$1,813');
    expect(await text(page, 'pnl-noi-total')).toBe('$3,413');
    expect(await text(page, `pnl-cashFlow-${oak.id}`)).toBe('$200'); // 2,000 - 300.10 - 1,000 - 500
    await expectAccessible(page, 'profit and loss');
    const pnl = await download(page, 'pnl-csv');
    expect(pnl.lines[0]).toBe(`Line,Category,"${OAK}","${ELM}",Total`);
    expect(pnl.lines).toContain('Income,,2000.00,1812.50,3812.50');
    expect(pnl.lines).toContain('Debt service,Mortgage,-900.00,0.00,-900.00');
    const pnlPdf = await downloadPdf(page, 'pnl-pdf');
    expect(pnlPdf.name).toBe(`${pnl.name.slice(0, -4)}.pdf`);
    expect(pnlPdf.pages.flat()).toEqual(expect.arrayContaining(['Profit and loss', '2,000.00', '1,812.50', '-900.00']));

    const year = M1.slice(0, 4);
    await page.goto(`/reports?tab=schedule-e&year=${year}`);
    await expect.poll(() => text(page, 'schedule-e-notice')).toBe('A worksheet for your tax preparer, not tax advice.');
    await expect.poll(() => text(page, 'schedule-e-line-3')).toBe('$2,000.00');
    expect(await text(page, 'schedule-e-line-12')).toBe('$100.00');
    expect(await text(page, 'schedule-e-line-14')).toBe('$300.10');
    // Line 18: Oak's building is flagged (no acquisition date); its roof (27.5 years, mid-month) counts from the
    // month it was spent when that is in the same year: (12 - month + 0.5) of 330 months of $500.
    const roofMonth = Number(M0.slice(5, 7));
    const roofCents = M0.slice(0, 4) === year ? Math.round((50_000 * (2 * (12 - roofMonth) + 1)) / 660) : 0;
    expect(await text(page, 'schedule-e-line-18')).toBe(`$${(roofCents / 100).toFixed(2)}`);
    expect(await page.getByTestId('schedule-e-lines').textContent()).toContain('No acquisition date');
    expect(await text(page, 'schedule-e-mortgage')).toContain('$900.00');
    expect(await text(page, 'schedule-e-review')).toContain('Uncategorized');
    expect(await text(page, 'schedule-e-excluded')).toContain('Security deposit');
    await expectAccessible(page, 'schedule e');
    const sheet = await download(page, 'schedule-e-csv');
    expect(sheet.name).toBe(`schedule-e-48-oak-avenue-springfield-il-62702-${year}.csv`);
    expect(sheet.lines[1]).toBe('"A worksheet for your tax preparer, not tax advice."');
    expect(sheet.lines).toContain('1b,Type of property,,,1 Single Family Residence');
    expect(sheet.lines).toContain('14,Repairs,,300.10,');
    expect(sheet.lines).toContain(
      ',Mortgage payments,Mortgage,900.00,Split into principal and interest: only the interest goes on line 12.',
    );
    // The same worksheet as a PDF (pdf-lib, loaded on the click): the organization, the year and property, the
    // header row, the line amounts and the notice at the foot of the page.
    const pdf = await downloadPdf(page, 'schedule-e-pdf');
    expect(pdf.name).toBe(`schedule-e-48-oak-avenue-springfield-il-62702-${year}.pdf`);
    expect(pdf.head).toBe('%PDF-');
    const drawn = pdf.pages.flat();
    expect(drawn.slice(0, 1)).toEqual(['Schedule E worksheet']);
    expect(drawn).toContain(org.organization.name);
    expect(drawn).toContain(`Tax year ${year}, ${OAK}`);
    expect(drawn).toEqual(expect.arrayContaining(['Line', 'Description', 'Category', 'Amount', 'Note']));
    // A line's number, then its (maybe wrapped) label, then its amount.
    const amountOf = (n: string) => drawn.slice(drawn.indexOf(n)).find((t) => /^-?[\d,]+\.\d\d$/.test(t));
    expect(drawn[drawn.indexOf('3') + 1]).toBe('Rents received');
    expect(amountOf('3')).toBe('2,000.00');
    expect(amountOf('12')).toBe('100.00');
    expect(amountOf('14')).toBe('300.10');
    expect(drawn).toContain('900.00');
    expect(drawn).toContain('A worksheet for your tax preparer, not tax advice.');
    expect(drawn).toContain(`Page 1 of ${pdf.pages.length}`);
    await context.close();
  });

  it('on a phone the profit and loss, the cash flow, transactions by category and Schedule E are lists; sections open; amounts open the ledger; no table code', async () => {
    const { page, context } = await browser.newPage(PHONE);
    const chunksOf = recordChunks(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const { oak, elm } = await seed(page, 'books-lists', '/reports');

    // The total first: every property's money.
    const pnl = page.getByTestId('pnl');
    await expect.poll(() => text(page, 'pnl-income-total')).toBe('$3,813');
    expect(await text(page, 'pnl-noi-total')).toBe('$3,413');
    expect(await text(page, 'pnl-cashFlow-total')).toBe('$1,913'); // 3,812.50 - 400 - 1,000 - 500
    expect(await pnl.getByRole('list', { name: 'Profit and loss by property, Total' }).count()).toBe(1);
    // One property's column, chosen above the list.
    await page.getByTestId('pnl-column').click();
    await clickOption(page.getByRole('option', { name: OAK }));
    await expect.poll(() => text(page, `pnl-income-${oak.id}`)).toBe('$2,000');
    expect(await text(page, `pnl-cashFlow-${oak.id}`)).toBe('$200'); // 2,000 - 300.10 - 1,000 - 500
    expect(await page.getByTestId(`pnl-income-${elm.id}`).count()).toBe(0);
    // A section opens into its categories; a category's amount lists exactly that money in the ledger.
    const expenses = pnl.getByRole('button', { name: 'Operating expenses' });
    expect(await expenses.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId(`pnl-operatingExpenses:repairs-${oak.id}`).count()).toBe(0);
    await expenses.click();
    expect(await expenses.getAttribute('aria-expanded')).toBe('true');
    expect(await text(page, `pnl-operatingExpenses:repairs-${oak.id}`)).toBe('-$300');
    await expectAccessible(page, 'profit and loss list at 390px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId(`pnl-operatingExpenses:repairs-${oak.id}`).click();
    await page.waitForURL(/\/transactions\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      category: 'repairs',
      propertyId: oak.id,
    });
    await page
      .getByText(/^Oak repair/)
      .first()
      .waitFor();

    // The cash flow by month, the same way: the month chosen shows that month's money.
    await page.goto('/cash-flow');
    await page.getByRole('heading', { name: 'By month' }).scrollIntoViewIfNeeded();
    await expect.poll(() => text(page, 'cf-income-total')).toBe('$3,813');
    await page.getByTestId('cf-column').click();
    await clickOption(page.getByRole('option', { name: monthName(M1) }));
    await expect.poll(() => text(page, `cf-income-${M1}`)).toBe('$2,000');
    expect(await text(page, `cf-cashFlow-${M1}`)).toBe('$700');

    // Transactions by category: a row per category with its subtotal, opening into its transactions.
    await page.goto('/reports?tab=transactions-by-category');
    const rent = page.getByTestId('detail-category').filter({ hasText: 'Rental income' });
    await expect.poll(() => rent.textContent()).toContain('$3,800.00');
    expect(await rent.textContent()).toContain('2 transactions');
    await rent.getByRole('button', { name: 'Rental income' }).click();
    await expect.poll(() => rent.getByRole('listitem').allTextContents()).toHaveLength(2);
    expect(await rent.textContent()).toMatch(/Oak rent.*\$2,000\.00/);
    await expectAccessible(page, 'transactions by category list at 390px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The Schedule E worksheet: each line a row with its amount at the end, then what needs a preparer and lines 23a–26.
    await page.goto(`/reports?tab=schedule-e&year=${M1.slice(0, 4)}`);
    await expect.poll(() => text(page, 'schedule-e-line-3')).toBe('$2,000.00');
    expect(await text(page, 'schedule-e-line-14')).toBe('$300.10');
    expect(await page.getByRole('list', { name: /^Schedule E lines for / }).count()).toBe(1);
    expect(await text(page, 'schedule-e-review')).toContain('Uncategorized');
    expect(await text(page, 'schedule-e-excluded')).toContain('Security deposit');
    await page.getByTestId('schedule-e-summary-26').waitFor();
    await expectAccessible(page, 'schedule e list at 390px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A phone never asked for the tables' code, nor for Cloudscape's table stylesheet (217 KB) that comes with it.
    expect(chunksOf('BookTable')).toEqual([]);
    expect(chunksOf('CategoryDetailTable')).toEqual([]);
    expect(chunksOf('ScheduleETables')).toEqual([]);
    expect(requested.filter((path) => /^\/assets\/table-[\w-]+\.css$/.test(path))).toEqual([]);
    await context.close();
  });

  it("on a phone, what sits below a report waits for the tab's code as well as its answer", async () => {
    const { page, context } = await browser.newPage(PHONE);
    const org = await beginSignInToOwnOrganization(page, 'books-tab-code', '/reports?tab=schedule-e');
    await org.addProperty({ address: uniqueName('3 Waiting Lane') });
    // The worksheet's code is held back until its answer is in: the order a busy phone may get them in.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/ScheduleEView-[\w-]+\.js$/, async (route) => {
      await released;
      await route.fallback();
    });
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/reports/schedule-e');
    await org.arrive();
    expect((await answered).status()).toBe(200);
    await page.getByRole('tabpanel').getByText('Loading', { exact: true }).waitFor();
    // The answer is drawn (the worksheet's place says "Loading" only once it is in). Shown now, the tax package would
    // stand right under that one line and be pushed down by the worksheet.
    expect(await page.locator('[data-below-the-fold]').count()).toBe(0);
    release();
    await page.getByTestId('schedule-e-lines').waitFor();
    await page.locator('[data-below-the-fold]').waitFor({ state: 'attached' });
    await context.close();
  });

  it('at 390x844 in dark mode the cash flow, reports and dashboard fit the screen without shifting; axe clean', async () => {
    const org = await ownOrganization('books-phone');
    await seedBooks(org);
    const { page, context } = await browser.newPage(PHONE);
    const chunksOf = recordChunks(page);
    await signInFromHeader(page, org.email);
    // The phone pass is in dark mode (the desktop passes above are light).
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await recordShifts(page);
    for (const path of [
      '/cash-flow',
      '/reports',
      '/reports?tab=schedule-e',
      '/reports?tab=depreciation',
      '/dashboard',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
      if (path === '/cash-flow') {
        await expect.poll(() => text(page, 'cash-flow-income')).toBe('$3,813');
        expect(await page.getByTestId('cf').count()).toBe(0);
        // A row a month: income and expenses on one scale (the largest, last month's $2,000 of income), the month's
        // cash flow at the end. Expenses are operating, debt service and capital: 300.10 + 1,000 last month, 99.90 +
        // 500 this month.
        const chart = page.getByTestId('cash-flow-chart');
        await expect.poll(() => chart.getAttribute('aria-busy')).toBeNull();
        const bars = await drawnBars(chart);
        expect(bars).toHaveLength(2 * MONTHS.length);
        expect(bars.filter((bar) => bar.label === monthName(M1) || bar.label === monthName(M0))).toEqual([
          { label: monthName(M1), amount: '$700', share: 1 },
          { label: monthName(M1), amount: '$700', share: 0.65 },
          { label: monthName(M0), amount: '$1,213', share: 0.91 },
          { label: monthName(M0), amount: '$1,213', share: 0.3 },
        ]);
        expect(bars.filter((bar) => bar.share > 0)).toHaveLength(4);
        expect(await chart.getAttribute('aria-label')).toContain(
          `${monthName(M1)} income $2,000, expenses $1,300, cash flow $700`,
        );
        // The table by month, far below the fold on a phone, came once it was scrolled towards, in the space kept.
        await page.getByRole('heading', { name: 'By month' }).scrollIntoViewIfNeeded();
        await expect.poll(() => text(page, 'cf-income-total')).toBe('$3,813');
      }
      if (path === '/dashboard') await expect.poll(() => text(page, 'dashboard-noi')).toBe('$3,413');
      if (path.endsWith('depreciation')) await page.getByText('No acquisition date').first().waitFor();
      const shift = await shifted(page);
      expect(shift.total, `${path}: ${shift.sources.join(', ')}`).toBeLessThan(0.05);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, `${path} at 390px`);
      if (path === '/dashboard') {
        // Its cash flow, below the fold, as the cash flow page draws it on a phone (scrolled to once the page has
        // settled: the layout shifts above are those of a page loading where it opened). The sections below the fold
        // hold about their height while they wait (the cash flow's, last, always waits this far down), so one that
        // renders on screen after a jump down the page moves nothing below it.
        const placeHeights = (state: string) =>
          page.evaluate(
            (wanted) =>
              [...document.querySelectorAll('[data-below-the-fold]')].map((place) =>
                place.getAttribute('data-below-the-fold') === wanted ? place.getBoundingClientRect().height : null,
              ),
            state,
          );
        const held = await placeHeights('waiting');
        expect(held.at(-1)).toBeGreaterThan(0);
        await revealBelowTheFold(page);
        const drawn = await placeHeights('shown');
        held.forEach((height, i) => {
          if (height !== null)
            expect(Math.abs(drawn[i]! - height), `section ${i} held ${height}px`).toBeLessThanOrEqual(8);
        });
        const bars = page.getByTestId('dashboard-cash-flow-chart');
        await expect.poll(() => bars.getAttribute('aria-busy')).toBeNull();
        expect((await drawnBars(bars)).filter((bar) => bar.label === monthName(M1))).toEqual([
          { label: monthName(M1), amount: '$700', share: 1 },
          { label: monthName(M1), amount: '$700', share: 0.65 },
        ]);
      }
    }
    // A phone never loads the chart library for income and expenses.
    expect([...chunksOf('IncomeExpenseChart'), ...chunksOf('mixed-line-bar-chart')]).toEqual([]);
    await context.close();

    // A tenant of the same organization is told kindly that the books are not theirs; the server says 403.
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
    expect((await tenant.api.get(`/api/reports/cash-flow?from=${M1}&to=${M0}`)).status).toBe(403);
    const viewer = await browser.newPage(PHONE);
    await signInAt(viewer.page, tenant.email, '/cash-flow');
    await viewer.page.getByTestId('cash-flow-forbidden').waitFor();
    await viewer.page.goto('/reports');
    await viewer.page.getByTestId('reports-forbidden').waitFor();
    await expectAccessible(viewer.page, 'reports as a tenant');
    await viewer.page.goto('/dashboard');
    await viewer.page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => viewer.page.getByTestId('dashboard-properties').textContent()).toContain('Your home');
    expect(await viewer.page.getByTestId('dashboard-cash-flow').count()).toBe(0);
    await viewer.context.close();
  });
});
