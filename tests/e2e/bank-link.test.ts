import { Products } from 'plaid';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import { joinAs } from '../support/members.js';
import { PlaidStandInControl, plaidApi } from '../support/plaid.js';
import { syncRunnerControl } from '../support/sync-runner.js';
import { connectBankOnScreen, signInToBank } from './bank.js';
import { clickOption, expectAccessible, signInAt, useBrowser } from './browser.js';
import { COL, flyout, ledgerRow, openLedger, rowCell, rowOpener } from './ledger.js';
import { beginSignInToOwnOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Bank links in Chromium: Connect bank through the stand-in's Link, accounts, default property, reconnect, and which
 * of these each staff role is offered.
 */
const control = () => new PlaidStandInControl(inject('plaidEndpoint'));

/** What the stand-in said reaches us (its webhooks delivered), and every sync it caused is done. */
async function syncSettled() {
  await control().flushWebhooks();
  expect((await syncRunnerControl('idle')).status).toBe(200);
}

/** Connects the stand-in's First Platypus Bank from Org Settings on screen; answers its Plaid item id once it synced. */
async function connectBank(page: Page, orgId: string): Promise<string> {
  await connectBankOnScreen(page);
  await syncSettled();
  return String((await partition(`ORG#${orgId}`)).find((i) => i.type === 'Institution')!.itemId);
}

const today = () => new Date().toISOString().slice(0, 10);

describe('bank links in the browser', () => {
  const browser = useBrowser();

  it('connects a bank, sets a default property, and reconnects after a forced re-login', async () => {
    const { page } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'bank', '/org-settings');
    const property = await org.addProperty({ address: uniqueName('7 Ledger Row') });

    await org.arrive();
    await connectBankOnScreen(page);
    const section = page.getByTestId('bank-connections');
    await expect.poll(() => section.getByTestId('bank-connection-name').textContent()).toBe('First Platypus Bank');
    await expect.poll(() => section.getByText('Plaid Checking').count()).toBeGreaterThan(0);
    // Linking enqueued the first sync, which refreshes these accounts: let it finish before editing one.
    expect((await syncRunnerControl('idle')).status).toBe(200);

    // The default property of the first account, through the shared property picker.
    await section.getByTestId('bank-account-property').first().click();
    await clickOption(page.getByRole('option', { name: property.address }));
    await expect
      .poll(async () =>
        (await org.api.get('/api/bank-accounts')).body.accounts.map((a: { propertyId: string | null }) => a.propertyId),
      )
      .toContain(property.id);

    // Each account row leads to its statements: the Reconcile page opens on that account.
    const reconcile = section.getByTestId('bank-account-reconcile').first();
    const accountName = String(await reconcile.getAttribute('aria-label')).replace(/^Reconcile /, '');
    expect(accountName).toMatch(/Plaid/);
    await reconcile.click();
    await page.waitForURL(/\/transactions\/reconcile\?account=/);
    await expect.poll(() => page.getByTestId('reconcile-account').textContent()).toContain(accountName);

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

  it('a property manager sees the bank and Reconnect but no Connect bank or Disconnect; a landlord sees them', async () => {
    // The organization's ADMIN links First Platypus Bank over HTTP (as Link would end).
    const owner = await newAdmin('bank-roles');
    const orgId = String((await owner.api.get('/api/organization')).body.id);
    const { data } = await plaidApi(inject('plaidEndpoint')).sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
    });
    const linked = await owner.api.post('/api/plaid/exchange', {
      publicToken: data.public_token,
      institution: { id: 'ins_109508', name: 'First Platypus Bank' },
    });
    expect(linked.status).toBe(201);
    await syncSettled();
    const [manager, landlord] = await Promise.all([
      joinAs(orgId, 'PROPERTY_MANAGER', 'manager'),
      joinAs(orgId, 'LANDLORD', 'landlord'),
    ]);

    for (const [person, owns] of [
      [manager, false],
      [landlord, true],
    ] as const) {
      const { page, context } = await browser.newPage();
      await signInAt(page, person.email, '/org-settings');
      const section = page.getByTestId('bank-connections');
      await expect.poll(() => section.getByTestId('bank-connection-name').textContent()).toBe('First Platypus Bank');
      expect(await section.getByTestId('bank-connection-reconnect').count()).toBe(1);
      expect(await section.getByTestId('bank-connection-disconnect').count()).toBe(owns ? 1 : 0);
      expect(await section.getByTestId('connect-bank').count()).toBe(owns ? 1 : 0);
      if (!owns) await expectAccessible(page, 'org settings bank connections (manager)');
      await page.goto('/transactions');
      await page.getByTestId('transaction-add').waitFor();
      expect(await page.getByTestId('connect-bank').count()).toBe(owns ? 1 : 0);
      expect((page as unknown as { errors: string[] }).errors).toEqual([]);
      await context.close();
    }
  });

  it('brings transactions in categorised by an existing rule, and a pending charge and its tipped posting as one', async () => {
    const { page } = await browser.newPage();
    const org = await signInToOwnOrganization(page, 'bank-arrivals', '/org-settings');
    const plumber = uniqueName('Maple Plumbing');
    const rule = await org.api.post('/api/categorization-rules', {
      name: `Plumber ${plumber}`,
      description: 'Plumbing repairs',
      namePattern: plumber,
      category: 'repairs',
      priority: 0,
      isActive: true,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const itemId = await connectBank(page, org.organization.id);

    // A new charge arrives (webhook, queued sync) already categorised by the rule.
    await control().addTransaction(itemId, { name: plumber, amount: 184.5, date: today() });
    await syncSettled();
    await openLedger(page, `?search=${encodeURIComponent(plumber)}`);
    const plumbing = ledgerRow(page, plumber);
    await expect.poll(() => rowCell(plumbing, COL.category).textContent()).toContain('Repairs');
    expect(await rowCell(plumbing, COL.amount).textContent()).toBe('-$184.50');
    expect(await org.findTransaction(plumber)).toMatchObject({ categorizationSource: 'rule', source: 'plaid' });

    // A pending charge: shown as Pending; the landlord notes it before it posts.
    const cafe = uniqueName('Corner Cafe');
    const pending = await control().postPending(itemId, { name: cafe, amount: 40, date: today() });
    await syncSettled();
    await openLedger(page, `?search=${encodeURIComponent(cafe)}`);
    await expect.poll(() => rowCell(ledgerRow(page, cafe), COL.status).textContent()).toContain('Pending');
    await rowOpener(ledgerRow(page, cafe)).click();
    await expect.poll(() => flyout(page).getByTestId('transaction-pending').count()).toBe(1);
    await flyout(page).getByTestId('transaction-notes').locator('textarea').fill('Lunch with the plumber');
    await page.getByTestId('transaction-save').click();
    await expect.poll(async () => (await org.findTransaction(cafe)).notes).toBe('Lunch with the plumber');

    // It posts with a tip: never merged silently. The posted charge is offered as the same one; Merge keeps one
    // transaction with the posted amount and the landlord's note.
    await control().postPosted(itemId, pending.transaction_id, { amount: 48 });
    await syncSettled();
    await openLedger(page, `?search=${encodeURIComponent(cafe)}`);
    await expect.poll(() => ledgerRow(page, cafe, '-$48.00').count()).toBe(1);
    await rowOpener(ledgerRow(page, cafe, '-$48.00')).click();
    const suggestion = flyout(page).getByTestId('transaction-merge-suggestion');
    await expect.poll(() => suggestion.textContent()).toContain('Possibly the same charge');
    await expectAccessible(page, 'the flyout offering a merge');
    await suggestion.getByRole('button', { name: 'Merge' }).click();
    await expect.poll(() => suggestion.count()).toBe(0);
    await openLedger(page, `?search=${encodeURIComponent(cafe)}`);
    await expect.poll(() => ledgerRow(page, cafe).count()).toBe(1);
    expect(await rowCell(ledgerRow(page, cafe), COL.amount).textContent()).toBe('-$48.00');
    expect(await rowCell(ledgerRow(page, cafe), COL.status).textContent()).not.toContain('Pending');
    const merged = (await org.api.get(`/api/transactions?search=${encodeURIComponent(cafe)}`)).body.transactions;
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ amount: -48, pending: false, notes: 'Lunch with the plumber' });
    await expectAccessible(page, 'the ledger with bank transactions');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
  });
});
