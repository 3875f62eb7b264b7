import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE, useBrowser } from './browser.js';
import { COL, choose, expectToast, ledgerRow, openLedger, rowCell } from './ledger.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

const rulesTable = createWrapper().findTable('[data-testid="rules-table"]');

/** The rule dialog's part cards, in order. */
const parts = (page: Page) => page.getByTestId('rule-split-part');
const problems = (page: Page) => page.getByTestId('rule-split-problems').textContent();

/** A part's share: a segment on a wide dialog. */
const chooseShare = (card: Locator, share: 'Amount' | 'Percent' | 'The rest') =>
  card.getByTestId('rule-split-part-share').getByRole('button', { name: share, exact: true }).click();

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('rules that split, in Chromium', () => {
  const browser = useBrowser();

  it('a mortgage rule splits 80% interest, a $200 escrow and the rest principal; previewed, applied, listed, reloaded', async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'rule-split', '/transactions/rules');
    // The payee's name is unique to this run; the rule's pattern is that name (letters, digits, dashes: no regex).
    const name = uniqueName('Mortgage co');
    const payment = await org.addTransaction({ name, date: '2024-05-01', amount: -2000 });

    await org.arrive();
    await page.locator(rulesTable.toSelector()).waitFor();
    await page.getByTestId('rule-create').click();
    const dialog = page.getByRole('dialog', { name: 'Create rule' });
    await dialog.waitFor();
    await page.getByTestId('rule-name').locator('input').fill(name);
    await page.getByTestId('rule-pattern').locator('input').fill(name);

    // Split into parts: a fixed amount and the rest to start with.
    await page.getByTestId('rule-category-action').getByRole('button', { name: 'Split into parts' }).click();
    await expect.poll(() => parts(page).count()).toBe(2);
    expect(await page.getByTestId('rule-category').count()).toBe(0);
    const save = page.getByTestId('rule-save');
    expect(await save.isDisabled()).toBe(true);
    await expect.poll(() => problems(page)).toContain('Enter the amount of part 1');

    // Part 1: 80% Mortgage interest.
    const [interest, escrow] = [parts(page).nth(0), parts(page).nth(1)];
    await chooseShare(interest, 'Percent');
    await interest.getByRole('textbox', { name: 'Percent of part 1' }).fill('80');
    await choose(interest, 'rule-split-part-category', 'interest', 'Mortgage interest');
    // A third part takes the rest: the second, which did, turns into a fixed amount.
    await page.getByTestId('rule-split-add-part').click();
    await expect.poll(() => parts(page).count()).toBe(3);
    const principal = parts(page).nth(2);
    await chooseShare(principal, 'The rest');
    await escrow.getByRole('textbox', { name: 'Amount of part 2' }).waitFor();
    // Live checks in the server's words: percents above 100%, then no part left to take the rest.
    await chooseShare(escrow, 'Percent');
    await escrow.getByRole('textbox', { name: 'Percent of part 2' }).fill('30');
    await expect.poll(() => problems(page)).toContain('The percents add up to more than 100%');
    await chooseShare(principal, 'Amount');
    await expect
      .poll(() => problems(page))
      .toContain('Exactly one part takes the rest: leave its amount and percent empty');
    await chooseShare(principal, 'The rest');
    await chooseShare(escrow, 'Amount');
    await escrow.getByRole('textbox', { name: 'Amount of part 2' }).fill('200');
    await choose(escrow, 'rule-split-part-category', 'property tax', 'Property tax escrows');
    await choose(principal, 'rule-split-part-category', 'mortgage', 'Mortgage');
    await expect.poll(() => problems(page)).toBe('The split is ready');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await expectAccessible(page, 'rule dialog (split)');

    // Every control of a part is reached with Tab.
    await interest.getByRole('textbox', { name: 'Percent of part 1' }).focus();
    const reached = new Set<string>();
    for (let i = 0; i < 80 && !reached.has('rule-split-add-part'); i++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() =>
        // A segment carries its option's id as a test id of its own: name the control around it.
        document.activeElement?.closest('[data-testid^="rule-split"]')?.getAttribute('data-testid'),
      );
      if (id) reached.add(id);
    }
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'rule-split-part-category',
        'rule-split-part-property',
        'rule-split-part-memo',
        'rule-split-part-remove',
        'rule-split-part-share',
        'rule-split-part-amount',
        'rule-split-add-part',
      ]),
    );

    // The preview shows the parts the payment would get, computed as the server will.
    const previewTab = dialog.getByRole('tab', { name: /Preview changes \(\d+\)/ });
    await expect.poll(() => previewTab.textContent()).toContain('Preview changes (1)');
    await previewTab.click();
    const item = page.getByTestId('rule-preview-item');
    await item.getByTestId('rule-preview-parts').waitFor();
    expect(await item.textContent()).toContain('Uncategorized → Split (3)');
    expect(await item.getByTestId('rule-preview-part').allTextContents()).toEqual([
      '-$1,600.00 Mortgage interest',
      '-$200.00 Property tax escrows',
      '-$200.00 Mortgage',
    ]);
    await expectAccessible(page, 'rule dialog (split preview)');

    // Save and apply now.
    await page.getByTestId('rule-apply-now').locator('input').check();
    await save.click();
    await expectToast(page, 'Rule created successfully');
    await expectToast(page, 'Rule applied to 1 transaction(s).');
    await dialog.waitFor({ state: 'hidden' });
    expect(await org.getTransaction(payment.id)).toMatchObject({
      category: null,
      categorizationSource: 'rule',
      parts: [
        { amount: -1600, category: 'mortgage_interest', propertyId: null },
        { amount: -200, category: 'property_tax_escrows', propertyId: null },
        { amount: -200, category: 'mortgage', propertyId: null },
      ],
    });

    // The rules page says what the rule does; its active toggle keeps the split.
    const row = page.locator(rulesTable.findRows().toSelector()).filter({ hasText: name });
    await expect.poll(() => row.textContent()).toContain('Split (3)');
    const toggle = row.getByTestId('rule-row-active').locator('input');
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    const { rules } = (
      await org.api.get<{ rules: { name: string; isActive: boolean; split: unknown[] | null }[] }>(
        '/api/categorization-rules',
      )
    ).body;
    expect(rules.find((r) => r.name === name)).toMatchObject({ isActive: false, split: expect.any(Array) });
    expect(rules.find((r) => r.name === name)?.split).toHaveLength(3);

    // Editing loads the parts as saved.
    await row.getByTestId('rule-edit').click();
    const editDialog = page.getByRole('dialog', { name: 'Edit rule' });
    await editDialog.waitFor();
    await expect.poll(() => parts(page).count()).toBe(3);
    expect(await parts(page).nth(0).getByRole('textbox', { name: 'Percent of part 1' }).inputValue()).toBe('80');
    expect(await parts(page).nth(1).getByRole('textbox', { name: 'Amount of part 2' }).inputValue()).toBe('200.00');
    expect(await parts(page).nth(2).getByTestId('rule-split-part-rest').count()).toBe(1);
    expect(await parts(page).nth(2).getByTestId('rule-split-part-category').textContent()).toContain('Mortgage');
    await page.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'hidden' });

    // The ledger row reads "Split (3)".
    await openLedger(page);
    await expect.poll(() => rowCell(ledgerRow(page, name), COL.category).textContent()).toBe('Split (3)');
    await expectAccessible(page, 'ledger after the rule split');

    // On a phone, in dark mode, the dialog's parts and the preview of a new payment fit the screen, axe clean. (The
    // split payment is no match any more: rules never touch a split.)
    await org.addTransaction({ name, date: '2024-06-01', amount: -2500 });
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/transactions/rules');
    expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await editDialog.waitFor();
    await expect.poll(() => parts(page).count()).toBe(3);
    const cards = await parts(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    for (const card of cards) expect(card.right).toBeLessThanOrEqual(PHONE.width);
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'rule dialog (split) at 390px, dark');
    await editDialog.getByRole('tab', { name: /Preview changes/ }).click();
    await expect.poll(() => item.count()).toBe(1);
    await expect.poll(() => item.textContent()).toContain('June 1, 2024');
    expect(await item.getByTestId('rule-preview-part').allTextContents()).toEqual([
      '-$2,000.00 Mortgage interest',
      '-$200.00 Property tax escrows',
      '-$300.00 Mortgage',
    ]);
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'rule dialog (split preview) at 390px, dark');

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
