import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE, useBrowser } from './browser.js';
import {
  COL,
  choose,
  expectToast,
  flyout,
  ledgerRow,
  ledgerShown,
  openLedger,
  rowCell,
  rowOpener,
  shownTotals,
} from './ledger.js';
import { beginSignInToOwnOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';

const OAK = '48 Oak Avenue, Springfield, IL 62702';
const ELM = '9 Elm Court, Urbana, IL 61801';

/** The split editor's part cards, in order. */
const parts = (page: Page) => flyout(page).getByTestId('split-part');

async function openRow(page: Page, name: string) {
  await rowOpener(ledgerRow(page, name)).click();
  await flyout(page).getByRole('heading', { name: 'Edit Transaction' }).waitFor();
  await flyout(page).locator('form').waitFor();
}

const remaining = (page: Page) => flyout(page).getByTestId('split-remaining').textContent();
const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('split transactions, in Chromium, each test in an organization of its own', () => {
  const browser = useBrowser();

  it('splits a mortgage payment into interest and principal, filters by a part, exports the parts and unsplits', async () => {
    const { page, context } = await browser.newPage();
    const org = await beginSignInToOwnOrganization(page, 'split', '/transactions');
    const oak = await org.addProperty({ address: OAK });
    const name = uniqueName('Springfield Savings mortgage');
    const payment = await org.addTransaction({
      name,
      date: '2024-04-01',
      amount: -1896.2,
      category: 'mortgage',
      propertyId: oak.id,
    });
    await org.arrive();
    await ledgerShown(page);
    await openRow(page, name);

    // Split: two parts to start with, the first holding the whole amount on the current category and property.
    await flyout(page).getByTestId('transaction-split').click();
    await flyout(page).getByTestId('split-editor').waitFor();
    await expect.poll(() => parts(page).count()).toBe(2);
    const [interest, principal] = [parts(page).nth(0), parts(page).nth(1)];
    expect(await interest.getByTestId('split-part-amount').locator('input').inputValue()).toBe('1896.20');
    expect(await interest.getByTestId('split-part-category').textContent()).toContain('Mortgage');
    expect(await interest.getByTestId('split-part-property').textContent()).toContain(OAK);
    // The amount is the parts' sum while splitting: it cannot be edited.
    expect(await flyout(page).getByTestId('transaction-amount').locator('input').isDisabled()).toBe(true);
    const save = flyout(page).getByTestId('split-save');
    expect(await save.isDisabled()).toBe(true); // part 2 has no amount yet

    // Interest -1,625.00 on Mortgage interest, principal -271.20 on Mortgage: the remaining is live, in cents.
    await choose(interest, 'split-part-category', 'interest', 'Mortgage interest');
    await principal.getByRole('textbox', { name: 'Amount of part 2' }).fill('271.20');
    await expect.poll(() => remaining(page)).toContain('Remaining to assign: -$271.20');
    expect(await save.isDisabled()).toBe(true);
    await interest.getByRole('textbox', { name: 'Amount of part 1' }).fill('1625');
    await choose(principal, 'split-part-category', 'mortgage', 'Mortgage');
    await choose(principal, 'split-part-property', 'oak', OAK);
    await principal.getByRole('textbox', { name: 'Memo of part 2' }).fill('Principal');
    await expect.poll(() => remaining(page)).toBe('Remaining to assign: $0.00');
    expect(await save.isDisabled()).toBe(false);
    await expectAccessible(page, 'split editor (desktop)');

    await save.click();
    await expectToast(page, 'Transaction split into 2 parts.');
    const summary = flyout(page).getByTestId('split-parts');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Split into 2 parts');
    expect(await summary.textContent()).toContain('-$1,625.00');
    expect(await summary.textContent()).toContain('Mortgage interest');
    expect(await summary.textContent()).toContain('Principal');
    expect(await flyout(page).getByTestId('transaction-category').count()).toBe(0);
    await expectAccessible(page, 'split parts in the flyout (desktop)');
    expect(await org.getTransaction(payment.id)).toMatchObject({
      amount: -1896.2,
      category: null,
      propertyId: oak.id,
      parts: [
        { amount: -1625, category: 'mortgage_interest', propertyId: oak.id, memo: null },
        { amount: -271.2, category: 'mortgage', propertyId: oak.id, memo: 'Principal' },
      ],
    });

    // The details still save around the split: a note, with the same amount (the server refuses another).
    await flyout(page).getByTestId('transaction-notes').locator('textarea').fill('April payment');
    await page.getByTestId('transaction-save').click();
    await expectToast(page, 'Transaction updated successfully!');
    await expect.poll(() => flyout(page).locator('form').count()).toBe(0);

    // The ledger: "Split (2)" on the one property.
    const row = ledgerRow(page, name);
    await expect.poll(() => rowCell(row, COL.category).textContent()).toBe('Split (2)');
    expect(await rowCell(row, COL.category).locator('[title]').getAttribute('title')).toBe(
      'Mortgage interest, Mortgage',
    );
    expect(await rowCell(row, COL.property).textContent()).toBe(OAK);
    expect(await rowCell(row, COL.amount).textContent()).toBe('-$1,896.20');

    // Filtered by Mortgage interest: the row shows its interest part, of the whole, and the totals count that part.
    await openLedger(page, '?category=mortgage_interest');
    const filtered = ledgerRow(page, name, '-$1,625.00');
    await expect.poll(() => filtered.count()).toBe(1);
    expect(await rowCell(filtered, COL.amount).locator('.rt-amount-of').textContent()).toBe(' of -$1,896.20');
    await expect.poll(() => shownTotals(page)).toEqual({ in: '$0', out: '-$1,625', net: '-$1,625', count: '1' });
    expect(await org.totals({ category: 'mortgage_interest' })).toMatchObject({ out: -1_625_00, count: 1 });

    // Its CSV: the matching part, with the parent's id and its place.
    const csvLines = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('transactions-export').click(),
      ]);
      const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
      return text.trimEnd().split('\r\n');
    };
    expect((await csvLines()).slice(1)).toEqual([
      `2024-04-01,${name},-1625.00,Money out,Mortgage interest,Expenses,"${OAK}",April payment,No,No,No,Manual,${payment.id},1 of 2,`,
    ]);
    // Unfiltered: one row per part, both with the parent's id.
    await openLedger(page);
    const all = (await csvLines()).slice(1);
    expect(all.map((line) => line.split(',').slice(-4))).toEqual([
      ['Manual', payment.id, '1 of 2', ''],
      ['Manual', payment.id, '2 of 2', 'Principal'],
    ]);

    // Unsplit, after confirming: one category and property again, the first part's.
    await openRow(page, name);
    await flyout(page).getByTestId('split-unsplit').click();
    const modal = page.getByTestId('split-unsplit-modal');
    await expect.poll(() => modal.textContent()).toContain('Mortgage interest');
    await page.getByTestId('split-unsplit-confirm').click();
    await expectToast(page, 'Transaction unsplit');
    await flyout(page).getByTestId('transaction-category').waitFor();
    expect(await flyout(page).getByTestId('transaction-category').textContent()).toContain('Mortgage interest');
    expect(await flyout(page).getByTestId('transaction-amount').locator('input').isDisabled()).toBe(false);
    expect(await org.getTransaction(payment.id)).toMatchObject({
      parts: null,
      category: 'mortgage_interest',
      propertyId: oak.id,
      amount: -1896.2,
      notes: 'April payment',
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => rowCell(ledgerRow(page, name), COL.category).textContent()).toBe('Mortgage interest');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('at 390x844 in dark mode splits a Home Depot bill evenly across two properties, by keyboard, axe clean', async () => {
    const { page, context } = await browser.newPage(PHONE);
    const org = await signInToOwnOrganization(page, 'split-phone');
    const oak = await org.addProperty({ address: OAK });
    await org.addProperty({ address: ELM });
    const name = uniqueName('Home Depot');
    const bill = await org.addTransaction({
      name,
      date: '2024-05-02',
      amount: -200,
      category: 'repairs',
      propertyId: oak.id,
    });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await openLedger(page);
    expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    await openRow(page, name);

    // The editor is in the flyout (no second dialog), its cards stacked within the screen's width.
    await flyout(page).getByTestId('transaction-split').click();
    await flyout(page).getByTestId('split-editor').waitFor();
    await flyout(page).getByTestId('split-evenly').click();
    const [repairs, supplies] = [parts(page).nth(0), parts(page).nth(1)];
    expect(await repairs.getByRole('textbox', { name: 'Amount of part 1' }).inputValue()).toBe('100.00');
    expect(await supplies.getByRole('textbox', { name: 'Amount of part 2' }).inputValue()).toBe('100.00');
    await expect.poll(() => remaining(page)).toBe('Remaining to assign: $0.00');
    await choose(supplies, 'split-part-category', 'supplies', 'Supplies');
    await choose(supplies, 'split-part-property', 'elm', ELM);
    const cards = await parts(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    expect(cards[1].top).toBeGreaterThan(cards[0].bottom - 1); // stacked, not side by side
    for (const card of cards) expect(card.right).toBeLessThanOrEqual(390);
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'split editor at 390px, dark');

    // Every control of the editor is reached with Tab, from the first part's amount to Save.
    await repairs.getByRole('textbox', { name: 'Amount of part 1' }).focus();
    const reached = new Set<string>();
    for (let i = 0; i < 60 && !reached.has('split-save'); i++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() =>
        document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid'),
      );
      if (id) reached.add(id);
    }
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'split-part-category',
        'split-part-property',
        'split-part-memo',
        'split-part-remove',
        'split-part-amount',
        'split-add-part',
        'split-evenly',
        'split-save',
      ]),
    );
    // Enter on Save saves the split.
    await page.keyboard.press('Enter');
    await expectToast(page, 'Transaction split into 2 parts.');
    await flyout(page).getByTestId('split-parts').waitFor();
    expect(await flyout(page).getByTestId('split-parts').textContent()).toContain('Split into 2 parts');
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'split parts at 390px, dark');
    expect(await org.getTransaction(bill.id)).toMatchObject({
      propertyId: null, // two properties: the ledger lists it under each
      parts: [
        { amount: -100, category: 'repairs', propertyId: oak.id },
        { amount: -100, category: 'supplies' },
      ],
    });

    // The phone's list: "Split (2)" over "2 properties".
    await page.keyboard.press('Escape');
    await expect.poll(() => flyout(page).locator('form').count()).toBe(0);
    const item = ledgerRow(page, name);
    await expect.poll(() => item.locator('.rt-list-meta').textContent()).toContain('Split (2)');
    expect(await item.locator('.rt-list-meta').textContent()).toContain('2 properties');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
