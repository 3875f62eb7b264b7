import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickOption, expectAccessible, PHONE, signInAt, useBrowser } from './browser.js';
import { expectToast, ledgerShown } from './ledger.js';
import { ownOrganization, uniqueName } from './own-org.js';

const reviewRows = createWrapper().findTable('[data-testid="import-review"]').findRows().toSelector();
const previewRows = createWrapper().findTable('[data-testid="import-mapping-preview"]').findRows().toSelector();

/**
 * Chase checking's real export: "Details" (DEBIT/CREDIT/CHECK) comes first, the description third, and each row
 * ends in an extra comma. Every day is 12 or less, so only the bank's known date order avoids the question.
 */
function chaseCsv(names: { plumber: string; rent: string; water: string }) {
  return Buffer.from(
    [
      'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #',
      `DEBIT,10/02/2024,"${names.plumber}",-450.00,ACH_DEBIT,8123.45,,`,
      `CREDIT,10/01/2024,"${names.rent}",2100.00,ACH_CREDIT,8573.45,,`,
      `DEBIT,10/05/2024,"${names.water}",-84.20,ACH_DEBIT,8039.25,,`,
    ].join('\r\n'),
  );
}

async function checked(page: Page, name: string) {
  return page.locator(reviewRows).filter({ hasText: name }).locator('input[type="checkbox"]').isChecked();
}

describe('file import of a bank export on a phone', () => {
  const browser = useBrowser();

  it('imports a Chase checking CSV through the wizard at 390 px: columns from the bank, a possible duplicate unticked with why, undo asks first; axe clean', async () => {
    const org = await ownOrganization('import-chase');
    const names = { plumber: uniqueName('ACE PLUMBING'), rent: uniqueName('RENT UNIT 2'), water: uniqueName('WATER') };
    // Already in the ledger two days before the file's line: a possible duplicate, not a certain one.
    await org.addTransaction({ name: names.water, date: '2024-10-03', amount: -84.2 });

    const { page } = await browser.newPage(PHONE);
    await signInAt(page, org.email, '/transactions');
    await ledgerShown(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const wizard = page.getByTestId('import-wizard');
    await wizard.getByText('Bank file').waitFor();
    await page
      .getByTestId('import-file')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'chase-oct.csv', mimeType: 'text/csv', buffer: chaseCsv(names) });
    await page.getByTestId('import-file-summary').getByText('CSV file: 3 rows, header on line 1.').waitFor();
    await expectAccessible(page, 'Chase import at 390px: file');

    // Step 2: recognised as Chase checking; the description column is Description, the dates read as the bank writes.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page
      .getByTestId('import-mapping-origin')
      .getByText(/Chase \(checking or savings\) export/)
      .waitFor();
    await page.getByTestId('import-mapping-preview').getByText('Preview: 3 rows read').waitFor();
    const preview = (await page.locator(previewRows).allTextContents()).join('\n');
    expect(preview).toContain(names.plumber);
    expect(preview).toContain('2024-10-02');
    expect(preview).not.toMatch(/DEBIT|CREDIT/);
    await expectAccessible(page, 'Chase import at 390px: mapping');

    // Step 3: the near twin starts unticked and says which transaction it matches; the new rows are ticked.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.locator(reviewRows).first().waitFor();
    const water = page.locator(reviewRows).filter({ hasText: names.water });
    await expect
      .poll(() => water.textContent())
      .toMatch(
        /Possible duplicate.*Same amount and name, 2 days apart: 2024-10-03, .*-\$84\.20, no account \(Manual\)/,
      );
    expect(await checked(page, names.water)).toBe(false);
    expect(await checked(page, names.plumber)).toBe(true);
    expect(await checked(page, names.rent)).toBe(true);
    await page.getByTestId('import-review').getByText('(2/3)').waitFor();
    await expectAccessible(page, 'Chase import at 390px: review');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await wizard.getByRole('button', { name: 'Import 2 transactions' }).click();
    await expectToast(page, /Import complete.*2 transactions imported from chase-oct\.csv; 1 row left out\./);
    await wizard.waitFor({ state: 'hidden' });
    expect(await org.findTransaction(names.plumber)).toMatchObject({
      source: 'import',
      importFileName: 'chase-oct.csv',
      amount: -450,
      date: '2024-10-02',
    });

    // Undo from the toast asks first, saying how many transactions go; Cancel keeps them.
    await page.getByRole('button', { name: 'Undo import' }).click();
    const confirm = page.getByTestId('import-undo-confirm');
    await confirm.getByText('This removes the 2 transactions imported from').waitFor();
    await expectAccessible(page, 'Chase import at 390px: undo confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await org.findTransaction(names.rent)).source).toBe('import');

    await page.getByRole('button', { name: 'More import actions' }).click();
    await clickOption(page.getByRole('menuitem', { name: 'Import history' }));
    await page.getByRole('button', { name: 'Undo import of chase-oct.csv' }).click();
    await confirm.getByRole('button', { name: 'Remove 2 transactions' }).click();
    await expectToast(page, /Import undone.*2 transactions removed\./);
    await page.getByTestId('import-history').getByText('2 removed').waitFor();
    await expect.poll(async () => (await org.api.get('/api/transactions?limit=10')).body.transactions.length).toBe(1);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});
