import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../support/pdf-text.js';
import { clickOption, DESKTOP, expectAccessible, useBrowser } from './browser.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Schedule E line 12 and line 18 from the books in Chromium, in an organization of its own: a 39-year commercial
 * building with a land value, a mortgage payment split by its loan (interest), the building's depreciation taken
 * before the books carried in from the Depreciation tab and the bonus taken on new appliances; the tab, the CSV,
 * Schedule E and its per-property PDF carry the same numbers; axe clean.
 */
const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

describe('depreciation choices and Schedule E, in an organization of its own', () => {
  const browser = useBrowser();

  it('carries in the building, takes the bonus, and shows lines 12 and 18 on screen and in the PDF', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'depreciation-choices', '/reports?tab=depreciation&year=2025');
    const address = `${uniqueName('301 Main Street')}, Springfield, IL 62701`;
    // Basis 610,000 + 18,300 + 9,500 - 122,000 = 515,800, nonresidential: 39 years (Table A-7a).
    const shop = await org.addProperty({
      address,
      propertyType: 'COMMERCIAL',
      acquisitionDate: '2020-01-27',
      acquisitionPrice: 610_000,
      closingCosts: 18_300,
      otherInitialCosts: 9_500,
      landValue: 122_000,
    });
    const loan = await org.api.post<{ loan: { id: string } }>(`/api/properties/${shop.id}/loans`, {
      lender: 'First Federal Mortgage',
      principal: 300000,
      annualRate: '6.5',
      termMonths: 360,
      firstPaymentDate: '2025-02-01',
      escrowTaxes: 350,
      escrowInsurance: 120.5,
    });
    expect(loan.status).toBe(201);
    const paid = await org.addTransaction({
      name: uniqueName('FIRST FEDERAL MTG PMT'),
      date: '2025-02-01',
      amount: -2366.7,
      category: 'mortgage',
      propertyId: shop.id,
    });
    const split = await org.api.post(`/api/loans/${loan.body.loan.id}/payments`, {
      transactionId: paid.id,
      version: paid.version,
    });
    expect(split.status).toBe(200);
    const appliances = await org.addTransaction({
      name: uniqueName('Break room appliances'),
      date: '2025-06-03',
      amount: -2_000,
      category: 'appliances',
      propertyId: shop.id,
    });
    expect(appliances.id).toBeTruthy();

    // Without choices: the building's 2.564% (13,225.11) and the appliances' 20% (400.00).
    await org.arrive();
    await expect.poll(() => text(page, `depreciation-total-${shop.id}`)).toBe('$13,625.11');
    expect(await text(page, `depreciation-${shop.id}`)).toContain('Not taken (100%)');

    // The building's depreciation of 2020-2024, by the table: 12,693.84 + 4 x 13,225.11 = 65,594.28.
    await page.getByTestId('depreciation-edit-building').click();
    const modal = page.getByTestId('asset-choice-modal');
    await modal.getByTestId('asset-choice-prior').locator('input').waitFor();
    expect(await modal.getByTestId('asset-choice-bonus').count()).toBe(0); // a building cannot take it
    await modal.getByTestId('asset-choice-prior').locator('input').fill('65,594.28');
    await modal.getByTestId('asset-choice-through').locator('input').fill('2024');
    await expectAccessible(page, 'depreciation choice dialog');
    await modal.getByTestId('asset-choice-save').click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => text(page, `depreciation-${shop.id}`)).toContain('$65,594.28 through 2024');
    // Accumulated 65,594.28 + 13,225.11; remaining 515,800 - 78,819.39.
    const table = (await text(page, `depreciation-${shop.id}`)) ?? '';
    expect(table).toContain('$78,819.39');
    expect(table).toContain('$436,980.61');
    expect(table).not.toContain('Tell your preparer'); // the amount is the table's: nothing to flag

    // The appliances, placed in service June 2025: the bonus is 100% (acquired after January 19, 2025).
    await page.getByTestId('depreciation-edit-appliances@2025-06').click();
    await modal.getByTestId('asset-choice-bonus').waitFor();
    await modal.getByTestId('asset-choice-bonus').locator('button').first().click();
    await clickOption(page.getByRole('option', { name: /Take it: 100%/ }));
    await modal.getByTestId('asset-choice-save').click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => text(page, `depreciation-total-${shop.id}`)).toBe('$15,225.11');
    expect(await text(page, `depreciation-${shop.id}`)).toContain('$2,000.00 (100%)');
    await expectAccessible(page, 'depreciation with choices');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('depreciation-csv').click()]);
    const lines = (await readFile((await csv.path())!, 'utf8'))
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toContain(
      `"${address}",Building,"39-year nonresidential real property, straight line, mid-month",2020-01,515800.00,65594.28,,13225.11,78819.39,436980.61,Taken before the books through 2024.`,
    );
    expect(lines.some((l) => l.includes(',Appliances,') && l.includes(',2000.00,2000.00,2000.00,0.00,'))).toBe(true);

    // Schedule E: line 12 the interest of the payment split by the loan, line 18 the schedule's total.
    await page.goto('/reports?tab=schedule-e&year=2025');
    await expect.poll(() => text(page, 'schedule-e-line-12')).toBe('$1,625.00');
    expect(await text(page, 'schedule-e-line-18')).toBe('$15,225.11');
    await expectAccessible(page, 'schedule e with depreciation');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('schedule-e-pdf').click()]);
    const drawn = (await pdfPages(new Uint8Array(await readFile((await pdf.path())!)))).flat();
    expect(drawn).toEqual(expect.arrayContaining(['1,625.00', '15,225.11']));
    await context.close();
  });
});
