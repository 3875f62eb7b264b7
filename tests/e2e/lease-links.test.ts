import { fillPath, routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { clickOption, expectAccessible, PHONE, revealBelowTheFold, useBrowser } from './browser.js';
import { flyout, ledgerRow, ledgerShown, rowOpener, save } from './ledger.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Lease links (docs/ledger.md "Lease links"): in a fresh organization, a property with two leases of the same rent
 * running this month, so rent from a payer no one linked before is linked to no lease automatically. At 390 px the landlord opens the rent in the flyout,
 * reaches the Lease picker from the keyboard, picks Room B's lease and saves; the rent roll then shows Room B's
 * month paid and Room A's not. Axe clean with the picker open.
 */
describe('lease links, in Chromium', () => {
  const browser = useBrowser();

  it('picks a lease in the flyout and the rent roll shows that month paid', async () => {
    const { page } = await browser.newPage(PHONE);
    const org = await beginSignInToOwnOrganization(page, 'lease-links', '/transactions');
    const home = await org.addProperty({ address: uniqueName('7 Picker Place') });
    const [a, b] = await Promise.all([
      joinAs(org.organization.id, 'TENANT', 'room-a'),
      joinAs(org.organization.id, 'TENANT', 'room-b'),
    ]);
    const thisMonth = new Date().toISOString().slice(0, 7);
    for (const [tenant, unitLabel, monthlyRent] of [
      [a, 'Room A', 850],
      [b, 'Room B', 850],
    ] as const) {
      const res = await org.api.post(fillPath(routes.createLease.path, { id: home.id }), {
        userId: tenant.userId,
        unitLabel,
        leaseStart: `${thisMonth}-01`,
        monthlyRent,
        securityDeposit: 0,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const name = uniqueName('Rent Room B');
    const rent = await org.addTransaction({
      name,
      date: new Date().toISOString().slice(0, 10),
      amount: 850,
      category: 'rental_income',
      propertyId: home.id,
    });
    expect(rent.leaseId).toBeNull(); // two leases of the same rent, no payer learned: the person decides

    await org.arrive();
    await ledgerShown(page);
    await rowOpener(ledgerRow(page, name)).click();
    const picker = flyout(page).getByTestId('transaction-lease');
    await picker.waitFor();
    expect(await picker.textContent()).toContain('Linked automatically when the payment tells which lease it pays');
    // Keyboard: the picker's trigger takes focus and opens with Enter.
    const trigger = picker.locator('button').first();
    await trigger.focus();
    await page.keyboard.press('Enter');
    const option = page.getByRole('option', { name: /Room B/ });
    await option.waitFor();
    expect(await page.getByRole('option').count()).toBe(3); // No lease, Room A, Room B
    await expectAccessible(page, 'lease picker at 390px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await clickOption(option);
    expect(await trigger.textContent()).toContain('Room B');
    await flyout(page).getByText('Chosen by a person: automatic linking never changes it.').waitFor();
    await save(page, 'Update Transaction');
    expect((await org.getTransaction(rent.id)).leaseId).toBeTruthy();

    await page.goto(`/reports?tab=rent-roll&period=custom&from=${thisMonth}&to=${thisMonth}`);
    await page.getByTestId('rent-roll-totals').waitFor();
    await revealBelowTheFold(page);
    const roll = page.getByTestId('rent-roll-lease');
    await roll.first().waitFor();
    const roomB = roll.filter({ hasText: 'Room B' });
    const roomA = roll.filter({ hasText: 'Room A' });
    expect(await roomB.getByTestId('rent-roll-month').first().textContent()).toContain('Paid');
    expect(await roomB.getByTestId('rent-roll-month').first().textContent()).toContain('$850.00');
    expect(await roomA.getByTestId('rent-roll-month').first().textContent()).not.toContain('Paid');
    await expectAccessible(page, 'rent roll after linking');
  });
});
