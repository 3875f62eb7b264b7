import { readFile } from 'node:fs/promises';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE, signInFromHeader, useBrowser } from './browser.js';

const LANDLORD = 'lena.landlord@demo.rent.today';
const TENANT = 'tara.tenant@demo.rent.today';
const OAK = '48 Oak Avenue, Springfield, IL 62702';

/** A real 1x1 PNG (what the server's content sniffing accepts). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010800000000' +
    '3a7e9b550000000a49444154789c63f80f00010101001bb6ee560000000049454e44ae426082',
  'hex',
);

// Cloudscape's own selectors: the table renders an aria-hidden copy of its sticky header, so rows
// and cells are found the way Cloudscape's test-utils find them.
const table = createWrapper().findTable('[data-testid="transactions-table"]');
const ROWS = table.findRows().toSelector();
/** Columns (1-based, the selection checkbox first): 2 date, 3 name, 4 amount, 5 category, 6 property, 7 receipt, 8 status. */
const COL = { name: 3, amount: 4, category: 5, property: 6, status: 8 } as const;
const cell = (row: number, col: number) => table.findBodyCell(row, col).toSelector();
const rowCheckbox = (row: number) => `${table.findRowSelectionArea(row).toSelector()} input`;

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** "$1,234" / "-$1,234" -> 1234 / -1234. */
function dollars(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9.-]/g, ''));
}

async function openLedger(page: Page, query = '') {
  await page.goto(`/transactions${query}`);
  await page.locator(ROWS).first().waitFor();
  await expect.poll(() => page.getByTestId('totals-count').textContent()).toMatch(/\d/);
}

/** The totals panel's numbers, once it shows the totals of the current filters. */
async function totals(page: Page) {
  await expect
    .poll(() => page.getByTestId('transactions-totals').getAttribute('data-loading'), { timeout: 15_000 })
    .toBe('false');
  return {
    in: dollars(await page.getByTestId('totals-in').textContent()),
    out: dollars(await page.getByTestId('totals-out').textContent()),
    count: dollars(await page.getByTestId('totals-count').textContent()),
  };
}

/** Opens a Cloudscape Select by its test id, narrows it with its search box and picks the option. */
async function choose(page: Page, testId: string, search: string, option: string | RegExp) {
  await page.getByTestId(testId).locator('button').first().click();
  const filter = page.getByTestId(testId).getByRole('combobox').last();
  await filter.fill(search);
  await page
    .getByTestId(testId)
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

const flyout = (page: Page) => page.getByTestId('transaction-flyout');

/** The Money In / Money Out toggle: segments on wider screens, Cloudscape's select on phones. */
async function moneyOut(page: Page) {
  const control = flyout(page).getByTestId('transaction-direction');
  const segment = control.getByRole('button', { name: 'Money Out' });
  if (await segment.count()) await segment.click();
  else {
    await control.getByRole('button').first().click();
    await control.getByRole('option', { name: 'Money Out' }).click();
  }
}

async function expectToast(page: Page, text: string) {
  await expect.poll(() => page.getByTestId('toaster').textContent(), { timeout: 10_000 }).toContain(text);
}

async function save(page: Page, label: 'Create Transaction' | 'Update Transaction') {
  const button = page.getByTestId('transaction-save');
  expect(await button.textContent()).toContain(label);
  await button.click();
  await expect.poll(() => flyout(page).locator('form').count()).toBe(0);
}

async function uploadPng(page: Page, name: string) {
  const upload = page.getByTestId('receipt-upload');
  expect(await upload.isDisabled()).toBe(true); // SPEC §5: disabled until a file is chosen
  await page
    .getByTestId('receipt-file')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect.poll(() => upload.isDisabled()).toBe(false);
  await upload.click();
  await expectToast(page, 'Receipt uploaded successfully!');
  const item = page.getByTestId('receipt-item').filter({ hasText: name });
  await item.waitFor();
  // The thumbnail is the image itself, through a short-lived link.
  await expect
    .poll(() => item.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  return item;
}

describe('transactions, in Chromium against the seeded demo organization', () => {
  const browser = useBrowser();

  it('adds, edits and ignores a transaction, with a receipt uploaded, viewed and removed', async () => {
    const { page, context } = await browser.newPage();
    await signInFromHeader(page, LANDLORD);
    await openLedger(page);
    const before = await totals(page);
    const name = unique('E2E Plumbing Supply');

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
    await page.getByTestId('transaction-category').getByRole('option', { name: 'Repairs', exact: true }).click();
    await choose(page, 'transaction-property', 'oak', OAK);
    await save(page, 'Create Transaction');
    await expectToast(page, 'Transaction created successfully!');

    // It is the newest: the first row, in red with its cents.
    await expect.poll(() => page.locator(cell(1, COL.name)).textContent()).toBe(name);
    expect(await page.locator(cell(1, COL.amount)).textContent()).toBe('-$123.45');
    expect(await page.locator(`${cell(1, COL.amount)} [data-direction]`).getAttribute('data-direction')).toBe('out');
    expect(await page.locator(cell(1, COL.category)).textContent()).toBe('Repairs');
    expect(await page.locator(cell(1, COL.property)).textContent()).toBe(OAK);
    await expect.poll(async () => (await totals(page)).count).toBe(before.count + 1);
    await expect.poll(async () => (await totals(page)).out).toBeCloseTo(before.out - 123.45, -1);

    // Edit it.
    await page.locator(cell(1, COL.name)).getByRole('button').click();
    await flyout(page).getByRole('heading', { name: 'Edit Transaction' }).waitFor();
    const amount = flyout(page).getByTestId('transaction-amount').locator('input');
    await expect.poll(() => amount.inputValue()).toBe('123.45');
    expect(await flyout(page).getByRole('button', { name: 'Money Out' }).getAttribute('aria-pressed')).toBe('true');
    await amount.fill('150');
    await flyout(page).getByTestId('transaction-notes').locator('textarea').fill('Replaced the kitchen faucet.');
    await save(page, 'Update Transaction');
    await expectToast(page, 'Transaction updated successfully!');
    await expect.poll(() => page.locator(cell(1, COL.amount)).textContent()).toBe('-$150.00');
    await expect.poll(async () => (await totals(page)).out).toBeCloseTo(before.out - 150, -1);

    // Ignore it: it leaves the totals.
    await page.locator(cell(1, COL.name)).getByRole('button').click();
    await flyout(page).getByRole('heading', { name: 'Edit Transaction' }).waitFor();
    expect(await flyout(page).getByTestId('transaction-status').textContent()).toContain('delete');
    const ignore = flyout(page).getByTestId('transaction-ignore').locator('input');
    await ignore.check();
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
    await expect.poll(async () => (await totals(page)).out).toBeCloseTo(before.out, -1);
    await expect.poll(async () => (await totals(page)).count).toBe(before.count);
    expect(await page.locator(cell(1, COL.status)).textContent()).toContain('Ignored');

    // A bank transaction says why it cannot be deleted.
    await openLedger(page, '?search=rent%20%E2%80%93');
    await page.locator(cell(1, COL.name)).getByRole('button').click();
    await flyout(page).getByTestId('transaction-bank-note').waitFor();
    expect(await flyout(page).getByTestId('transaction-bank-note').textContent()).toContain('Ignore it instead');
    expect(await flyout(page).getByTestId('transaction-delete').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => flyout(page).locator('form').count()).toBe(0);

    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('filters by property and category, categorises three rows in bulk, and exports the filtered set as CSV', async () => {
    const { page, context } = await browser.newPage();
    await signInFromHeader(page, LANDLORD);
    await openLedger(page);
    const all = await totals(page);

    // Property filter.
    await choose(page, 'transactions-property-filter', 'oak', OAK);
    await expect.poll(() => new URL(page.url()).searchParams.get('propertyId')).toBe('prop-oak-48');
    await expect.poll(async () => (await totals(page)).count).toBeLessThan(all.count);
    await expect
      .poll(async () => new Set(await page.locator(`${ROWS} td:nth-child(${COL.property})`).allTextContents()))
      .toEqual(new Set([OAK]));

    // And a category.
    await choose(page, 'transactions-category-filter', 'mortgage', 'Mortgage');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('mortgage');
    await expect
      .poll(async () => new Set(await page.locator(`${ROWS} td:nth-child(${COL.category})`).allTextContents()))
      .toEqual(new Set(['Mortgage']));
    const oakMortgage = await totals(page);
    expect(oakMortgage.count).toBeGreaterThan(3);
    expect(oakMortgage.in).toBe(0);

    // Three rows, categorised in bulk.
    for (const row of [1, 2, 3]) await page.locator(rowCheckbox(row)).check();
    const picked = await Promise.all([1, 2, 3].map((row) => page.locator(cell(row, COL.name)).textContent()));
    await page.getByTestId('bulk-actions').locator('button').first().click();
    await page.getByRole('menuitem', { name: 'Categorize...' }).click();
    await expect.poll(() => page.getByTestId('bulk-apply').isDisabled()).toBe(true); // nothing chosen yet
    await choose(page, 'bulk-category', 'interest', 'Mortgage interest');
    await page.getByTestId('bulk-apply').click();
    await expectToast(page, '3 transactions updated');
    // They left the "Mortgage" filter...
    await expect.poll(async () => (await totals(page)).count).toBe(oakMortgage.count - 3);
    // ...and are under "Mortgage interest".
    await choose(page, 'transactions-category-filter', 'interest', 'Mortgage interest');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('mortgage_interest');
    await expect
      .poll(() => page.locator(`${ROWS} th`).allTextContents())
      .toEqual(expect.arrayContaining(picked as string[]));

    // CSV of the filtered set: property = 48 Oak Avenue, not ignored (so the totals' count is the row count).
    await page.getByTestId('transactions-clear-filters').click();
    await openLedger(page, '?propertyId=prop-oak-48&ignored=false');
    const expected = await totals(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('transactions-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Name,Amount,Direction,Category,Category group,Property,Notes,Ignored,Has receipt,Needs review,Source,Transaction ID',
    );
    const rows = lines.slice(1);
    expect(rows.length).toBe(expected.count);
    for (const row of rows) {
      expect(row).toContain(`"${OAK}"`);
      expect(row).toMatch(/^\d{4}-\d{2}-\d{2},/);
      expect(row).toContain(',No,'); // not ignored
    }
    // Exact signed amounts: money in and out add up to the totals.
    const sum = rows.reduce((acc, row) => {
      const amount = /,(-?\d+\.\d{2}),Money (in|out),/.exec(row);
      return acc + Math.round(Number(amount?.[1]) * 100);
    }, 0);
    expect(Math.round(sum / 100)).toBeCloseTo(expected.in + expected.out, -1);

    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('shows the SPEC §8 messages when calls fail', async () => {
    const { page, context } = await browser.newPage();
    await signInFromHeader(page, LANDLORD);
    await openLedger(page);
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
    await page.locator(cell(1, COL.name)).getByRole('button').click();
    await flyout(page).locator('form').waitFor();
    const ignore = flyout(page).getByTestId('transaction-ignore').locator('input');
    const wasIgnored = await ignore.isChecked();
    await ignore.click();
    await expectToast(page, 'Failed to update ignore status');
    await expect.poll(() => ignore.isChecked()).toBe(wasIgnored);

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
    await context.close();
  });

  it('works from the keyboard: open a row, move through the flyout, close with Escape', async () => {
    const { page, context } = await browser.newPage();
    await signInFromHeader(page, LANDLORD);
    await openLedger(page);
    await page.locator(cell(1, COL.name)).getByRole('button').focus();
    await page.keyboard.press('Enter');
    await flyout(page).getByRole('heading', { name: 'Edit Transaction' }).waitFor();
    await flyout(page).locator('form').waitFor();
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
    const name = unique('Keyboard entry');
    await page.keyboard.type(name);
    await flyout(page).getByTestId('transaction-amount').locator('input').focus();
    await page.keyboard.type('42');
    await flyout(page).getByRole('button', { name: 'Money Out' }).focus();
    await page.keyboard.press('Enter');
    await flyout(page).getByTestId('transaction-amount').locator('input').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => flyout(page).locator('form').count()).toBe(0);
    await expect.poll(() => page.locator(cell(1, COL.name)).textContent()).toBe(name);
    expect(await page.locator(cell(1, COL.amount)).textContent()).toBe('-$42.00');
    await context.close();
  });

  it('at 390x844 opens the flyout full width and uploads a receipt before the transaction exists', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signInFromHeader(page, LANDLORD);
    await openLedger(page);
    await page.getByTestId('transaction-add').click();
    await flyout(page).getByRole('heading', { name: 'Add Transaction' }).waitFor();
    await flyout(page).locator('form').waitFor();
    const box = await flyout(page).locator('form').boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    // Phones may take the photo with the camera.
    expect(await flyout(page).locator('input[type=file][capture]').count()).toBe(1);
    expect(await flyout(page).getByTestId('receipt-camera').count()).toBe(1);

    const name = unique('Phone receipt');
    await flyout(page).getByTestId('transaction-name').locator('input').fill(name);
    await flyout(page).getByTestId('transaction-amount').locator('input').fill('18.99');
    await moneyOut(page);
    await uploadPng(page, 'phone-photo.png');
    await save(page, 'Create Transaction');
    await expectToast(page, 'Transaction created successfully!');

    // The receipt was attached by the create call.
    await expect.poll(() => page.locator(cell(1, COL.name)).textContent()).toBe(name);
    await page.locator(cell(1, COL.name)).getByRole('button').click();
    await flyout(page).getByTestId('receipt-item').filter({ hasText: 'phone-photo.png' }).waitFor();
    await expectAccessible(page, 'transaction flyout (phone)');
    await context.close();
  });

  it('has no axe violations on the page and the open flyout, light and dark; tenants get a friendly page', async () => {
    for (const theme of ['light', 'dark']) {
      const { page, context } = await browser.newPage();
      await signInFromHeader(page, LANDLORD);
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await openLedger(page);
      expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(theme === 'dark');
      await expectAccessible(page, `transactions (${theme})`);
      await page.locator(cell(1, COL.name)).getByRole('button').click();
      await flyout(page).locator('form').waitFor();
      await expectAccessible(page, `transaction flyout, edit (${theme})`);
      await page.keyboard.press('Escape');
      await page.getByTestId('transaction-add').click();
      await flyout(page).getByRole('heading', { name: 'Add Transaction' }).waitFor();
      await expectAccessible(page, `transaction flyout, add (${theme})`);
      await context.close();
    }

    const { page, context } = await browser.newPage();
    await signInFromHeader(page, TENANT);
    await page.goto('/transactions');
    await page.getByTestId('transactions-forbidden').waitFor();
    expect(await page.getByTestId('transactions-forbidden').textContent()).toContain('not available for your role');
    await expectAccessible(page, 'transactions (tenant)');
    await context.close();
  });
});
