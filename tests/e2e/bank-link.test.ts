import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { partition } from '../support/db.js';
import { PlaidStandInControl } from '../support/plaid.js';
import { useBrowser } from './browser.js';
import { signInToOwnOrganization, uniqueName } from './own-org.js';

/** Bank links (issue 12) in Chromium: Connect bank through the stand-in's Link, accounts, default property, reconnect. */
const control = () => new PlaidStandInControl(inject('plaidEndpoint'));

/** Signs in to the bank in the stand-in's Link dialog with the preselected (first) bank and sandbox user. */
async function signInToBank(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await page.getByLabel('Password').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => dialog.count()).toBe(0);
}

describe('bank links in the browser', () => {
  const browser = useBrowser();

  it('connects a bank, sets a default property, and reconnects after a forced re-login', async () => {
    const { page } = await browser.newPage();
    const org = await signInToOwnOrganization(page, 'bank');
    const property = await org.addProperty({ address: uniqueName('7 Ledger Row') });

    await page.goto('/org-settings');
    const section = page.getByTestId('bank-connections');
    await section.getByTestId('connect-bank').click();
    await signInToBank(page, 'Connect your bank');
    await expect.poll(() => section.getByTestId('bank-connection-name').textContent()).toBe('First Platypus Bank');
    await expect.poll(() => section.getByTestId('bank-connection-status').textContent()).toBe('Connected');
    await expect.poll(() => section.getByText('Plaid Checking').count()).toBeGreaterThan(0);
    // Linking enqueued the first sync, which refreshes these accounts: let it finish before editing one.
    expect((await fetch(`${inject('syncRunnerEndpoint')}/_control/idle`, { method: 'POST' })).status).toBe(200);

    // The default property of the first account, through the shared property picker.
    await section.getByTestId('bank-account-property').first().click();
    await page.getByRole('option', { name: property.address }).click();
    await expect
      .poll(async () =>
        (await org.api.get('/api/bank-accounts')).body.accounts.map((a: { propertyId: string | null }) => a.propertyId),
      )
      .toContain(property.id);

    // The stand-in forces a re-login: the banner appears on Transactions, Reconnect goes through update mode.
    const itemId = String(
      (await partition(`ORG#${org.organization.id}`)).find((i) => i.type === 'Institution')!.itemId,
    );
    await control().forceLoginRequired(itemId);
    // Until a sync or webhook notices, the server learns of it from Plaid's ITEM_LOGIN_REQUIRED on its next call (409).
    const connectionId = (await org.api.get('/api/bank-connections')).body.connections[0].id;
    expect((await org.api.post(`/api/bank-connections/${connectionId}/reconnected`)).status).toBe(409);
    await page.goto('/transactions');
    const banner = page.getByTestId('bank-attention');
    await expect.poll(() => banner.isVisible()).toBe(true);
    await banner.getByTestId('bank-reconnect').click();
    await signInToBank(page, 'Reconnect to First Platypus Bank');
    await expect.poll(() => banner.count()).toBe(0);
    expect((await org.api.get('/api/plaid/status')).body).toEqual({ isConnected: true, attention: [] });
  });
});
