import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { partition } from '../support/db.js';
import { PlaidStandInControl } from '../support/plaid.js';
import { syncRunnerControl } from '../support/sync-runner.js';
import { connectBankOnScreen } from './bank.js';
import { clickOption, expectAccessible, PHONE, signInFromHeader, useBrowser } from './browser.js';
import { COL, expectToast, flyout, ledgerRow, openLedger, rowCell, rowCheckbox, rowOpener } from './ledger.js';
import { signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Bank links a person drives, in Chromium (docs/banking.md "Bank links"): Sync now with its result toast, the bank's
 * suggested category accepted in the flyout and in bulk (after a confirmation saying how many), and an account's
 * default property applied to its past transactions after a preview; axe at 390 px.
 */
const control = () => new PlaidStandInControl(inject('plaidEndpoint'));
const UTILITIES = { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY' };
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Every sync the bank has asked for (one item's, or any) has run: its webhooks answered and the runner idle, until a
 * round sends no new webhook. A sync can itself make the bank send one (its first pull's update), which would start
 * another sync after the runner said idle and take what the test adds next.
 */
async function syncSettled(itemId?: string) {
  let sent = -1;
  for (;;) {
    await control().flushWebhooks();
    expect((await syncRunnerControl('idle')).status).toBe(200);
    const now = (await control().webhooks(itemId)).length;
    if (now === sent) return;
    sent = now;
  }
}

/** Connects the stand-in's first bank with its first sandbox user from Org Settings on screen; answers the Plaid item id. */
async function connectBank(page: Page, orgId: string): Promise<string> {
  await connectBankOnScreen(page);
  await syncSettled();
  return String((await partition(`ORG#${orgId}`)).find((i) => i.type === 'Institution')!.itemId);
}

describe('bank links a person drives, in Chromium', () => {
  const browser = useBrowser();

  it('Sync now says what arrived; suggested categories are accepted one by one and in bulk', async () => {
    const { page } = await browser.newPage();
    const org = await signInToOwnOrganization(page, 'sync-now', '/org-settings');
    const itemId = await connectBank(page, org.organization.id);

    // Three charges the bank has but announced to nobody: only "Sync now" brings them.
    await syncSettled(itemId);
    const prefix = uniqueName('Gas Works');
    const names = [`${prefix} A`, `${prefix} B`, `${prefix} C`];
    for (const name of names) {
      await control().addTransaction(itemId, { name, amount: 61.2, date: today(), category: UTILITIES, notify: false });
    }
    const section = page.getByTestId('bank-connections');
    await section.getByTestId('bank-connection-sync').click();
    await expectToast(page, /First Platypus Bank synced[\s\S]*3 transactions added, 0 updated, 0 removed\./);
    await expect.poll(() => section.getByTestId('bank-connection-syncing').count()).toBe(0);
    expect(
      (await org.api.get(`/api/transactions?search=${encodeURIComponent(prefix)}`)).body.transactions,
    ).toHaveLength(3);

    // One in the flyout: the bank's suggestion, accepted in one click.
    await openLedger(page, `?search=${encodeURIComponent(names[0]!)}`);
    const first = ledgerRow(page, names[0]!);
    await expect.poll(() => rowCell(first, COL.category).textContent()).toContain('bank suggests Utilities');
    await rowOpener(first).click();
    const suggestion = flyout(page).getByTestId('transaction-category-suggestion');
    await expect.poll(() => suggestion.textContent()).toContain('Utilities');
    await expectAccessible(page, 'the flyout with the bank suggestion');
    await suggestion.getByTestId('transaction-accept-suggestion').click();
    await expectToast(page, 'Category accepted');
    await expect
      .poll(async () => await org.findTransaction(names[0]!))
      .toMatchObject({ category: 'utilities', categorizationSource: 'manual' });
    await expect.poll(() => suggestion.count()).toBe(0);
    await page.keyboard.press('Escape');
    await flyout(page).waitFor({ state: 'hidden' });

    // The other two in bulk: the confirmation says how many it files.
    await openLedger(page, `?search=${encodeURIComponent(prefix)}`);
    for (const name of names) await expect.poll(() => ledgerRow(page, name).count()).toBe(1);
    for (const name of names) await rowCheckbox(ledgerRow(page, name)).check();
    await page.getByTestId('bulk-actions').locator('button').first().click();
    await clickOption(page.getByRole('menuitem', { name: 'Accept suggested categories...' }));
    const confirm = page.getByTestId('bulk-confirm-text');
    await expect.poll(() => confirm.textContent()).toContain('2 transactions of the 3 selected');
    await expectAccessible(page, 'the bulk accept confirmation');
    await page.getByTestId('bulk-confirm-apply').click();
    await expectToast(page, 'Suggested categories accepted: 2 transactions updated, 1 was already set.');
    for (const name of names.slice(1)) {
      await expect.poll(async () => (await org.findTransaction(name)).category).toBe('utilities');
    }
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);

    // On a phone: the bank connections, and the preview of a default property for past transactions.
    const property = await org.addProperty({ address: uniqueName('9 Meter Lane') });
    const checking = (await org.api.get('/api/bank-accounts')).body.accounts.find(
      (a: { subtype: string | null }) => a.subtype === 'checking',
    );
    expect((await org.api.patch(`/api/bank-accounts/${checking.id}`, { propertyId: property.id })).status).toBe(200);
    const phone = await browser.newPage(PHONE);
    await signInFromHeader(phone.page, org.email);
    // The section below the fold renders when it comes near; a link to it renders it at once.
    await phone.page.goto('/org-settings#bank-connections');
    const onPhone = phone.page.getByTestId('bank-connections');
    await expect.poll(() => onPhone.getByTestId('bank-connection-sync').count()).toBe(1);
    await expectAccessible(phone.page, 'bank connections at 390px');
    await onPhone.getByTestId('bank-account-apply-property').first().click();
    const summary = phone.page.getByTestId('apply-default-property-summary');
    await expect.poll(() => summary.textContent()).toMatch(/transactions? of Plaid Checking will be filed under/);
    await expectAccessible(phone.page, 'the default property preview at 390px');
    await phone.page.getByTestId('apply-default-property-confirm').click();
    await expectToast(phone.page, 'Default property applied');
    expect((phone.page as unknown as { errors: string[] }).errors).toEqual([]);
    await phone.context.close();
  });
});
