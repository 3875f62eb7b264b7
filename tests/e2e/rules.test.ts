import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickOption, expectAccessible, networkQuiet, PHONE, recordChunks, signInAt, useBrowser } from './browser.js';
import { COL, expectToast, flyout, ledgerRow, ledgerShown, openLedger, rowCell, rowOpener } from './ledger.js';
import { beginSignInToOwnOrganization, type OwnOrganization, uniqueName } from './own-org.js';

const TENANT = 'tara.tenant@demo.rent.today';
/** A vendor paid monthly, April to October, "Cleaning & maintenance": the rule moves it to Repairs. */
const MERCHANT = 'GreenCut Lawn Care';
const LAWN_MONTHS = ['04', '05', '06', '07', '08', '09', '10'];

const rulesTable = createWrapper().findTable('[data-testid="rules-table"]');
const batchesTable = createWrapper().findTable('[data-testid="rule-batches-table"]');

/** The rule's row in the rules table (Cloudscape renders an aria-hidden header copy: use its row selectors). */
function ruleRow(page: Page, name: string) {
  return page.locator(rulesTable.findRows().toSelector()).filter({ hasText: name });
}

type SavedRule = Record<string, any> & { id: string; name: string; version: number };

/** The saved rule whose name contains `name` (names made by uniqueName are unique), read over the API. */
async function savedRule(org: OwnOrganization, name: string): Promise<SavedRule> {
  const { rules } = (await org.api.get<{ rules: SavedRule[] }>('/api/categorization-rules')).body;
  return rules.find((r) => r.name.includes(name))!;
}

/** Someone else's change of a rule over the API, at the version they read: the PUT the web sends. */
async function changeRule(org: OwnOrganization, rule: SavedRule, changes: Record<string, unknown>) {
  const { id, userId, organizationId, createdAt, updatedAt, ...body } = rule;
  const res = await org.api.put(`/api/categorization-rules/${id}`, { ...body, ...changes });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Seven lawn-care payments the rule will match, and rows it must not touch. */
async function seedLawnCare(org: OwnOrganization) {
  const lawnCare = [];
  for (const month of LAWN_MONTHS) {
    lawnCare.push(
      await org.addTransaction({
        name: MERCHANT,
        date: `2024-${month}-15`,
        amount: -120,
        category: 'cleaning_maintenance',
      }),
    );
  }
  await org.addTransaction({ name: 'City Water', date: '2024-10-18', amount: -84.37, category: 'utilities' });
  await org.addTransaction({ name: 'Rent – Unit 1', date: '2024-10-01', amount: 1550, category: 'rental_income' });
  return lawnCare;
}

describe('categorization rules', () => {
  const browser = useBrowser();

  it('creates a rule, previews and applies it, toggles it, and undoes the apply', async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'rules', '/transactions/rules');
    const lawnCare = await seedLawnCare(org);
    await org.arrive();
    await expect.poll(() => page.title()).toBe('Categorization rules - Rent.Today');
    await page
      .getByText('Active rules run by priority (higher first), then oldest first; the first match wins.')
      .waitFor();
    await page.locator(`${rulesTable.toSelector()}`).waitFor();
    await expectAccessible(page, 'rules page');

    const name = uniqueName('Lawn care');
    const dialog = page.getByRole('dialog', { name: 'Create rule' });
    // Escape closes the dialog.
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
    await clickOption(page.getByTestId('rule-category').getByRole('option', { name: 'Repairs', exact: true }).first());

    await expectAccessible(page, 'rule dialog (settings)');

    // The preview tab counts the matching transactions: the seven lawn-care payments, nothing else.
    const n = lawnCare.length;
    const previewTab = dialog.getByRole('tab', { name: /Preview changes \(\d+\)/ });
    await expect.poll(() => previewTab.textContent()).toContain(`Preview changes (${n})`);
    await previewTab.click();
    await page.getByTestId('rule-preview-item').first().waitFor();
    await expect.poll(() => page.getByTestId('rule-preview-item').count()).toBe(n);
    const first = (await page.getByTestId('rule-preview-item').first().textContent()) ?? '';
    // Newest first, long US dates and 2-decimal amounts.
    expect(first).toContain(MERCHANT);
    expect(first).toContain('October 15, 2024');
    expect(first).toContain('-$120.00');
    expect(first).toContain('Cleaning & maintenance → Repairs');
    await expectAccessible(page, 'rule dialog (preview)');

    const applyNow = page.getByTestId('rule-apply-now');
    await expect.poll(() => applyNow.textContent()).toContain(`Apply to ${n} transactions now`);
    await applyNow.locator('input').check();
    await page.getByTestId('rule-save').click();
    await expectToast(page, 'Rule created successfully');
    await expectToast(page, `Rule applied to ${n} transaction(s).`);
    await dialog.waitFor({ state: 'hidden' });
    for (const t of lawnCare) expect((await org.getTransaction(t.id)).category).toBe('repairs');

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

    // A failed update reverts the flip and says so.
    await context.route(/\/api\/categorization-rules\/[^/?]+\?/, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
        : route.continue(),
    );
    await toggle.click();
    await expectToast(page, 'Failed to update rule');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await context.unrouteAll();
    // The failure reloads the list; the other person's change comes after that reload, or the reload would show it
    // (with its new version) before the toggle is pressed, and the toggle would rightly succeed.
    await networkQuiet(page);

    // Someone else changes the rule while the page shows it: the toggle sends the version shown, so it is refused
    // (409), the flip reverts, and the list reloads with their change. Nothing of theirs is undone.
    const renamed = `${name} (renamed)`;
    const shown = await savedRule(org, name);
    await changeRule(org, shown, { name: renamed });
    await toggle.click();
    await expectToast(page, 'Someone else changed this rule');
    await expect.poll(() => row.textContent()).toContain(renamed);
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    expect(await savedRule(org, name)).toMatchObject({ name: renamed, isActive: true, version: shown.version + 1 });

    // The same in the dialog: the edits stay with the conflict alert; "Load latest version" shows what is saved,
    // and saving again keeps the other change.
    await row.getByTestId('rule-edit').click();
    await editDialog.waitFor();
    await page.getByTestId('rule-description').locator('textarea').fill('Mowing, from the dialog');
    const before = await savedRule(org, name);
    await changeRule(org, before, { priority: 4 });
    await page.getByTestId('rule-save').click();
    const conflict = page.getByTestId('rule-conflict');
    await conflict.getByText('Someone else changed this rule').waitFor();
    expect(await page.getByTestId('rule-description').locator('textarea').inputValue()).toBe('Mowing, from the dialog');
    await expectAccessible(page, 'rule dialog (conflict)');
    await conflict.getByRole('button', { name: 'Load latest version' }).click();
    await expectToast(page, 'Latest version loaded');
    await conflict.waitFor({ state: 'detached' });
    expect(await page.getByTestId('rule-priority').locator('input').inputValue()).toBe('4');
    await page.getByTestId('rule-description').locator('textarea').fill('Mowing, from the dialog');
    await page.getByTestId('rule-save').click();
    await expectToast(page, 'Rule updated successfully');
    await editDialog.waitFor({ state: 'hidden' });
    expect(await savedRule(org, name)).toMatchObject({
      priority: 4,
      description: 'Mowing, from the dialog',
      version: before.version + 2,
    });

    // The apply is recorded; undo it.
    const batchRow = page.locator(batchesTable.findRows().toSelector()).filter({ hasText: name }).first();
    await batchRow.waitFor();
    expect(await batchRow.textContent()).toContain(String(n));
    await batchRow.getByTestId('rule-batch-undo').click();
    await expectToast(page, new RegExp(`Undo restored ${n} transaction\\(s\\); 0 skipped`));
    await expect.poll(() => batchRow.textContent()).toContain('Undone');
    for (const t of lawnCare) expect((await org.getTransaction(t.id)).category).toBe('cleaning_maintenance');

    // Clean up: delete the rule through its confirmation, which is not on the page until it is asked for.
    expect(await page.getByTestId('rule-delete-modal').count()).toBe(0);
    await row.getByTestId('rule-delete').click();
    await page.getByTestId('rule-delete-confirm').click();
    await row.waitFor({ state: 'detached' });

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('at 390x844 the rules and the recent applies are lists that fit; each row toggles, edits, undoes and deletes; no table code', async () => {
    const { page, context } = await browser.newPage(PHONE);
    const chunksOf = recordChunks(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const org = await beginSignInToOwnOrganization(page, 'rules-phone', '/transactions/rules');
    const lawnCare = await seedLawnCare(org);
    const name = uniqueName('Phone lawn care');
    const created = await org.api.post<{ rule: SavedRule }>('/api/categorization-rules', {
      name,
      namePattern: 'greencut lawn',
      category: 'repairs',
      priority: 3,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const applied = await org.api.post<{ categorizedCount: number }>('/api/categorization-rules/apply-single', {
      ruleId: created.body.rule.id,
      rule: { namePattern: 'greencut lawn', category: 'repairs' },
      allMatching: true,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.categorizedCount).toBe(lawnCare.length);

    await org.arrive();
    const row = page.getByTestId('rule-row').filter({ hasText: name });
    await row.waitFor();
    // What the table's columns say, in one row: criteria in words, what it sets, priority, and how many transactions
    // it would change (none: the apply gave them its category).
    await expect.poll(() => row.getByTestId('rule-row-matches').textContent()).toBe('0');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Name matches "greencut lawn"');
    expect(text).toContain('Repairs · Priority 3');
    const batch = page.getByTestId('rule-batch-row').filter({ hasText: name });
    expect(await batch.textContent()).toContain(`Repairs · ${lawnCare.length} transactions`);
    expect(await batch.getByTestId('rule-batch-status').textContent()).toBe('Applied');
    await expectAccessible(page, 'rules page at 390px');
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, 'nothing wider than the screen').toBe(true);

    // The active toggle saves (read back over the API); Edit opens the rule.
    const toggle = row.getByTestId('rule-row-active').locator('input');
    await toggle.click();
    await expect.poll(async () => (await savedRule(org, name)).isActive).toBe(false);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await row.getByTestId('rule-edit').click();
    await page.getByRole('dialog', { name: 'Edit rule' }).waitFor();
    expect(await page.getByTestId('rule-name').locator('input').inputValue()).toBe(name);
    await page.keyboard.press('Escape');

    // Undo puts the categories back; the row says so.
    await batch.getByTestId('rule-batch-undo').click();
    await expectToast(page, `Undo restored ${lawnCare.length} transaction(s); 0 skipped (changed since the apply).`);
    await expect
      .poll(() => batch.getByTestId('rule-batch-status').textContent())
      .toBe(`Undone (${lawnCare.length} restored, 0 kept)`);
    for (const t of lawnCare) expect((await org.getTransaction(t.id)).category).toBe('cleaning_maintenance');
    await expect.poll(() => row.getByTestId('rule-row-matches').textContent()).toBe(String(lawnCare.length));

    await row.getByTestId('rule-delete').click();
    await page.getByTestId('rule-delete-confirm').click();
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('rules-table').getByText('No rules').waitFor();

    // A phone never asked for the tables' code, nor for Cloudscape's table stylesheet (217 KB) that comes with it.
    expect(chunksOf('RulesTables')).toEqual([]);
    expect(requested.filter((path) => /^\/assets\/table-[\w-]+\.css$/.test(path))).toEqual([]);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('tells a tenant that rules are for staff', async () => {
    const { page, context } = await browser.newPage();
    await signInAt(page, TENANT, '/transactions/rules');
    await page.getByTestId('rules-forbidden').waitFor();
    expect(await page.getByTestId('rule-create').isDisabled()).toBe(true);
    await expectAccessible(page, 'rules page (tenant)');
    await context.close();
  });
  it('turns a category change into a rule through the tip, applies it, and categorises a new match on arrival', async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'rule-tip', '/transactions');
    await org.addTransaction({ name: 'City Water', date: '2024-10-18', amount: -84.37, category: 'utilities' });
    // Three transactions share the merchant's name (that is what the rule matches): each is told
    // apart by its amount, and waited for by name and amount, never by its position in the ledger.
    const merchant = uniqueName('Zephyr Plumbing');
    const zephyr = (amount: string) => ledgerRow(page, merchant, amount);
    const addUncategorized = async (amount: string) => {
      await page.getByTestId('transaction-add').click();
      await flyout(page).getByTestId('transaction-name').locator('input').fill(merchant);
      await flyout(page).getByTestId('transaction-amount').locator('input').fill(amount);
      await page.getByTestId('transaction-save').click();
      await expectToast(page, 'Transaction created successfully!');
      await expect.poll(() => flyout(page).locator('form').count()).toBe(0);
      await expect.poll(() => zephyr(`+$${amount}.00`).count()).toBe(1);
    };
    await org.arrive();
    await ledgerShown(page);
    await addUncategorized('80');
    await addUncategorized('95');

    // Categorise the $95 one by hand: the tip offers to automate it.
    await rowOpener(zephyr('+$95.00')).click();
    await flyout(page).getByRole('heading', { name: 'Edit Transaction' }).waitFor();
    await expect.poll(() => flyout(page).getByTestId('transaction-amount').locator('input').inputValue()).toBe('95.00');
    await page.getByTestId('transaction-category').locator('button').first().click();
    await page.getByTestId('transaction-category').getByRole('combobox').last().fill('repairs');
    await clickOption(page.getByTestId('transaction-category').getByRole('option', { name: 'Repairs', exact: true }));
    await page.getByTestId('transaction-save').click();
    await expectToast(page, 'Want to automate similar categorizations? Create a categorization rule!');
    await page.getByTestId('toaster').getByRole('button', { name: 'Create Rule' }).click();

    // The dialog comes prefilled from that transaction: its name as a literal pattern, its category.
    const dialog = page.getByRole('dialog', { name: 'Create rule' });
    await dialog.waitFor();
    expect(await page.getByTestId('rule-pattern').locator('input').inputValue()).toBe(merchant);
    expect(await page.getByTestId('rule-category').textContent()).toContain('Repairs');
    await page.getByTestId('rule-name').locator('input').fill(uniqueName('Zephyr'));
    // Only the other, still uncategorized transaction would change.
    const previewTab = dialog.getByRole('tab', { name: /Preview changes \(\d+\)/ });
    await expect.poll(() => previewTab.textContent()).toContain('Preview changes (1)');
    await page.getByTestId('rule-apply-now').locator('input').check();
    await page.getByTestId('rule-save').click();
    await expectToast(page, 'Rule created successfully');
    await expectToast(page, 'Rule applied to 1 transaction(s).');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowCell(zephyr('+$80.00'), COL.category).textContent()).toBe('Repairs');

    // A new transaction the active rule matches arrives categorised.
    await addUncategorized('110');
    await expect.poll(() => rowCell(zephyr('+$110.00'), COL.category).textContent()).toBe('Repairs');

    // Undo the apply: the transaction it changed is uncategorized again; the hand-set one and the
    // one categorised on arrival keep their category.
    await page.goto('/transactions/rules');
    const batchRow = page.locator(batchesTable.findRows().toSelector()).filter({ hasText: 'Zephyr' });
    await expect.poll(() => batchRow.count()).toBe(1);
    await batchRow.getByTestId('rule-batch-undo').click();
    await expectToast(page, /Undo restored 1 transaction\(s\)/);
    await openLedger(page);
    await expect.poll(() => rowCell(zephyr('+$80.00'), COL.category).textContent()).toBe('Uncategorized');
    expect(await rowCell(zephyr('+$95.00'), COL.category).textContent()).toBe('Repairs');
    expect(await rowCell(zephyr('+$110.00'), COL.category).textContent()).toBe('Repairs');
    expect(await org.totals()).toEqual({ in: 285_00, out: -84_37, net: 200_63, count: 4 });
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
