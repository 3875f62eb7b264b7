import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, useBrowser } from './browser.js';
import { flyout, ledgerRow, openLedger, rowOpener } from './ledger.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Closed periods (docs/ledger.md "Closed periods"), in Chromium: the admin closes the books through January in Org
 * Settings; an edit of a January transaction is then refused with the server's "period is closed" message, and nothing
 * changes, until the admin saves it anyway (an audited override); the close is in Org Settings' history.
 */
describe('closed period, in Chromium', () => {
  const browser = useBrowser();

  it('closes the books in Org Settings; an edit in the closed period is refused', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'closed', '/org-settings');
    const name = uniqueName('January invoice');
    await org.addTransaction({ name, date: '2026-01-20', amount: -75 });

    await org.arrive();
    const section = page.getByTestId('closed-period');
    await section.waitFor();
    await expect.poll(() => page.getByTestId('closed-period-status').textContent()).toBe('No period is closed.');
    await section.locator('input').first().fill('2026/01/31');
    await page.getByTestId('closed-period-save').click();
    // A confirmation says what closing does first.
    const confirm = page.getByTestId('closed-period-confirm');
    await expect.poll(() => confirm.textContent()).toContain('can then no longer be created, changed or deleted');
    await page.getByTestId('closed-period-confirm-apply').click();
    await expect
      .poll(() => page.getByTestId('closed-period-status').textContent())
      .toBe('The books are closed through 2026-01-31.');
    await expectAccessible(page, 'org settings with a closed period');

    await openLedger(page);
    await rowOpener(ledgerRow(page, name)).click();
    await flyout(page).getByTestId('transaction-notes').locator('textarea').fill('Too late');
    await page.getByTestId('transaction-save').click();
    const closed = flyout(page).getByTestId('transaction-period-closed');
    await expect.poll(() => closed.textContent()).toContain('this period is closed');
    expect(await flyout(page).getByTestId('transaction-conflict').count()).toBe(0);
    expect((await org.findTransaction(name)).notes).toBeNull();
    await expectAccessible(page, 'the flyout refusing a closed-period edit');

    // The admin saves it anyway: an explicit override, recorded as such in the transaction's activity.
    await closed.getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(async () => (await org.findTransaction(name)).notes).toBe('Too late');
    await rowOpener(ledgerRow(page, name)).click();
    await flyout(page)
      .getByRole('tab', { name: /Messages/ })
      .click();
    await expect
      .poll(() => flyout(page).getByTestId('transaction-activity').textContent())
      .toContain('to Too late, overriding the closed period');

    // Org Settings keeps the close in its history.
    await page.goto('/org-settings');
    await page.getByTestId('closed-period-history').getByRole('button').click();
    await expect
      .poll(() => page.getByTestId('closed-period-history').textContent())
      .toContain('closed the books through 2026-01-31');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
  });
});
