import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, useBrowser } from './browser.js';
import { expectToast } from './ledger.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Loans (docs/reports-and-tax.md "Loans"): in a fresh organization the landlord adds a mortgage through the property's
 * Loans drawer, opens it (schedule, balance chart, interest), and applies it to the payment to the lender: the preview
 * shows the split, and the payment is split into interest, principal and escrow; then records a premium the lender
 * paid from escrow. Axe on each; 390 px without side scrolling.
 */
async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('loans, in Chromium', () => {
  const browser = useBrowser();

  it('a landlord adds a loan and splits a payment to the lender by it; axe clean; 390px', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'loans', '/properties');
    const home = await org.addProperty({ address: uniqueName('9 Mortgage Mews') });
    const lender = uniqueName('Prairie Mortgage');
    const year = new Date().getUTCFullYear();
    const paid = await org.addTransaction({
      name: `${lender} payment`,
      date: `${year}-02-01`,
      amount: -2366.7,
      category: 'mortgage',
      propertyId: home.id,
    });

    await org.arrive();
    await page.getByRole('radio', { name: home.address }).click();
    await page.getByTestId('property-loans').click();
    const drawer = page.getByTestId('loans-drawer');
    await drawer.getByText('No loans').waitFor();
    await drawer.getByTestId('loan-add').click();
    const fill = (field: string, value: string) => drawer.getByTestId(`loan-${field}`).locator('input').fill(value);
    await fill('lender', lender);
    await fill('principal', '300000');
    await fill('annualRate', '6.5');
    await fill('termMonths', '360');
    await fill('firstPaymentDate', `${year}/02/01`);
    await fill('escrowTaxes', '350');
    await fill('escrowInsurance', '120.50');
    await expectAccessible(page, 'add loan form');
    await drawer.getByTestId('loan-save').click();
    await expectToast(page, 'Loan added');
    const table = drawer.getByTestId('loans-table');
    await expect.poll(() => table.textContent()).toContain('$2,366.70');
    expect(await table.textContent()).toContain('6.5%');
    await expectAccessible(page, 'loans');

    // The loan: its schedule a year a page, the chart, the year's interest.
    await drawer.getByTestId('loan-open').click();
    const schedule = drawer.getByTestId('loan-schedule');
    await expect.poll(() => schedule.textContent()).toContain('$1,625.00');
    expect(await schedule.textContent()).toContain('$299,728.80');
    await drawer.getByTestId('loan-balance-chart').locator('svg').first().waitFor();
    await expect.poll(() => drawer.getByTestId('loan-interest').textContent()).toContain('Not entered');
    await expectAccessible(page, 'loan detail');

    // Apply it to the payment: pick it, see the split, confirm.
    await drawer.getByTestId('loan-apply').click();
    const modal = page.getByTestId('loan-apply-modal');
    await modal.getByRole('radio', { name: new RegExp(lender) }).click();
    const preview = modal.getByTestId('loan-apply-preview');
    await expect.poll(() => preview.textContent()).toContain('-$1,625.00');
    const text = (await preview.textContent()) ?? '';
    for (const expected of [
      'Mortgage interest',
      'Loan principal',
      '-$271.20',
      'Property tax escrows',
      '-$350.00',
      'Insurance escrows',
      '-$120.50',
    ])
      expect(text).toContain(expected);
    await expectAccessible(page, 'apply the loan to a payment');
    await modal.getByTestId('loan-apply-confirm').click();
    await expectToast(page, 'Payment split by the loan');
    const split = await org.getTransaction(paid.id);
    expect(split.parts?.map((p) => [p.category, p.amount])).toEqual([
      ['mortgage_interest', -1625],
      ['loan_principal', -271.2],
      ['property_tax_escrows', -350],
      ['insurance_escrows', -120.5],
    ]);
    await expect.poll(() => drawer.getByTestId('loan-interest').textContent()).toMatch(/In the ledger\s*\$1,625\.00/);
    const escrow = drawer.getByTestId('loan-escrow');
    await expect.poll(() => escrow.textContent()).toMatch(/Paid in\s*\$470\.50/);

    // The lender pays the insurance premium from escrow: recorded on the loan, a $0 line in the ledger.
    await drawer.getByTestId('loan-escrow-pay').click();
    const pay = page.getByTestId('loan-escrow-modal');
    await pay.getByTestId('loan-escrow-save').click();
    await pay.getByText('Enter the date the lender paid as YYYY/MM/DD').waitFor();
    await pay.getByRole('radio', { name: 'Insurance' }).click();
    await pay.getByTestId('loan-escrow-date').locator('input').fill(`${year}/02/15`);
    await pay.getByTestId('loan-escrow-amount').locator('input').fill('300');
    await expectAccessible(page, 'paid from escrow');
    await pay.getByTestId('loan-escrow-save').click();
    await expectToast(page, 'Escrow payment recorded');
    await expect.poll(() => escrow.textContent()).toMatch(/Paid from escrow\s*\$300\.00/);
    expect(await escrow.textContent()).toMatch(new RegExp(`Held at the end of ${year}\\s*\\$170\\.50`));
    expect(await drawer.getByTestId('loan-escrow-payments').textContent()).toContain('Insurance');
    const bill = await org.findTransaction(`Insurance paid from escrow by ${lender}`);
    expect(bill.amount).toBe(0);
    expect(bill.parts?.map((p) => [p.category, p.amount])).toEqual([
      ['insurance', -300],
      ['insurance_escrows', 300],
    ]);

    // The same drawer on a phone.
    await page.setViewportSize(PHONE);
    await schedule.getByText('$1,625.00').first().waitFor();
    await expectAccessible(page, 'loan detail at 390px');
    await noSideScroll(page);
  });
});
