import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../support/pdf-text.js';
import { unzip } from '../support/zip.js';
import { DESKTOP, expectAccessible, PHONE, useBrowser } from './browser.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Reports in Chromium: the Transactions by category tab shows a category with its subtotal; the rent roll tab
 * downloads a PDF; the Tax package panel builds last year's package (progress, then Download) and the zip it
 * downloads lists the reports and the README. Axe clean, and the tab reads at 390 px.
 */
async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

describe('tax package and transactions by category, in Chromium', () => {
  const browser = useBrowser();

  it("shows a category subtotal, downloads the rent roll PDF, builds and downloads last year's tax package", async () => {
    const { page } = await browser.newPage(DESKTOP);
    const lastYear = String(new Date().getUTCFullYear() - 1);
    const report = `/reports?tab=transactions-by-category&period=custom&from=${lastYear}-01&to=${lastYear}-12`;
    const org = await beginSignInToOwnOrganization(page, 'tax-package', report);
    const home = await org.addProperty({ address: uniqueName('7 Zip Street') });
    const fix = uniqueName('Fix sink');
    await org.addTransaction({
      name: fix,
      date: `${lastYear}-04-02`,
      amount: -120.25,
      category: 'repairs',
      propertyId: home.id,
    });
    await org.addTransaction({
      name: uniqueName('Fix door'),
      date: `${lastYear}-05-09`,
      amount: -80.5,
      category: 'repairs',
      propertyId: home.id,
    });
    await org.addTransaction({
      name: uniqueName('Rent'),
      date: `${lastYear}-05-01`,
      amount: 1400,
      category: 'rental_income',
      propertyId: home.id,
    });

    // The tab's code loads when the tab is first shown. Held back until the report has answered, it still shows the
    // answer (React Query re-renders only for the result fields read so far, and the page reads none of this one's).
    const answered = page.waitForResponse((response) => response.url().includes('/transactions-by-category?'));
    await page.route(/\/assets\/TransactionsByCategoryTab-[\w-]+\.js$/, async (route) => {
      await answered;
      await route.continue();
    });
    await org.arrive();
    const table = page.getByTestId('detail-table');
    await table.waitFor();
    const text = (await table.textContent()) ?? '';
    expect(text).toContain(fix);
    expect(text).toContain('Repairs subtotal');
    expect(text).toContain('-$200.75');
    expect(text).toContain('$1,199.25');
    await expectAccessible(page, 'transactions by category');
    const csv = await download(page, 'detail-csv');
    expect(csv.name).toBe(`transactions-by-category-${lastYear}.csv`);
    expect(csv.bytes.toString('utf8')).toContain('Operating expenses,Repairs subtotal,,2 transactions,,-200.75');

    // On a phone the categories are a list, each opening into its transactions.
    await page.setViewportSize(PHONE);
    const repairs = page.getByTestId('detail-category').filter({ hasText: 'Repairs' });
    expect(await repairs.textContent()).toContain('2 transactions');
    expect(await repairs.textContent()).toContain('-$200.75');
    expect(await repairs.textContent()).not.toContain(fix);
    await repairs.getByRole('button', { name: 'Repairs' }).click();
    await expect.poll(() => repairs.textContent()).toContain(fix);
    expect(await repairs.getByRole('button', { name: 'Repairs' }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('detail-total').first().textContent()).toContain('$1,199.25');
    expect(await table.count()).toBe(0);
    await expectAccessible(page, 'transactions by category at 390px');
    await page.setViewportSize(DESKTOP);

    await page.goto(`/reports?tab=rent-roll&period=custom&from=${lastYear}-01&to=${lastYear}-12`);
    const rentPdf = await download(page, 'rent-roll-pdf');
    expect(rentPdf.name).toBe(`rent-roll-${lastYear}.pdf`);
    expect((await pdfPages(rentPdf.bytes)).flat().join(' ')).toContain('Rent roll');

    // The tax package: last year is the default; Build shows progress, then Download.
    const panel = page.getByTestId('tax-package');
    await panel.scrollIntoViewIfNeeded();
    expect(await page.getByTestId('tax-package-year').textContent()).toContain(lastYear);
    await page.getByTestId('tax-package-build').click();
    await page.getByTestId('tax-package-progress').waitFor();
    expect(await page.getByTestId('tax-package-progress').textContent()).toContain(
      `Building the ${lastYear} tax package`,
    );
    await page.getByTestId('tax-package-download').waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'tax package built');
    const zip = await download(page, 'tax-package-download');
    expect(zip.name).toBe(`Tax package ${lastYear} ${org.organization.name}.zip`.replace(/[^\w.-]+/g, '_'));
    const names = [...(await unzip(zip.bytes)).keys()];
    expect(names).toContain('README.txt');
    expect(names).toContain(`reports/01 Profit and loss ${lastYear}.pdf`);
    expect(names).toContain(`reports/05 Transactions by category ${lastYear}.csv`);
    // One property's worksheet and the summary across properties (lines 23a-26), each as CSV and PDF.
    const scheduleE = names.filter((n) => n.startsWith('reports/02 Schedule E'));
    expect(scheduleE).toHaveLength(4);
    expect(scheduleE).toContain(`reports/02 Schedule E ${lastYear} - Summary (lines 23a-26).pdf`);
    expect(scheduleE).toContain(`reports/02 Schedule E ${lastYear} - Summary (lines 23a-26).csv`);
  });
});
