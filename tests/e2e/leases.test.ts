import { shiftMonth } from '@rent/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import {
  clickOption,
  DESKTOP,
  expectAccessible,
  PHONE,
  recordChunks,
  revealBelowTheFold,
  signInAt,
  useBrowser,
} from './browser.js';
import { expectToast } from './ledger.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Leases and Rental History: in a fresh organization the landlord adds a lease for a tenant who has
 * joined, through the property's Tenants and leases drawer; the landlord records last month's rent; the tenant,
 * on a 390 px phone, opens Rental History and sees the lease and its months with their statuses. Axe on each.
 */
async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

const today = () => new Date().toISOString().slice(0, 10);

describe('leases and rental history, in Chromium', () => {
  const browser = useBrowser();

  it('a landlord adds a lease in the UI; the tenant sees it and the months with statuses at 390px; axe clean', async () => {
    const landlord = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(landlord.page, 'leases', '/properties');
    const home = await org.addProperty({ address: uniqueName('8 Tenancy Terrace') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'renter');
    const thisMonth = new Date().toISOString().slice(0, 7);
    const start = shiftMonth(thisMonth, -2);

    // The landlord: select the property, open Tenants and leases, add the lease.
    const page = landlord.page;
    await org.arrive();
    await page.getByRole('radio', { name: home.address }).click();
    await page.getByTestId('property-leases').click();
    const drawer = page.getByTestId('leases-drawer');
    await drawer.getByText('No leases').waitFor();
    await drawer.getByTestId('lease-add').click();
    await drawer.getByTestId('lease-tenant').locator('button').first().click();
    await clickOption(page.getByRole('option').filter({ hasText: tenant.email }));
    await drawer.getByTestId('lease-unitLabel').locator('input').fill('Apt 3');
    await drawer
      .getByTestId('lease-leaseStart')
      .locator('input')
      .fill(`${start.replace('-', '/')}/01`);
    await drawer.getByTestId('lease-monthlyRent').locator('input').fill('1200');
    await drawer.getByTestId('lease-securityDeposit').locator('input').fill('2400');
    await expectAccessible(page, 'add lease form');
    await drawer.getByTestId('lease-save').click();
    await expectToast(page, 'Lease added');
    const table = drawer.getByTestId('leases-table');
    await expect.poll(() => table.textContent()).toContain('Active');
    expect(await table.textContent()).toContain('Apt 3');
    expect(await table.textContent()).toContain('$1,200.00');
    await expectAccessible(page, 'tenants and leases');

    // Someone else changes the lease while the drawer shows it: "End today" sends the version shown, so it is
    // refused (409) and says so, and the list reloads with their change. The lease is not ended.
    const leasesPath = `/api/properties/${home.id}/leases`;
    const shown = (await org.api.get(leasesPath)).body.leases[0];
    const moved = await org.api.patch(`/api/leases/${shown.id}`, { rentDueDay: 2, version: shown.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const endToday = drawer.getByRole('button', { name: /^End today/ });
    await endToday.click();
    await expectToast(page, 'Someone else changed this lease');
    await expect.poll(() => table.textContent()).toContain('due day 2');
    expect((await org.api.get(leasesPath)).body.leases[0]).toMatchObject({ leaseEnd: null, rentDueDay: 2, version: 2 });
    // The same drawer on a phone: full width, axe clean, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    await table.getByText('Apt 3').waitFor();
    await expectAccessible(page, 'tenants and leases at 390px');
    await noSideScroll(page);

    // Last month's rent arrives. Payments pay the oldest charges first: it pays the first month, and last month stays
    // unpaid, past its grace days.
    await org.addTransaction({
      name: uniqueName('Rent Apt 3'),
      date: `${shiftMonth(thisMonth, -1)}-03`,
      amount: 1200,
      category: 'rental_income',
      propertyId: home.id,
    });

    // The tenant, on a phone: the months as a list, newest first; a phone asks for no table code.
    const phone = await browser.newPage(PHONE);
    const chunksOf = recordChunks(phone.page);
    await signInAt(phone.page, tenant.email, '/rental-history');
    const card = phone.page.getByTestId('rental-lease');
    await card.waitFor();
    await revealBelowTheFold(phone.page);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`${home.address}, Apt 3`);
    expect(text).toContain('$1,200.00');
    expect(text).toContain('$2,400.00');
    expect(text).toContain('Month to month');
    const months = phone.page.getByTestId('rental-month');
    expect(await months.count()).toBe(3);
    expect(await months.nth(1).textContent()).toContain('Late');
    expect(await months.nth(2).textContent()).toContain('Paid');
    expect(await months.nth(2).textContent()).toContain('Due $1,200.00 on');
    await expectAccessible(phone.page, 'rental history (tenant)');
    await noSideScroll(phone.page);
    expect(chunksOf('LeaseTables')).toEqual([]);

    // Back on the landlord's drawer, which shows the lease as saved now: "End today" ends it.
    await page.setViewportSize(DESKTOP);
    await endToday.click();
    await expectToast(page, 'Lease ended');
    expect((await org.api.get(leasesPath)).body.leases[0]).toMatchObject({ leaseEnd: today(), version: 3 });
  });

  it('staff opening Rental History get a pointer to the properties, not a placeholder', async () => {
    const { page } = await browser.newPage(PHONE);
    const staff = await beginSignInToOwnOrganization(page, 'leases-staff', '/rental-history');
    const chunksOf = recordChunks(page);
    await staff.arrive();
    const pointer = page.getByTestId('rental-history-staff');
    await pointer.getByText('Leases are managed on each property').waitFor();
    // Staff have no leases here: the lease cards' code (their rent tables) is never downloaded.
    expect(chunksOf('LeaseCard')).toEqual([]);
    await expectAccessible(page, 'rental history (staff)');
    await pointer.getByText('Go to Properties').click();
    await page.waitForURL(/\/properties$/);
  });
});
