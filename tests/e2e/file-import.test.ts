import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickOption, DESKTOP, expectAccessible, PHONE, signInFromHeader, useBrowser } from './browser.js';
import { expectToast, ledgerRow, ledgerShown, openLedger } from './ledger.js';
import { beginSignInToOwnOrganization, ownOrganization, uniqueName } from './own-org.js';

const review = createWrapper().findTable('[data-testid="import-review"]');
const reviewRows = review.findRows().toSelector();

/** A bank's CSV: every day is 12 or less (so the date order is asked), one row already in the ledger, a same-day pair. */
function bankCsv(names: { water: string; coffee: string; plumber: string }) {
  return Buffer.from(
    [
      'Date,Description,Amount',
      `05/03/2024,${names.water},-84.20`,
      `05/07/2024,${names.coffee},-5.75`,
      `05/07/2024,${names.coffee},-5.75`,
      `05/12/2024,"${names.plumber}","-1,450.00"`,
    ].join('\r\n'),
  );
}

async function openWizard(page: Page, csv: Buffer) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const wizard = page.getByTestId('import-wizard');
  await wizard.getByText('Bank file').waitFor();
  await page.getByTestId('import-file').locator('input[type="file"]').setInputFiles({
    name: 'may-statement.csv',
    mimeType: 'text/csv',
    buffer: csv,
  });
  await page.getByTestId('import-file-summary').getByText('CSV file: 4 rows, header on line 1.').waitFor();
  return wizard;
}

describe('file import', () => {
  const browser = useBrowser();

  it('imports a CSV with one duplicate flagged, shows the rows in the ledger, and undoes the import', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'import', '/transactions');
    const names = {
      water: uniqueName('City Water'),
      coffee: uniqueName('Corner Coffee'),
      plumber: uniqueName('Plumber'),
    };
    await org.addTransaction({ name: names.water, date: '2024-05-03', amount: -84.2 });

    await org.arrive();
    await ledgerShown(page);
    const wizard = await openWizard(page, bankCsv(names));
    await expectAccessible(page, 'import wizard: file');

    // Step 2: the columns are found; the dates read two ways, so the order is asked before going on.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('import-mapping-preview').getByText('Preview: 0 rows read').waitFor();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Choose the order of the dates in this file.').first().waitFor();
    await page.getByTestId('import-date-order').getByText('Month/day/year (03/01/2024 or 3/1/24)').click();
    await page.getByTestId('import-mapping-preview').getByText('Preview: 4 rows read').waitFor();
    await page.getByTestId('import-mapping-preview').getByText('2024-05-12').waitFor();
    await expectAccessible(page, 'import wizard: mapping');

    // Step 3: the row already in the ledger is a Duplicate and left out; the same-day pair stays two New rows.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.locator(reviewRows).first().waitFor();
    const row = (name: string) => page.locator(reviewRows).filter({ hasText: name });
    await expect.poll(() => row(names.water).textContent()).toMatch(/Duplicate.*Same date, amount and name/);
    expect(await row(names.coffee).count()).toBe(2);
    for (const text of await row(names.coffee).allTextContents()) expect(text).toMatch(/New/);
    expect(await row(names.water).locator('input[type="checkbox"]').isChecked()).toBe(false);
    expect(await row(names.plumber).locator('input[type="checkbox"]').isChecked()).toBe(true);
    await page
      .getByTestId('import-review')
      .getByText(
        '3 new, 1 duplicate, 0 possible duplicates. Ticked rows are imported; duplicates and possible duplicates start unticked.',
      )
      .waitFor();
    await expectAccessible(page, 'import wizard: review');

    await wizard.getByRole('button', { name: 'Import 3 transactions' }).click();
    await expectToast(
      page,
      /Import complete.*3 transactions imported from may-statement\.csv; 1 row left out\..*Undo import/,
    );
    await page.getByTestId('import-wizard').waitFor({ state: 'hidden' });

    // The ledger shows the imported rows (the pair as two), and the original one once.
    await expect.poll(() => ledgerRow(page, names.coffee).count()).toBe(2);
    await expect.poll(() => ledgerRow(page, names.plumber, '-$1,450.00').count()).toBe(1);
    expect(await ledgerRow(page, names.water).count()).toBe(1);

    // Undo from the import history: the imported rows are gone, the hand-entered one stays.
    await page.getByRole('button', { name: 'More import actions' }).click();
    await clickOption(page.getByRole('menuitem', { name: 'Import history' }));
    const history = page.getByTestId('import-history');
    await history.getByText('may-statement.csv').waitFor();
    await history.getByText('3 imported, 1 left out').waitFor();
    await expectAccessible(page, 'import history');
    await history.getByRole('button', { name: 'Undo import of may-statement.csv' }).click();
    // It asks first, saying how many transactions go.
    const confirm = page.getByTestId('import-undo-confirm');
    await confirm.getByText('This removes the 3 transactions imported from').waitFor();
    await confirm.getByRole('button', { name: 'Remove 3 transactions' }).click();
    await expectToast(page, /Import undone.*3 transactions removed\./);
    await history.getByText('3 removed').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => ledgerRow(page, names.coffee).count()).toBe(0);
    await expect.poll(() => ledgerRow(page, names.plumber).count()).toBe(0);
    expect(await ledgerRow(page, names.water).count()).toBe(1);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  it('at 390x844 in dark mode the wizard fits the screen, is reachable by keyboard and axe clean', async () => {
    const org = await ownOrganization('import-phone');
    await org.addTransaction({ name: uniqueName('Seed'), date: '2024-05-01', amount: -1 });
    const { page } = await browser.newPage(PHONE);
    await signInFromHeader(page, org.email);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await openLedger(page);
    expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    // Keyboard: focus the Import button and open the wizard with Enter.
    await page.getByRole('button', { name: 'Import', exact: true }).focus();
    await page.keyboard.press('Enter');
    const wizard = page.getByTestId('import-wizard');
    await wizard.getByText('Bank file').waitFor();
    await page
      .getByTestId('import-file')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'phone.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Date,Description,Amount\n2024-05-20,Phone import row,-12.00\n'),
      });
    await page.getByTestId('import-file-summary').waitFor();
    await expectAccessible(page, 'import wizard at 390px, dark');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'hidden' });
  });
});
