import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE, useBrowser } from './browser.js';
import { expectToast, flyout, ledgerRow, ledgerShown, rowOpener } from './ledger.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Transfers between own accounts (docs/ledger.md "Transfers"), in an organization the test creates: money out of one
 * account and the same money into another the next day. At 390 px the organization's admin opens the money out in the flyout,
 * sees the other side suggested, pairs them; the flyout says "Transfer with …" linking to the other side (both are now
 * transfers between accounts); Unpair sends both back to uncategorized. Axe clean with the pair shown.
 */
describe('transfers between own accounts, in Chromium', () => {
  const browser = useBrowser();

  it('pairs two lines from the flyout, shows "Transfer with …", and unpairs them', async () => {
    const { page } = await browser.newPage(PHONE);
    const org = await beginSignInToOwnOrganization(page, 'transfers', '/transactions');
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
    const outName = uniqueName('To savings');
    const inName = uniqueName('From checking');
    const sent = await org.addTransaction({
      name: outName,
      date: day(2),
      amount: -250.5,
      category: null,
      propertyId: null,
    });
    const received = await org.addTransaction({
      name: inName,
      date: day(1),
      amount: 250.5,
      category: null,
      propertyId: null,
    });

    await org.arrive();
    await ledgerShown(page);
    await rowOpener(ledgerRow(page, outName)).click();
    const candidates = flyout(page).getByTestId('transaction-transfer-candidates');
    await candidates.waitFor();
    expect(await candidates.textContent()).toContain(inName);
    await candidates.getByRole('button', { name: `Pair as a transfer with ${inName}` }).click();
    await expectToast(page, 'Paired as a transfer');

    const pair = flyout(page).getByTestId('transaction-transfer');
    await pair.waitFor();
    expect(await pair.textContent()).toContain(`Transfer with ${inName}`);
    expect(await pair.getByTestId('transaction-transfer-other').textContent()).toBe(inName);
    const [a, b] = await Promise.all([org.getTransaction(sent.id), org.getTransaction(received.id)]);
    expect(a).toMatchObject({ transferPairId: received.id, category: 'account_transfers' });
    expect(b).toMatchObject({ transferPairId: sent.id, category: 'account_transfers' });
    await expectAccessible(page, 'transfer pair in the flyout at 390px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await pair.getByTestId('transaction-transfer-unpair').click();
    await expectToast(page, 'Transfer unpaired');
    await pair.waitFor({ state: 'detached' });
    const [a2, b2] = await Promise.all([org.getTransaction(sent.id), org.getTransaction(received.id)]);
    expect(a2).toMatchObject({ transferPairId: null, category: null });
    expect(b2).toMatchObject({ transferPairId: null, category: null });
    // The person said these are not a transfer: they are not suggested again.
    expect(await flyout(page).getByTestId('transaction-transfer-candidates').count()).toBe(0);
    await expectAccessible(page, 'flyout after unpairing at 390px');
  });
});
