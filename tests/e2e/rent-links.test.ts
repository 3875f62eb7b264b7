import { fillPath, routes, shiftMonth } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { DESKTOP, expectAccessible, useBrowser } from './browser.js';
import { expectToast } from './ledger.js';
import { signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * "Link past rent to leases" in the web (docs/tenants-and-maintenance.md "Linking past rent"): on a property with two
 * leases no rule links rent on arrival, so the rent roll says Late; the review suggests each payment's lease by the
 * tenant's name in its description, says why, and once linked the rent roll says Paid. Axe on the review.
 */
const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('linking past rent, in Chromium', () => {
  const browser = useBrowser();

  it('the landlord links rent to its leases from the rent roll, and the roll turns from Late to Paid', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await signInToOwnOrganization(page, 'rent-links');
    const home = await org.addProperty({ address: uniqueName('8 Two Flat Row') });
    const last = shiftMonth(thisMonth(), -1);
    for (const label of ['okonkwo', 'lindqvist']) {
      const tenant = await joinAs(org.organization.id, 'TENANT', label);
      const lease = await org.api.post(fillPath(routes.createLease.path, { id: home.id }), {
        userId: tenant.userId,
        unitLabel: label === 'okonkwo' ? 'Upstairs' : 'Downstairs',
        leaseStart: `${last}-01`,
        leaseEnd: `${last}-28`,
        monthlyRent: 1000,
      });
      expect(lease.status, JSON.stringify(lease.body)).toBe(201);
      await org.addTransaction({
        name: uniqueName(`Zelle from ${label.toUpperCase()}`),
        date: `${last}-03`,
        amount: 1000,
        category: 'rental_income',
        propertyId: home.id,
      });
    }

    await page.goto(`/reports?tab=rent-roll&from=${last}&to=${last}`);
    const leases = page.getByTestId('rent-roll-lease');
    await expect.poll(() => leases.count()).toBe(2);
    for (const status of await leases.allTextContents()) expect(status).toContain('Late');

    await page.getByTestId('rent-links-open').click();
    const review = page.getByTestId('rent-links');
    const rows = review.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    for (const row of await rows.allTextContents()) expect(row).toContain("The tenant's name is in the description");
    expect(await rows.filter({ hasText: 'OKONKWO' }).textContent()).toContain('Upstairs');
    await expectAccessible(page, 'link past rent review');
    await review.getByTestId('rent-links-apply').click();
    await expectToast(page, 'Linked 2 payments to their leases');
    await expect.poll(async () => (await leases.allTextContents()).every((text) => text.includes('Paid'))).toBe(true);
  });
});
