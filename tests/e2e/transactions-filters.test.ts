import { readFile } from 'node:fs/promises';
import type { TransactionInputBody } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { clickOption, expectAccessible, PHONE, recordChunks, useBrowser } from './browser.js';
import {
  COL,
  choose,
  expectToast,
  flyout,
  LIST_PAGINATION,
  ledgerRow,
  ledgerShown,
  openLedger,
  ROW_NAMES,
  ROWS,
  rowCell,
  rowCheckbox,
  shownTotals,
} from './ledger.js';
import { beginSignInToOwnOrganization } from './own-org.js';

const OAK = '48 Oak Avenue, Springfield, IL 62702';
const ELM = '9 Elm Court, Urbana, IL 61801';

type Seed = Omit<TransactionInputBody, 'propertyId'> & { property: 'oak' | 'elm' | null };

/** Four months of mortgage on Oak, rent, an ignored refund, Elm's own rows and one with no property. */
const SEEDS: Seed[] = [
  { name: 'Oak mortgage January', date: '2024-01-01', amount: -1234.56, category: 'mortgage', property: 'oak' },
  { name: 'Oak mortgage February', date: '2024-02-01', amount: -1234.56, category: 'mortgage', property: 'oak' },
  { name: 'Oak mortgage March', date: '2024-03-01', amount: -1234.56, category: 'mortgage', property: 'oak' },
  { name: 'Oak mortgage April', date: '2024-04-01', amount: -1234.56, category: 'mortgage', property: 'oak' },
  { name: 'Oak rent April', date: '2024-04-03', amount: 1850, category: 'rental_income', property: 'oak' },
  {
    name: 'Oak refund (ignored)',
    date: '2024-04-05',
    amount: 40.1,
    category: 'repairs',
    property: 'oak',
    isIgnored: true,
  },
  { name: 'Elm mortgage April', date: '2024-04-01', amount: -987.65, category: 'mortgage', property: 'elm' },
  { name: 'Elm rent April', date: '2024-04-02', amount: 1400, category: 'rental_income', property: 'elm' },
  { name: 'Bank fee April', date: '2024-04-30', amount: -12.34, category: null, property: null },
];
const MOVED = ['Oak mortgage April', 'Oak mortgage March', 'Oak mortgage February'];

describe('transactions filters, bulk and CSV, in an organization of its own', () => {
  const browser = useBrowser();

  it('filters by property and category, categorises three rows in bulk, and exports the filtered set as CSV', async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'filters', '/transactions');
    const oak = await org.addProperty({ address: OAK });
    const elm = await org.addProperty({ address: ELM });
    const ids = new Map<string, string>();
    for (const { property, ...seed } of SEEDS) {
      const propertyId = property === 'oak' ? oak.id : property === 'elm' ? elm.id : null;
      ids.set(seed.name, (await org.addTransaction({ ...seed, propertyId })).id);
    }
    await org.arrive();
    await ledgerShown(page);
    // Ignored rows are listed but not counted.
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$3,250', out: '-$5,938', net: '-$2,688', count: '8' });
    expect(await org.totals()).toEqual({ in: 3_250_00, out: -5_938_23, net: -2_688_23, count: 8 });
    // What of the net the reports count: the uncategorized bank fee is left out of cash flow.
    await expect
      .poll(() => page.getByTestId('totals-reports-note').textContent())
      .toBe('Reports count -$2,676 of this net in cash flow. They leave out -$12 not categorized yet.');

    // Property filter.
    await choose(page, 'transactions-property-filter', 'oak', OAK);
    await expect.poll(() => new URL(page.url()).searchParams.get('propertyId')).toBe(oak.id);
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$1,850', out: '-$4,938', net: '-$3,088', count: '5' });
    await expect
      .poll(async () => (await page.locator(`${ROWS} td:nth-child(${COL.property})`).allTextContents()).sort())
      .toEqual(Array(6).fill(OAK));

    // And a category.
    await choose(page, 'transactions-category-filter', 'mortgage', 'Mortgage');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('mortgage');
    await expect
      .poll(async () => (await page.locator(`${ROWS} th`).allTextContents()).sort())
      .toEqual(
        SEEDS.filter((s) => s.property === 'oak' && s.category === 'mortgage')
          .map((s) => s.name)
          .sort(),
      );
    expect(new Set(await page.locator(`${ROWS} td:nth-child(${COL.category})`).allTextContents())).toEqual(
      new Set(['Mortgage']),
    );
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$0', out: '-$4,938', net: '-$4,938', count: '4' });
    expect(await org.totals({ propertyId: oak.id, category: 'mortgage' })).toEqual({
      in: 0,
      out: -4_938_24,
      net: -4_938_24,
      count: 4,
    });

    // Three rows, chosen by name, categorised in bulk.
    for (const name of MOVED) await rowCheckbox(ledgerRow(page, name)).check();
    await page.getByTestId('bulk-actions').locator('button').first().click();
    await clickOption(page.getByRole('menuitem', { name: 'Categorize...' }));
    await expect.poll(() => page.getByTestId('bulk-apply').isDisabled()).toBe(true); // nothing chosen yet
    await choose(page, 'bulk-category', 'interest', 'Mortgage interest');
    // The modal counts the selection it will change.
    await expect
      .poll(() => page.getByTestId('bulk-modal').getByRole('heading').first().textContent())
      .toBe('Categorize 3 transactions');
    await page.getByTestId('bulk-apply').click();
    // Done when the modal closes; a failed call would keep it open with its error.
    const bulkError = page.getByTestId('bulk-error');
    const modalState = async () => {
      if (await bulkError.isVisible()) return `error: ${await bulkError.textContent()}`;
      return (await page.getByTestId('bulk-apply').isVisible()) ? 'open' : 'closed';
    };
    await expect.poll(modalState).toBe('closed');
    await expectToast(page, 'Categorized: 3 transactions updated.');
    // They left the "Mortgage" filter...
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$0', out: '-$1,235', net: '-$1,235', count: '1' });
    await expect.poll(() => page.locator(`${ROWS} th`).allTextContents()).toEqual(['Oak mortgage January']);
    // ...and are under "Mortgage interest", on the server too.
    await choose(page, 'transactions-category-filter', 'interest', 'Mortgage interest');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('mortgage_interest');
    await expect
      .poll(async () => (await page.locator(`${ROWS} th`).allTextContents()).sort())
      .toEqual([...MOVED].sort());
    for (const name of MOVED) {
      expect(await rowCell(ledgerRow(page, name), COL.category).textContent()).toBe('Mortgage interest');
      expect((await org.getTransaction(ids.get(name)!)).category).toBe('mortgage_interest');
    }
    expect((await org.getTransaction(ids.get('Oak mortgage January')!)).category).toBe('mortgage');

    // CSV of the filtered set: property = 48 Oak Avenue, not ignored.
    await page.getByTestId('transactions-clear-filters').click();
    await openLedger(page, `?propertyId=${oak.id}&ignored=false`);
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$1,850', out: '-$4,938', net: '-$3,088', count: '5' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('transactions-export').click(),
    ]);
    // Named after its filters: the property's address, and no date range (so the day it was taken).
    expect(download.suggestedFilename()).toMatch(
      /^transactions-48-oak-avenue-springfield-il-62702-as-of-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Name,Amount,Direction,Category,Category group,Property,Notes,Ignored,Has receipt,Needs review,Source,Transaction ID,Part,Part memo',
    );
    // Every row exactly, newest first: signed amounts to the cent, labels as the page shows them.
    const line = (date: string, name: string, amount: string, direction: string, category: string, group: string) =>
      `${date},${name},${amount},${direction},${category},${group},"${OAK}",,No,No,No,Manual,${ids.get(name)},,`;
    expect(lines.slice(1)).toEqual([
      line('2024-04-03', 'Oak rent April', '1850.00', 'Money in', 'Rental income', 'Income'),
      line('2024-04-01', 'Oak mortgage April', '-1234.56', 'Money out', 'Mortgage interest', 'Expenses'),
      line('2024-03-01', 'Oak mortgage March', '-1234.56', 'Money out', 'Mortgage interest', 'Expenses'),
      line('2024-02-01', 'Oak mortgage February', '-1234.56', 'Money out', 'Mortgage interest', 'Expenses'),
      line('2024-01-01', 'Oak mortgage January', '-1234.56', 'Money out', 'Mortgage', 'Expenses'),
    ]);
    // The CSV's amounts add up, to the cent, to the server's totals of the same filter.
    const csvCents = lines.slice(1).reduce((sum, row) => sum + Math.round(Number(row.split(',')[2]) * 100), 0);
    expect(csvCents).toBe((await org.totals({ propertyId: oak.id, ignored: 'false' })).net);
    expect(csvCents).toBe(1_850_00 - 4 * 1_234_56);

    // Only the ignored rows: the totals are theirs, and say that no report counts them.
    await openLedger(page, `?propertyId=${oak.id}&ignored=true`);
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$40', out: '$0', net: '$40', count: '1' });
    await expect
      .poll(() => page.getByTestId('transactions-totals').textContent())
      .toContain(
        'Every ignored transaction that matches the filters, except pending ones. Ignored transactions count in no report.',
      );

    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('filters by absolute amount from the URL and the filter bar, and says why a bad amount is not applied', async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'amounts', '/transactions');
    for (const { property: _, ...seed } of SEEDS) await org.addTransaction({ ...seed, propertyId: null });
    await org.arrive();
    await ledgerShown(page);
    await expect.poll(() => shownTotals(page)).toMatchObject({ count: '8' });
    const field = (testId: string) => page.getByTestId(testId).locator('input');
    // At least $1,000, money in or out: the four Oak mortgages, Elm's rent and Oak's rent.
    await field('transactions-min-amount-filter').fill('1000');
    await field('transactions-min-amount-filter').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('minAmount')).toBe('1000');
    await expect.poll(() => shownTotals(page)).toMatchObject({ count: '6' });
    // And at most $1,400: the rents over it leave, the mortgages and Elm's rent stay.
    await field('transactions-max-amount-filter').fill('1400');
    await field('transactions-max-amount-filter').press('Tab');
    await expect.poll(() => new URL(page.url()).searchParams.get('maxAmount')).toBe('1400');
    await expect
      .poll(async () => (await page.locator(`${ROWS} th`).allTextContents()).sort())
      .toEqual(
        SEEDS.filter((s) => Math.abs(Number(s.amount)) >= 1000 && Math.abs(Number(s.amount)) <= 1400)
          .map((s) => s.name)
          .sort(),
      );
    // A negative amount is explained in the field and never sent.
    await field('transactions-max-amount-filter').fill('-5');
    await field('transactions-max-amount-filter').press('Enter');
    await page.getByText('Enter an amount of 0 or more, such as 75 or 75.50').waitFor();
    expect(new URL(page.url()).searchParams.get('maxAmount')).toBe('1400');
    // The URL alone sets the filter (a link from the dashboard).
    await page.goto('/transactions?minAmount=75.01&direction=out&hasReceipt=false');
    await expect.poll(() => shownTotals(page)).toMatchObject({ count: '5' });
    expect(await field('transactions-min-amount-filter').inputValue()).toBe('75.01');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
  it('on a phone the ledger is a list: pages by cursor (25 rows a page, or the size chosen in its menu), selects for bulk actions, opens a row; axe clean', async () => {
    const { page, context } = await browser.newPage(PHONE);
    const org = await beginSignInToOwnOrganization(page, 'pages', '/transactions');
    // 27 rows, one a day: a phone shows 25 a page unless the person chose otherwise, so page 2 holds the two oldest.
    const names = Array.from({ length: 27 }, (_, i) => `Paged row ${String(i + 1).padStart(2, '0')}`);
    for (const [i, name] of names.entries())
      await org.addTransaction({
        name,
        date: `2024-05-${String(i + 1).padStart(2, '0')}`,
        amount: -(i + 1),
        propertyId: null,
      });
    const shownNames = async () => (await page.locator(ROW_NAMES).allTextContents()).sort();
    const newestFirst = [...names].reverse();
    const pagination = page.locator(LIST_PAGINATION);
    // What a phone downloads of the ledger: never the desktop's table, the filter fields once the filters are opened.
    const chunksOf = recordChunks(page);

    await org.arrive();
    await ledgerShown(page);
    // The list, not the table: its columns would not fit 390 px.
    expect(await page.locator(`${ROWS}`).count()).toBe(0);
    await expect.poll(shownNames).toEqual(newestFirst.slice(0, 25).sort());
    const newest = ledgerRow(page, 'Paged row 27', '-$27.00');
    expect(await newest.textContent()).toContain('May 27, 2024');
    expect(await newest.textContent()).toContain('Uncategorized');
    expect(await newest.textContent()).toContain('No property');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'ledger list at 390px');

    // Two rows selected by their checkboxes, ignored in bulk; the list shows them as ignored.
    for (const name of ['Paged row 27', 'Paged row 26']) await rowCheckbox(ledgerRow(page, name)).check();
    await page.getByText('2 transactions selected').waitFor();
    await page.getByTestId('bulk-actions').locator('button').first().click();
    await clickOption(page.getByRole('menuitem', { name: 'Ignore', exact: true }));
    await expectToast(page, 'Ignored: 2 transactions updated.');
    for (const name of ['Paged row 27', 'Paged row 26'])
      await expect.poll(() => ledgerRow(page, name).textContent()).toContain('Ignored');
    expect(await ledgerRow(page, 'Paged row 25').textContent()).not.toContain('Ignored');

    // Tapping a name opens the transaction.
    await ledgerRow(page, 'Paged row 25').getByTestId('transaction-row-link').click();
    await expect
      .poll(() => flyout(page).getByTestId('transaction-name').locator('input').inputValue())
      .toBe('Paged row 25');
    await page.keyboard.press('Escape');
    await flyout(page).waitFor({ state: 'hidden' });

    // The first answer's cursor makes page 2 known; its answer ends the list.
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(shownNames).toEqual(['Paged row 01', 'Paged row 02']);
    await expect.poll(() => pagination.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pagination.getByRole('button', { name: 'Page 1', exact: true }).click();
    await expect.poll(shownNames).toEqual(newestFirst.slice(0, 25).sort());
    await pagination.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(shownNames).toEqual(['Paged row 01', 'Paged row 02']);
    // The page size comes from the list's preferences menu (a list has no columns to choose), and is remembered.
    await page.getByRole('button', { name: 'Preferences' }).click();
    await clickOption(page.getByRole('menuitemcheckbox', { name: '50 transactions' }));
    await expect.poll(shownNames).toEqual([...names].sort());
    await page.getByRole('button', { name: 'Preferences' }).click();
    const sizeChecked = (size: number) =>
      page.getByRole('menuitemcheckbox', { name: `${size} transactions` }).getAttribute('aria-checked');
    expect([await sizeChecked(25), await sizeChecked(50), await sizeChecked(100)]).toEqual(['false', 'true', 'false']);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect.poll(shownNames).toEqual([...names].sort());
    expect(await pagination.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    // A filter starts again at page 1 with its own cursors.
    await page.goto('/transactions?search=Paged%20row%202');
    await expect.poll(shownNames).toEqual(names.filter((n) => n.startsWith('Paged row 2')).sort());
    await expect.poll(() => pagination.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    expect(chunksOf('TransactionFilterBar')).toEqual([]);
    await page
      .getByTestId('transactions-filter-section')
      .getByRole('button', { name: /Filters/ })
      .click();
    await expect.poll(() => page.getByTestId('transactions-search').locator('input').inputValue()).toBe('Paged row 2');
    expect(chunksOf('TransactionFilterBar')).toHaveLength(1);
    // Nor the table's preferences dialog, nor the bulk actions' dialog (no action here needed one).
    expect(chunksOf('LedgerTable')).toEqual([]);
    expect(chunksOf('TablePreferences')).toEqual([]);
    expect(chunksOf('BulkModals')).toEqual([]);

    // Dark mode: the same list, axe clean.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect.poll(shownNames).toEqual(names.filter((n) => n.startsWith('Paged row 2')).sort());
    expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    await expectAccessible(page, 'ledger list at 390px, dark');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
