import { routes } from '@rent/shared';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { client, signIn } from '../support/api.js';
import { clickOption, expectAccessible, PHONE, signInAt, useBrowser } from './browser.js';
import {
  COL,
  cell,
  choose,
  expectToast,
  flyout,
  ledgerRow,
  ledgerShown,
  moneyOut,
  openLedger,
  rowCell,
  rowOpener,
  save,
  shownBars,
  shownTotals,
  uploadPng,
} from './ledger.js';
import { beginSignInToOwnOrganization, type OwnOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';

const LANDLORD = 'lena.landlord@demo.rent.today';
const TENANT = 'tara.tenant@demo.rent.today';
const OAK = '48 Oak Avenue, Springfield, IL 62702';

/** A past month's rent and mortgage on a property: whatever a test adds today is newer than these. */
async function seedMonth(org: OwnOrganization, propertyId: string) {
  await org.addTransaction({
    name: 'Rent – Unit 1',
    date: '2024-03-01',
    amount: 2500,
    category: 'rental_income',
    propertyId,
  });
  await org.addTransaction({
    name: 'Springfield Savings Bank mortgage payment',
    date: '2024-03-01',
    amount: -1000,
    category: 'mortgage',
    propertyId,
  });
}

describe('transactions, in Chromium, each test in an organization of its own', () => {
  const browser = useBrowser();

  it('adds, edits and ignores a transaction, with a receipt uploaded, viewed and removed', async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'ledger', '/transactions');
    const oak = await org.addProperty({ address: OAK });
    await seedMonth(org, oak.id);
    await org.arrive();
    await ledgerShown(page);
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$2,500', out: '-$1,000', net: '$1,500', count: '2' });
    // The same three as bars on one scale, each labelled with its amount.
    expect(await shownBars(page)).toEqual([
      { label: 'Money in', amount: '$2,500', share: 1 },
      { label: 'Money out', amount: '-$1,000', share: 0.4 },
      { label: 'Net', amount: '$1,500', share: 0.6 },
    ]);
    const name = uniqueName('Plumbing Supply');

    // Add: Money Out, with category and property.
    await page.getByTestId('transaction-add').click();
    await flyout(page).getByRole('heading', { name: 'Add Transaction' }).waitFor();
    const messagesTab = flyout(page).getByRole('tab', { name: /Messages/ });
    expect(await messagesTab.getAttribute('aria-disabled')).toBe('true');
    await messagesTab.hover();
    await expect
      .poll(() => page.getByText('History will be available once this transaction is saved').count())
      .toBeGreaterThan(0);
    await flyout(page).getByTestId('transaction-name').locator('input').fill(name);
    await flyout(page).getByTestId('transaction-amount').locator('input').fill('123.45');
    await moneyOut(page);
    // The grouped category picker: empty state, then a subcategory. Its list is at most 280px high.
    await page.getByTestId('transaction-category').locator('button').first().click();
    const categorySearch = page.getByTestId('transaction-category').getByRole('combobox').last();
    const listHeight = await page
      .getByTestId('transaction-category')
      .locator('[class*="awsui_dropdown-content_"]')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.round(listHeight)).toBeLessThanOrEqual(280);
    await categorySearch.fill('no such category');
    await expect.poll(() => page.getByTestId('transaction-category').textContent()).toContain('No categories found');
    await categorySearch.fill('repairs');
    await clickOption(page.getByTestId('transaction-category').getByRole('option', { name: 'Repairs', exact: true }));
    await choose(page, 'transaction-property', 'oak', OAK);
    await save(page, 'Create Transaction');
    await expectToast(page, 'Transaction created successfully!');

    // It is the newest (dated today, the seeded rows are older): the first row, in red with its cents.
    const row = ledgerRow(page, name);
    await expect.poll(() => page.locator(cell(1, COL.name)).textContent()).toBe(name);
    expect(await rowCell(row, COL.amount).textContent()).toBe('-$123.45');
    expect(await rowCell(row, COL.amount).locator('[data-direction]').getAttribute('data-direction')).toBe('out');
    expect(await rowCell(row, COL.category).textContent()).toBe('Repairs');
    expect(await rowCell(row, COL.property).textContent()).toBe(OAK);
    // Exact to the cent on the server; the panel shows whole dollars.
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$2,500', out: '-$1,123', net: '$1,377', count: '3' });
    expect(await org.totals()).toEqual({ in: 2_500_00, out: -1_123_45, net: 1_376_55, count: 3 });

    // Edit it.
    await rowOpener(row).click();
    await flyout(page).getByRole('heading', { name: 'Edit Transaction' }).waitFor();
    const amount = flyout(page).getByTestId('transaction-amount').locator('input');
    await expect.poll(() => amount.inputValue()).toBe('123.45');
    expect(await flyout(page).getByRole('button', { name: 'Money Out' }).getAttribute('aria-pressed')).toBe('true');
    await amount.fill('150');
    await flyout(page).getByTestId('transaction-notes').locator('textarea').fill('Replaced the kitchen faucet.');
    await save(page, 'Update Transaction');
    await expectToast(page, 'Transaction updated successfully!');
    await expect.poll(() => rowCell(row, COL.amount).textContent()).toBe('-$150.00');
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$2,500', out: '-$1,150', net: '$1,350', count: '3' });
    expect(await org.totals()).toEqual({ in: 2_500_00, out: -1_150_00, net: 1_350_00, count: 3 });

    // Ignore it: it leaves the totals. The flyout reads the transaction as it opens; here that read answers after the
    // click and before the ignore does, and its older answer must not put "Not ignored" back on screen.
    const held = (pattern: RegExp, method: string) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const settled = new Promise<void>((resolve) => {
        const done = (request: Request) => {
          if (request.method() === method && pattern.test(new URL(request.url()).pathname)) resolve();
        };
        page.on('requestfinished', done);
        page.on('requestfailed', done);
      });
      return { pattern, method, release, released, settled };
    };
    const read = held(/^\/api\/transactions\/[^/]+$/, 'GET');
    const ignoring = held(/^\/api\/transactions\/[^/]+\/ignore$/, 'PATCH');
    await page.route('**/api/transactions/**', async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      for (const hold of [read, ignoring]) {
        if (request.method() === hold.method && hold.pattern.test(path)) await hold.released;
      }
      await route.fallback();
    });
    await rowOpener(row).click();
    await flyout(page).getByRole('heading', { name: 'Edit Transaction' }).waitFor();
    expect(await flyout(page).getByTestId('transaction-status').textContent()).toContain('delete');
    const ignore = flyout(page).getByTestId('transaction-ignore').locator('input');
    await ignore.check();
    read.release();
    await read.settled;
    // Two frames: React has drawn whatever that answer changed.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await ignore.isChecked()).toBe(true);
    ignoring.release();
    await ignoring.settled;
    await page.unroute('**/api/transactions/**');
    await expect.poll(() => flyout(page).getByTestId('transaction-ignore').textContent()).toContain('Ignored');

    // A receipt: upload (presigned PUT), view through its short-lived link, remove after confirming.
    const item = await uploadPng(page, 'faucet-receipt.png');
    const [tab] = await Promise.all([context.waitForEvent('page'), item.getByTestId('receipt-view').click()]);
    await tab.waitForLoadState();
    await expect.poll(() => tab.url()).toMatch(/faucet-receipt|receipts/);
    const shown = await tab.evaluate(async () => {
      const response = await fetch(window.location.href);
      return { status: response.status, type: response.headers.get('content-type') };
    });
    expect(shown).toEqual({ status: 200, type: 'image/png' });
    await tab.close();
    await item.getByTestId('receipt-remove').click();
    const confirm = page.getByTestId('receipt-remove-modal');
    await expect.poll(() => confirm.textContent()).toContain('Remove this receipt? This cannot be undone.');
    await page.getByTestId('receipt-remove-confirm').click();
    await flyout(page).getByTestId('receipts-empty').waitFor();

    await flyout(page).getByTestId('transaction-cancel').click();
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$2,500', out: '-$1,000', net: '$1,500', count: '2' });
    expect(await org.totals()).toEqual({ in: 2_500_00, out: -1_000_00, net: 1_500_00, count: 2 });
    await expect.poll(() => rowCell(row, COL.status).textContent()).toContain('Ignored');
    expect(await org.findTransaction(name)).toMatchObject({
      name,
      amount: -150,
      category: 'repairs',
      propertyId: oak.id,
      notes: 'Replaced the kitchen faucet.',
      isIgnored: true,
      hasReceipt: false,
    });

    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('tells why a bank transaction of the demo cannot be deleted', async () => {
    // Read only: the demo's seeded bank rows, which no test changes.
    const demo = client((await signIn(LANDLORD)).idToken);
    const listed = await demo.get(
      `${routes.listTransactions.path}?${new URLSearchParams({ search: 'rent –', limit: '1' })}`,
    );
    const bank = listed.body.transactions[0];
    expect(bank.source).toBe('plaid');

    const { page, context } = await browser.newPage();
    await signInAt(page, LANDLORD, `/transactions?search=${encodeURIComponent(bank.name)}`);
    await ledgerShown(page);
    await rowOpener(ledgerRow(page, bank.name).first()).click();
    await flyout(page).getByTestId('transaction-bank-note').waitFor();
    expect(await flyout(page).getByTestId('transaction-bank-note').textContent()).toContain('Ignore it instead');
    expect(await flyout(page).getByTestId('transaction-delete').count()).toBe(0);
    await expectAccessible(page, 'transaction flyout (bank transaction)');
    await page.keyboard.press('Escape');
    await expect.poll(() => flyout(page).locator('form').count()).toBe(0);
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it("shows the product's messages when calls fail", async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'failures', '/transactions');
    const name = uniqueName('Hardware store');
    const seeded = await org.addTransaction({ name, date: '2024-05-10', amount: -64.2, category: 'repairs' });
    await org.arrive();
    await ledgerShown(page);
    const fail = (status: number, body: object) => (route: { fulfill: (r: object) => Promise<void> }) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

    // Create fails: "Error: " plus the server's message, for 5 s.
    await page.route('**/api/transactions', (route) =>
      route.request().method() === 'POST' ? fail(500, { error: 'The ledger is busy' })(route) : route.fallback(),
    );
    await page.getByTestId('transaction-add').click();
    await flyout(page).getByTestId('transaction-name').locator('input').fill('Will fail');
    await flyout(page).getByTestId('transaction-amount').locator('input').fill('10');
    await page.getByTestId('transaction-save').click();
    await expectToast(page, 'Error: The ledger is busy');
    expect(await flyout(page).locator('form').count()).toBe(1); // the flyout stays, with the user's input
    await page.unroute('**/api/transactions');
    await flyout(page).getByTestId('transaction-cancel').click();

    // Ignore fails.
    await page.route('**/api/transactions/*/ignore', fail(500, { error: 'nope' }));
    await rowOpener(ledgerRow(page, name)).click();
    await flyout(page).locator('form').waitFor();
    const ignore = flyout(page).getByTestId('transaction-ignore').locator('input');
    expect(await ignore.isChecked()).toBe(false);
    await ignore.click();
    await expectToast(page, 'Failed to update ignore status');
    await expect.poll(() => ignore.isChecked()).toBe(false);

    // A receipt whose link cannot be had, then cannot be deleted.
    const item = await uploadPng(page, 'flaky.png');
    await page.route('**/api/receipts/get-receipt-url*', fail(500, { error: 'down' }));
    await item.getByTestId('receipt-view').click();
    await expectToast(page, 'Could not get receipt URL');
    await page.route('**/api/receipts/*', (route) =>
      route.request().method() === 'DELETE' ? fail(500, { error: 'storage down' })(route) : route.fallback(),
    );
    await item.getByTestId('receipt-remove').click();
    await page.getByTestId('receipt-remove-confirm').click();
    await expect
      .poll(() => flyout(page).getByTestId('receipt-delete-error').textContent())
      .toContain('Failed to delete receipt');
    await page.unroute('**/api/receipts/*');
    await item.getByTestId('receipt-remove').click();
    await page.getByTestId('receipt-remove-confirm').click();
    await expect.poll(() => item.count()).toBe(0);

    // Nothing that failed was written: no extra transaction, not ignored, no receipt left.
    expect(await org.totals()).toEqual({ in: 0, out: -64_20, net: -64_20, count: 1 });
    expect(await org.getTransaction(seeded.id)).toMatchObject({ isIgnored: false, hasReceipt: false });
    await context.close();
  });

  it('works from the keyboard: open a row, move through the flyout, close with Escape', async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'keyboard', '/transactions');
    const seededName = uniqueName('Keyboard seed');
    await org.addTransaction({ name: seededName, date: '2024-06-01', amount: 19.99 });
    await org.arrive();
    await ledgerShown(page);
    await rowOpener(ledgerRow(page, seededName)).focus();
    await page.keyboard.press('Enter');
    await flyout(page).getByRole('heading', { name: 'Edit Transaction' }).waitFor();
    await flyout(page).locator('form').waitFor();
    expect(await flyout(page).getByTestId('transaction-name').locator('input').inputValue()).toBe(seededName);
    // Focus is inside the flyout; Tab reaches the name field and the save button.
    const reached = new Set<string>();
    for (let i = 0; i < 40 && !reached.has('transaction-save'); i++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() =>
        document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid'),
      );
      if (id) reached.add(id);
    }
    expect([...reached]).toEqual(
      expect.arrayContaining(['transaction-name', 'transaction-amount', 'transaction-save']),
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => flyout(page).locator('form').count()).toBe(0);

    // Add from the keyboard: the header button, type, choose Money Out with the arrow keys, Enter saves.
    await page.getByTestId('transaction-add').focus();
    await page.keyboard.press('Enter');
    await flyout(page).getByRole('heading', { name: 'Add Transaction' }).waitFor();
    await flyout(page).getByTestId('transaction-name').locator('input').focus();
    const name = uniqueName('Keyboard entry');
    await page.keyboard.type(name);
    await flyout(page).getByTestId('transaction-amount').locator('input').focus();
    await page.keyboard.type('42');
    await flyout(page).getByRole('button', { name: 'Money Out' }).focus();
    await page.keyboard.press('Enter');
    await flyout(page).getByTestId('transaction-amount').locator('input').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => flyout(page).locator('form').count()).toBe(0);
    await expect.poll(() => rowCell(ledgerRow(page, name), COL.amount).textContent()).toBe('-$42.00');
    expect(await page.locator(cell(1, COL.name)).textContent()).toBe(name); // newest first
    expect(await org.totals()).toEqual({ in: 19_99, out: -42_00, net: -22_01, count: 2 });
    await context.close();
  });

  it('at 390x844 opens the flyout full width and uploads a receipt before the transaction exists', async () => {
    const { page, context } = await browser.newPage(PHONE);
    const org = await beginSignInToOwnOrganization(page, 'phone', '/transactions');
    await org.addTransaction({ name: uniqueName('Phone seed'), date: '2024-06-01', amount: -5 });
    await org.arrive();
    await ledgerShown(page);
    await page.getByTestId('transaction-add').click();
    await flyout(page).getByRole('heading', { name: 'Add Transaction' }).waitFor();
    await flyout(page).locator('form').waitFor();
    const box = await flyout(page).locator('form').boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    // Phones may take the photo with the camera.
    expect(await flyout(page).locator('input[type=file][capture]').count()).toBe(1);
    expect(await flyout(page).getByTestId('receipt-camera').count()).toBe(1);

    const name = uniqueName('Phone receipt');
    await flyout(page).getByTestId('transaction-name').locator('input').fill(name);
    await flyout(page).getByTestId('transaction-amount').locator('input').fill('18.99');
    await moneyOut(page);
    await uploadPng(page, 'phone-photo.png');
    await save(page, 'Create Transaction');
    await expectToast(page, 'Transaction created successfully!');

    // The receipt was attached by the create call.
    const row = ledgerRow(page, name, '-$18.99');
    await expect.poll(() => row.count()).toBe(1);
    await rowOpener(row).click();
    await flyout(page).getByTestId('receipt-item').filter({ hasText: 'phone-photo.png' }).waitFor();
    await expectAccessible(page, 'transaction flyout (phone)');
    expect(await org.totals()).toEqual({ in: 0, out: -23_99, net: -23_99, count: 2 });
    // The totals' bars fit the phone's width: no money in, so no bar beside two full ones.
    expect(await shownBars(page)).toEqual([
      { label: 'Money in', amount: '$0', share: 0 },
      { label: 'Money out', amount: '-$24', share: 1 },
      { label: 'Net', amount: '-$24', share: 1 },
    ]);
    const chart = await page.getByTestId('totals-bars').boundingBox();
    expect(chart!.x + chart!.width).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('has no axe violations on the page and the open flyout, light and dark; tenants get a friendly page', async () => {
    for (const theme of ['light', 'dark']) {
      const { page, context } = await browser.newPage();
      const org = await signInToOwnOrganization(page, `axe-${theme}`);
      const oak = await org.addProperty({ address: OAK });
      await seedMonth(org, oak.id);
      const name = uniqueName('Ignored refund');
      await org.addTransaction({ name, date: '2024-03-05', amount: 40.1, propertyId: oak.id, isIgnored: true });
      await org.addTransaction({ name: uniqueName('Uncategorized'), date: '2024-03-06', amount: -12.34 });
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await openLedger(page);
      expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(theme === 'dark');
      await expectAccessible(page, `transactions (${theme})`);
      await rowOpener(ledgerRow(page, name)).click();
      await flyout(page).locator('form').waitFor();
      await expectAccessible(page, `transaction flyout, edit (${theme})`);
      await page.keyboard.press('Escape');
      await page.getByTestId('transaction-add').click();
      await flyout(page).getByRole('heading', { name: 'Add Transaction' }).waitFor();
      await expectAccessible(page, `transaction flyout, add (${theme})`);
      await context.close();
    }

    const { page, context } = await browser.newPage();
    await signInAt(page, TENANT, '/transactions');
    await page.getByTestId('transactions-forbidden').waitFor();
    expect(await page.getByTestId('transactions-forbidden').textContent()).toContain('not available for your role');
    await expectAccessible(page, 'transactions (tenant)');
    await context.close();
  });
});
