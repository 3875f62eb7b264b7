import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signInFromHeader, useBrowser } from './browser.js';

const LANDLORD = 'lena.landlord@demo.rent.today';
const TENANT = 'tara.tenant@demo.rent.today';
/** A seeded vendor (monthly, April to October, "Cleaning & maintenance"): the rule moves it to Repairs. */
const MERCHANT = 'GreenCut Lawn Care';

const rulesTable = createWrapper().findTable('[data-testid="rules-table"]');
const ledger = createWrapper().findTable('[data-testid="transactions-table"]');
const LEDGER_NAME = 3;
const LEDGER_CATEGORY = 5;
const ledgerCell = (row: number, col: number) => ledger.findBodyCell(row, col).toSelector();
const batchesTable = createWrapper().findTable('[data-testid="rule-batches-table"]');

async function expectToast(page: Page, text: string | RegExp) {
  await expect
    .poll(() => page.getByTestId('toaster').textContent(), { timeout: 15_000 })
    .toMatch(typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text);
}

/** The rule's row in the rules table (Cloudscape renders an aria-hidden header copy: use its row selectors). */
function ruleRow(page: Page, name: string) {
  return page.locator(rulesTable.findRows().toSelector()).filter({ hasText: name });
}

describe('categorization rules', () => {
  const browser = useBrowser();

  it('creates a rule, previews and applies it, toggles it, and undoes the apply', async () => {
    const { page, context } = await browser.newPage();
    await signInFromHeader(page, LANDLORD);
    await page.goto('/transactions/rules');
    await expect.poll(() => page.title()).toBe('Categorization rules - Rent.Today');
    await page
      .getByText('Active rules run by priority (higher first), then oldest first; the first match wins.')
      .waitFor();
    await page.locator(`${rulesTable.toSelector()}`).waitFor();
    await expectAccessible(page, 'rules page');

    const name = `Lawn care ${Date.now().toString(36)}`;
    const dialog = page.getByRole('dialog', { name: 'Create rule' });
    // Escape closes the dialog (SPEC §2).
    await page.getByTestId('rule-create').click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('rule-create').click();
    await dialog.waitFor();
    const save = page.getByTestId('rule-save');
    // Save stays disabled until the name is filled and a category is chosen.
    expect(await save.getByRole('button').or(save).first().isDisabled()).toBe(true);

    await page.getByTestId('rule-name').locator('input').fill(name);
    // Live regex validation with the engine's message.
    await page.getByTestId('rule-pattern').locator('input').fill('greencut (lawn');
    await dialog.getByText(/not a valid regular expression/i).waitFor();
    await page.getByTestId('rule-pattern').locator('input').fill('greencut lawn');

    await page.getByTestId('rule-category').locator('button').first().click();
    await page.getByTestId('rule-category').getByRole('combobox').last().fill('Repairs');
    await page.getByTestId('rule-category').getByRole('option', { name: 'Repairs', exact: true }).first().click();

    await expectAccessible(page, 'rule dialog (settings)');

    // The preview tab counts the matching transactions (N > 0).
    const previewTab = dialog.getByRole('tab', { name: /Preview changes \(\d+\)/ });
    await expect
      .poll(async () => Number((await previewTab.textContent())?.match(/\((\d+)\)/)?.[1] ?? 0), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const n = Number((await previewTab.textContent())?.match(/\((\d+)\)/)?.[1]);
    await previewTab.click();
    await page.getByTestId('rule-preview-item').first().waitFor();
    expect(await page.getByTestId('rule-preview-item').count()).toBe(Math.min(n, 100));
    const first = (await page.getByTestId('rule-preview-item').first().textContent()) ?? '';
    expect(first).toContain(MERCHANT);
    // Long US dates and 2-decimal amounts.
    expect(first).toMatch(
      /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
    );
    expect(first).toMatch(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    await expectAccessible(page, 'rule dialog (preview)');

    const applyNow = page.getByTestId('rule-apply-now');
    await expect.poll(() => applyNow.textContent()).toContain(`Apply to ${n} transactions now`);
    await applyNow.locator('input').check();
    await page.getByTestId('rule-save').click();
    await expectToast(page, 'Rule created successfully');
    await expectToast(page, `Rule applied to ${n} transaction(s).`);
    await dialog.waitFor({ state: 'hidden' });

    // The rule is listed with its criteria in words and its category.
    const row = ruleRow(page, name);
    await row.waitFor();
    expect(await row.textContent()).toContain('Repairs');

    // Toggle off and on again: optimistic, then settled.
    const toggle = row.getByTestId('rule-row-active').locator('input');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => toggle.isDisabled()).toBe(false);

    // Editing: the title says so, and a criterion is on only if the rule has a value for it.
    await row.getByTestId('rule-edit').click();
    const editDialog = page.getByRole('dialog', { name: 'Edit rule' });
    await editDialog.waitFor();
    expect(await page.getByTestId('rule-name').locator('input').inputValue()).toBe(name);
    expect(await page.getByTestId('rule-pattern').locator('input').inputValue()).toBe('greencut lawn');
    expect(await page.getByTestId('rule-amount-toggle').locator('input').isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'hidden' });

    // A failed update reverts the flip and says so (SPEC §4, §8).
    await context.route(/\/api\/categorization-rules\/[^/?]+\?/, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
        : route.continue(),
    );
    await toggle.click();
    await expectToast(page, 'Failed to update rule');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await context.unrouteAll();

    // The apply is recorded; undo it.
    const batchRow = page.locator(batchesTable.findRows().toSelector()).filter({ hasText: name }).first();
    await batchRow.waitFor();
    expect(await batchRow.textContent()).toContain(String(n));
    await batchRow.getByTestId('rule-batch-undo').click();
    await expectToast(page, new RegExp(`Undo restored ${n} transaction\\(s\\); 0 skipped`));
    await expect.poll(() => batchRow.textContent()).toContain('Undone');

    // Clean up: delete the rule through its confirmation.
    await row.getByTestId('rule-delete').click();
    await page.getByTestId('rule-delete-confirm').click();
    await row.waitFor({ state: 'detached' });

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('tells a tenant that rules are for staff', async () => {
    const { page, context } = await browser.newPage();
    await signInFromHeader(page, TENANT);
    await page.goto('/transactions/rules');
    await page.getByTestId('rules-forbidden').waitFor();
    expect(await page.getByTestId('rule-create').isDisabled()).toBe(true);
    await expectAccessible(page, 'rules page (tenant)');
    await context.close();
  });
  it('turns a category change into a rule through the tip, applies it, and categorises a new match on arrival', async () => {
    const { page, context } = await browser.newPage();
    await signInFromHeader(page, LANDLORD);
    const flyout = page.getByTestId('transaction-flyout');
    const merchant = `Zephyr Plumbing ${Date.now().toString(36)}`;
    const addUncategorized = async (amount: string) => {
      await page.getByTestId('transaction-add').click();
      await flyout.getByTestId('transaction-name').locator('input').fill(merchant);
      await flyout.getByTestId('transaction-amount').locator('input').fill(amount);
      await page.getByTestId('transaction-save').click();
      await expectToast(page, 'Transaction created successfully!');
      await expect.poll(() => flyout.locator('form').count()).toBe(0);
      await expect.poll(() => page.locator(ledgerCell(1, LEDGER_NAME)).textContent()).toBe(merchant);
    };
    await page.goto('/transactions');
    await page.locator(ledger.findRows().toSelector()).first().waitFor();
    await addUncategorized('80');
    await addUncategorized('95');

    // Categorise the newest by hand: the tip offers to automate it (SPEC §4, §8).
    await page.locator(ledgerCell(1, LEDGER_NAME)).getByRole('button').click();
    await flyout.getByRole('heading', { name: 'Edit Transaction' }).waitFor();
    await page.getByTestId('transaction-category').locator('button').first().click();
    await page.getByTestId('transaction-category').getByRole('combobox').last().fill('repairs');
    await page.getByTestId('transaction-category').getByRole('option', { name: 'Repairs', exact: true }).click();
    await page.getByTestId('transaction-save').click();
    await expectToast(page, 'Want to automate similar categorizations? Create a categorization rule!');
    await page.getByTestId('toaster').getByRole('button', { name: 'Create Rule' }).click();

    // The dialog comes prefilled from that transaction: its name as a literal pattern, its category.
    const dialog = page.getByRole('dialog', { name: 'Create rule' });
    await dialog.waitFor();
    expect(await page.getByTestId('rule-pattern').locator('input').inputValue()).toContain('Zephyr Plumbing');
    expect(await page.getByTestId('rule-category').textContent()).toContain('Repairs');
    await page
      .getByTestId('rule-name')
      .locator('input')
      .fill(`Zephyr ${Date.now().toString(36)}`);
    // Only the other, still uncategorized transaction would change.
    const previewTab = dialog.getByRole('tab', { name: /Preview changes \(\d+\)/ });
    await expect.poll(() => previewTab.textContent(), { timeout: 15_000 }).toContain('Preview changes (1)');
    await page.getByTestId('rule-apply-now').locator('input').check();
    await page.getByTestId('rule-save').click();
    await expectToast(page, 'Rule created successfully');
    await expectToast(page, 'Rule applied to 1 transaction(s).');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator(ledgerCell(2, LEDGER_CATEGORY)).textContent()).toBe('Repairs');

    // A new transaction the active rule matches arrives categorised.
    await addUncategorized('110');
    await expect.poll(() => page.locator(ledgerCell(1, LEDGER_CATEGORY)).textContent()).toBe('Repairs');

    // Undo the apply: the transaction it changed is uncategorized again; the hand-set one keeps its category.
    await page.goto('/transactions/rules');
    const batchRow = page.locator(batchesTable.findRows().toSelector()).filter({ hasText: 'Zephyr' }).first();
    await batchRow.getByTestId('rule-batch-undo').click();
    await expectToast(page, /Undo restored 1 transaction\(s\)/);
    await page.goto('/transactions');
    await expect.poll(() => page.locator(ledgerCell(3, LEDGER_CATEGORY)).textContent()).toBe('Uncategorized');
    expect(await page.locator(ledgerCell(2, LEDGER_CATEGORY)).textContent()).toBe('Repairs');
    await context.close();
  });
});
