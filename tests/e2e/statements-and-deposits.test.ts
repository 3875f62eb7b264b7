import { readFile } from 'node:fs/promises';
import { fillPath, routes, shiftMonth } from '@rent/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { pdfPages } from '../support/pdf-text.js';
import { DESKTOP, expectAccessible, PHONE, recordChunks, revealBelowTheFold, signInAt, useBrowser } from './browser.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * A tenant's statement PDF from Rental History on a phone (and staff's from the lease's ledger) holds the home, the
 * ledger's lines and the balance; the Security deposits tab shows what the ledger holds beside what the lease asks
 * for, axe clean at 1366 and 390 px. The Aging tab's CSV and PDF list an owing lease.
 */
const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(dollars);

/** Clicks a download button and reads the PDF's text back: every string drawn, all pages. */
async function downloadPdfText(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).first().click()]);
  const bytes = new Uint8Array(await readFile((await file.path())!));
  expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
  return { name: file.suggestedFilename(), text: (await pdfPages(bytes)).flat() };
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('tenant statements and security deposits, in Chromium', () => {
  const browser = useBrowser();

  it("a tenant downloads their statement on a phone; staff download the same from the lease's ledger", async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'statement', '/properties');
    const home = await org.addProperty({ address: uniqueName('7 Statement Street') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'stated');
    const start = `${shiftMonth(today().slice(0, 7), -2)}-01`;
    const created = await org.api.post<{ lease: { id: string } }>(fillPath(routes.createLease.path, { id: home.id }), {
      userId: tenant.userId,
      leaseStart: start,
      unitLabel: 'Unit 4',
      monthlyRent: 1000,
      rentDueDay: 1,
      graceDays: 5,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const leaseId = created.body.lease.id;
    // The first month paid in part: a payment line, and 2,500 of three months' rent still owed.
    await org.addTransaction({
      name: uniqueName('Rent from the tenant'),
      date: `${start.slice(0, 7)}-03`,
      amount: 500,
      category: 'rental_income',
      propertyId: home.id,
      leaseId,
    });
    const ledger = (await org.api.get(fillPath(routes.getTenantLedger.path, { id: leaseId }))).body;
    expect(ledger.totals.owedNow).toBe(2500);

    // The tenant, on a phone: the button is on the lease's card; the PDF states the home, the lines and the balance.
    const phone = await browser.newPage(PHONE);
    await signInAt(phone.page, tenant.email, '/rental-history');
    const card = phone.page.getByTestId('rental-lease');
    await card.waitFor();
    await revealBelowTheFold(phone.page);
    await card.getByTestId('rental-ledger-line').first().waitFor();
    await expectAccessible(phone.page, 'rental history with the statement button at 390px');
    await noSideScroll(phone.page);
    const statement = await downloadPdfText(phone.page, 'rental-statement-pdf');
    expect(statement.name).toMatch(/^statement-7-statement-street-.*unit-4-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(statement.text).toContain(`${home.address}, Unit 4`);
    expect(statement.text.some((t) => t.includes(tenant.email))).toBe(true);
    expect(statement.text).toContain(`Balance due ${usd(2500)}`);
    expect(statement.text).toContain('Payments received');
    expect(statement.text.filter((t) => t === 'Rent').length).toBe(
      ledger.lines.filter((l: { label: string }) => l.label === 'Rent').length,
    );
    for (const line of ledger.lines as { date: string }[]) expect(statement.text).toContain(line.date);
    expect(statement.text).toContain('Total');

    // Staff: the same statement from the lease's ledger in the Tenants and leases drawer.
    await org.arrive();
    await page.getByRole('radio', { name: home.address }).click();
    await page.getByTestId('property-leases').click();
    const drawer = page.getByTestId('leases-drawer');
    await drawer.getByTestId('lease-ledger-open').click();
    await drawer.getByTestId('ledger-lines').locator('tbody tr').first().waitFor();
    const staff = await downloadPdfText(page, 'ledger-statement-pdf');
    expect(staff.text).toContain(`Balance due ${usd(2500)}`);
    expect(staff.text).toContain(`${home.address}, Unit 4`);
    await expectAccessible(page, 'lease ledger with the statement button');

    // The Aging tab's downloads list the same lease with what it owes now, from one table model.
    await page.goto('/reports?tab=aging');
    await page.getByTestId('aging-table').locator('tbody tr').first().waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('aging-csv').click()]);
    expect(file.suggestedFilename()).toMatch(/^aging-as-of-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, 'utf8')).split('\r\n');
    expect(csv.find((line) => line.includes(tenant.email))).toContain(',Unit 4,2500.00,');
    const aging = await downloadPdfText(page, 'aging-pdf');
    expect(aging.text).toContain('2,500.00');
  });

  it('the Security deposits tab shows what the ledger holds beside what the lease asks for', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'deposits', '/reports?tab=deposits');
    const home = await org.addProperty({ address: uniqueName('9 Deposit Drive') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'deposited');
    const created = await org.api.post(fillPath(routes.createLease.path, { id: home.id }), {
      userId: tenant.userId,
      leaseStart: `${today().slice(0, 7)}-01`,
      monthlyRent: 1200,
      securityDeposit: 1800,
      rentDueDay: 1,
      graceDays: 5,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await org.addTransaction({
      name: uniqueName('Deposit received'),
      date: `${today().slice(0, 7)}-01`,
      amount: 1500.25,
      category: 'security_deposit',
      propertyId: home.id,
    });

    await org.arrive();
    const totals = page.getByTestId('deposits-totals');
    await totals.waitFor();
    expect(await page.getByTestId('deposits-held').textContent()).toBe(usd(1500.25));
    const shown = await totals.textContent();
    expect(shown).toContain(usd(1800));
    // Held and asked for differ: the difference is said, and why a deposit is not income.
    expect(shown).toContain('Difference');
    expect(shown).toContain(usd(-299.75));
    await page.getByText('a liability, not income').waitFor();
    const property = page.getByTestId('deposits-property');
    expect(await property.textContent()).toContain(home.address);
    expect(await property.getByTestId('deposits-table').locator('tbody tr').first().textContent()).toContain(usd(1800));
    expect(await page.getByTestId('deposits-month').textContent()).toContain(today().slice(0, 4));
    await expectAccessible(page, 'security deposits');

    // The CSV: the property's row and the total of all properties, from the same table model as the PDF.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('deposits-csv').click()]);
    expect(file.suggestedFilename()).toBe(`security-deposits-${today().slice(0, 7)}.csv`);
    const csv = (await readFile((await file.path())!, 'utf8'))
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv.at(-1)).toBe('All properties,,,1500.25,0.00,1500.25,1800.00');
    const pdf = await downloadPdfText(page, 'deposits-pdf');
    expect(pdf.text).toContain('1,500.25');

    // The landlord on a phone: each lease a row, its deposit at the end; no table code.
    const landlord = await browser.newPage(PHONE);
    const chunksOf = recordChunks(landlord.page);
    await signInAt(landlord.page, org.email, '/reports?tab=deposits');
    const lease = landlord.page.getByTestId('deposits-lease').filter({ hasText: tenant.email });
    await lease.waitFor();
    expect(await lease.textContent()).toContain(`${usd(1800)}Deposit`);
    expect(await landlord.page.getByTestId('deposits-held').textContent()).toBe(usd(1500.25));
    await expectAccessible(landlord.page, 'security deposits at 390px');
    await noSideScroll(landlord.page);
    expect(chunksOf('DepositsTable')).toEqual([]);
  });
});
