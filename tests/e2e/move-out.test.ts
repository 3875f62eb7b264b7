import { readFile } from 'node:fs/promises';
import { fillPath, routes, shiftMonth } from '@rent/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { pdfPages } from '../support/pdf-text.js';
import { DESKTOP, expectAccessible, signInAt, useBrowser } from './browser.js';
import { expectToast } from './ledger.js';
import { ownOrganization, uniqueName } from './own-org.js';

/**
 * Move-out in the web: a landlord moves a tenant out in the Tenants and leases drawer with a cleaning deduction and
 * the deposit applied to the rent owed, sees what is returned, and downloads the move-out statement, whose text
 * states the home, the tenant, each line and what is returned. Axe on the form and on the result.
 */
const today = () => new Date().toISOString().slice(0, 10);
const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(dollars);
const input = (scope: Locator, testId: string) => scope.getByTestId(testId).locator('input').first();

async function downloadPdfText(page: Page, scope: Locator, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), scope.getByTestId(testId).first().click()]);
  const bytes = new Uint8Array(await readFile((await file.path())!));
  expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
  return { name: file.suggestedFilename(), text: (await pdfPages(bytes)).flat() };
}

describe('move-out, in Chromium', () => {
  const browser = useBrowser();

  it('a landlord moves a tenant out with a deduction and downloads the move-out statement', async () => {
    const org = await ownOrganization('move-out');
    const home = await org.addProperty({ address: uniqueName('5 Farewell Road') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'leaving');
    const start = `${shiftMonth(today().slice(0, 7), -1)}-01`;
    const created = await org.api.post<{ lease: { id: string } }>(fillPath(routes.createLease.path, { id: home.id }), {
      userId: tenant.userId,
      leaseStart: start,
      monthlyRent: 1000,
      securityDeposit: 1500,
      rentDueDay: 1,
      graceDays: 5,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const leaseId = created.body.lease.id;
    await org.addTransaction({
      name: uniqueName('Deposit in'),
      date: start,
      amount: 1500,
      category: 'security_deposit',
      propertyId: home.id,
    });
    // Last month paid; this month's rent is owed.
    await org.addTransaction({
      name: uniqueName('Rent'),
      date: start,
      amount: 1000,
      category: 'rental_income',
      propertyId: home.id,
      leaseId,
    });

    const landlord = await joinAs(org.organization.id, 'LANDLORD', 'landlord');
    const { page } = await browser.newPage(DESKTOP);
    await signInAt(page, landlord.email, '/properties');
    await page.getByRole('radio', { name: home.address }).click();
    await page.getByTestId('property-leases').click();
    const drawer = page.getByTestId('leases-drawer');
    await drawer.getByTestId('leases-table').getByText('Active').waitFor();
    await drawer.getByTestId('lease-move-out').click();

    const view = drawer.getByTestId('lease-move-out');
    await view.getByRole('button', { name: 'Add deduction' }).click();
    await input(view, 'move-out-deduction-label').fill('Carpet cleaning');
    await input(view, 'move-out-deduction-amount').fill('120.50');
    const summary = view.getByTestId('move-out-summary');
    await expect.poll(() => summary.textContent()).toContain(usd(379.5));
    expect(await summary.textContent()).toContain(usd(1120.5));
    await expectAccessible(page, 'move-out form');
    await view.getByTestId('move-out-confirm').click();
    await expectToast(page, 'Tenant moved out');
    await view.getByText('Tenant moved out').waitFor();
    expect(await view.textContent()).toContain(usd(379.5));
    await expectAccessible(page, 'move-out done');

    const pdf = await downloadPdfText(page, view, 'move-out-statement-pdf');
    expect(pdf.name).toMatch(/^move-out-statement-5-farewell-road-.*\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.text).toContain(home.address);
    expect(pdf.text.some((t) => t.includes(tenant.email))).toBe(true);
    expect(pdf.text).toContain(`Move-out date: ${today()}`);
    expect(pdf.text).toEqual(
      expect.arrayContaining([
        'Security deposit held',
        '1,500.00',
        'Carpet cleaning',
        '120.50',
        `Unpaid rent and charges on ${today()}`,
        '1,000.00',
        'Total applied from the deposit',
        '1,120.50',
        'To be returned to the tenant',
        '379.50',
        `To be returned: ${usd(379.5)}`,
      ]),
    );

    // The books: the deposit held falls by what was applied, and the tenant owes nothing.
    const deposits = await org.api.get(routes.getSecurityDepositsReport.path);
    const row = deposits.body.properties.find((p: { propertyId: string }) => p.propertyId === home.id);
    expect(row.held).toBe(379.5);
    const ledger = await org.api.get(fillPath(routes.getTenantLedger.path, { id: leaseId }));
    expect(ledger.body.totals.owedNow).toBe(0);

    // Back at the list, the lease ends today and its statement is still there to download; no second move-out.
    await view.getByTestId('move-out-back').click();
    await drawer.getByTestId('move-out-statement-pdf').waitFor();
    expect(await drawer.getByTestId('lease-move-out').count()).toBe(0);
    await expectAccessible(page, 'leases with a move-out statement');
  });
});
