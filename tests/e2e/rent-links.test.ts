import { fillPath, routes, shiftMonth } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { DESKTOP, expectAccessible, useBrowser } from './browser.js';
import { expectToast } from './ledger.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * "Link past rent to leases" in the web (docs/tenants-and-maintenance.md "Linking past rent"): on a property with two
 * leases, one check paid both rents, which arrival never splits, so the rent roll says Late for both; the review
 * suggests splitting it across the two leases, says why, and once applied the rent roll says Paid. Axe on the review.
 */
const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('linking past rent, in Chromium', () => {
  const browser = useBrowser();

  it('the landlord links rent to its leases from the rent roll, and the roll turns from Late to Paid', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const last = shiftMonth(thisMonth(), -1);
    const org = await beginSignInToOwnOrganization(
      page,
      'rent-links',
      `/reports?tab=rent-roll&from=${last}&to=${last}`,
    );
    const home = await org.addProperty({ address: uniqueName('8 Two Flat Row') });
    for (const [label, monthlyRent] of [
      ['okonkwo', 1000],
      ['lindqvist', 1200],
    ] as const) {
      const tenant = await joinAs(org.organization.id, 'TENANT', label);
      const lease = await org.api.post(fillPath(routes.createLease.path, { id: home.id }), {
        userId: tenant.userId,
        unitLabel: label === 'okonkwo' ? 'Upstairs' : 'Downstairs',
        leaseStart: `${last}-01`,
        leaseEnd: `${last}-28`,
        monthlyRent,
      });
      expect(lease.status, JSON.stringify(lease.body)).toBe(201);
    }
    const check = await org.addTransaction({
      name: uniqueName('Check 1207'),
      date: `${last}-03`,
      amount: 2200,
      category: 'rental_income',
      propertyId: home.id,
    });
    expect(check.leaseId).toBeNull();

    await org.arrive();
    const leases = page.getByTestId('rent-roll-lease');
    await expect.poll(() => leases.count()).toBe(2);
    for (const status of await leases.allTextContents()) expect(status).toContain('Late');

    await page.getByTestId('rent-links-open').click();
    const review = page.getByTestId('rent-links');
    const rows = review.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    const row = (await rows.first().textContent()) ?? '';
    expect(row).toContain('The amount is the rent of these leases together');
    expect(row).toContain('Upstairs');
    expect(row).toContain('Downstairs');
    await expectAccessible(page, 'link past rent review');
    await review.getByTestId('rent-links-apply').click();
    await expectToast(page, 'Linked 1 payment to leases');
    await expect.poll(async () => (await leases.allTextContents()).every((text) => text.includes('Paid'))).toBe(true);
  });
});
