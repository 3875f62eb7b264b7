import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { clickOption, drawnBars, takeToasts } from './browser.js';

// Cloudscape's own selectors: the table renders an aria-hidden copy of its sticky header, so rows
// and cells are found the way Cloudscape's test-utils find them.
const table = createWrapper().findTable('[data-testid="transactions-table"]');
/** The table's rows (a desktop; a phone shows the list below instead). */
export const ROWS = table.findRows().toSelector();
/** Columns (1-based, the selection checkbox first): 2 date, 3 name, 4 amount, 5 category, 6 property, 7 receipt, 8 status. */
export const COL = { name: 3, amount: 4, category: 5, property: 6, status: 8 } as const;
export const cell = (row: number, col: number) => table.findBodyCell(row, col).toSelector();

/** The ledger on a phone (below 689 px): a list, a row per transaction, with the same pagination. */
const LIST_ROWS = '[data-testid="transactions-table"] [data-testid="ledger-item"]';
export const LIST_PAGINATION = '[data-testid="transactions-table"] .rt-list-tools-end';
/** Rows on either form, and each row's name on either form. */
const ANY_ROWS = `${ROWS}, ${LIST_ROWS}`;
export const ROW_NAMES = `${ROWS} th, ${LIST_ROWS} [data-testid="ledger-item-name"]`;

/** The part of a test-utils selector below "row 1", to find the same thing inside any row locator. */
const ROW_ONE = 'tr:nth-child(1) ';
const insideRow = (selector: string) => selector.slice(selector.indexOf(ROW_ONE) + ROW_ONE.length);
const CELL_IN_ROW = (col: number) => insideRow(cell(1, col));

/**
 * The ledger row with this exact name (and, for rows that share a name, this exact amount as shown,
 * e.g. "-$80.00"), in the table or the phone's list. Found by content, never by position: rows can arrive
 * above or below it.
 */
export function ledgerRow(page: Page, name: string, amount?: string): Locator {
  const nameIn = `${CELL_IN_ROW(COL.name)}, [data-testid="ledger-item-name"]`;
  let rows = page.locator(ANY_ROWS).filter({ has: page.locator(nameIn).getByText(name, { exact: true }) });
  if (amount !== undefined) {
    const amountIn = `${CELL_IN_ROW(COL.amount)}, .rt-cell-amount`;
    rows = rows.filter({ has: page.locator(amountIn).getByText(amount, { exact: true }) });
  }
  return rows;
}

export const rowCell = (row: Locator, col: number) => row.locator(CELL_IN_ROW(col));
/** A row's selection checkbox (the table's or the list's: one per row). */
export const rowCheckbox = (row: Locator) => row.locator('input[type="checkbox"]');
/** The name opens the transaction in the flyout (the table's name link, the list's name button). */
export const rowOpener = (row: Locator) => row.getByTestId('transaction-row-link');

export async function openLedger(page: Page, query = '') {
  await page.goto(`/transactions${query}`);
  await ledgerShown(page);
}

/** The ledger on screen: its first rows and its totals (a page that was opened already, by a sign-in's landing). */
export async function ledgerShown(page: Page) {
  await page.locator(ANY_ROWS).first().waitFor();
  await expect.poll(() => page.getByTestId('totals-count').textContent()).toMatch(/\d/);
}

/** The totals panel as shown (whole dollars), once it shows the totals of the current filters. */
export async function shownTotals(page: Page) {
  await expect.poll(() => page.getByTestId('transactions-totals').getAttribute('data-loading')).toBe('false');
  const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';
  return {
    in: await text('totals-in'),
    out: await text('totals-out'),
    net: await text('totals-net'),
    count: await text('totals-count'),
  };
}

/** The totals' bars as drawn (see drawnBars), once the totals have loaded. */
export async function shownBars(page: Page) {
  await expect.poll(() => page.getByTestId('transactions-totals').getAttribute('data-loading')).toBe('false');
  return drawnBars(page.getByTestId('totals-bars'));
}

/** A toast with this text is shown (now, or since the previous expectToast on this page). */
export async function expectToast(page: Page, text: string | RegExp) {
  const pattern = typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text;
  const seen: string[] = [];
  await expect
    .poll(async () => {
      seen.push(...takeToasts(page));
      return [...seen, (await page.getByTestId('toaster').textContent()) ?? ''].join('\n');
    })
    .toMatch(pattern);
}

/** Opens a Cloudscape Select by its test id within `scope`, narrows it with its search box and picks the option. */
export async function choose(scope: Page | Locator, testId: string, search: string, option: string | RegExp) {
  const select = scope.getByTestId(testId);
  await select.locator('button').first().click();
  await select.getByRole('combobox').last().fill(search);
  await clickOption(select.getByRole('option', { name: option, exact: typeof option === 'string' }).first());
  // Chosen once the dropdown has closed: while it closes, its filter still names the list it controls (axe flags it).
  await expect.poll(() => select.locator('button').first().getAttribute('aria-expanded')).toBe('false');
}

export const flyout = (page: Page) => page.getByTestId('transaction-flyout');

/** The Money In / Money Out toggle: segments on wider screens, Cloudscape's select on phones. */
export async function moneyOut(page: Page) {
  const control = flyout(page).getByTestId('transaction-direction');
  const segment = control.getByRole('button', { name: 'Money Out' });
  if (await segment.count()) await segment.click();
  else {
    await control.getByRole('button').first().click();
    await clickOption(control.getByRole('option', { name: 'Money Out' }));
  }
}

export async function save(page: Page, label: 'Create Transaction' | 'Update Transaction') {
  const button = page.getByTestId('transaction-save');
  expect(await button.textContent()).toContain(label);
  await button.click();
  await expect.poll(() => flyout(page).locator('form').count()).toBe(0);
}

/** A real 1x1 PNG (what the server's content sniffing accepts). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010800000000' +
    '3a7e9b550000000a49444154789c63f80f00010101001bb6ee560000000049454e44ae426082',
  'hex',
);

/** Chooses a PNG in the open flyout, uploads it and waits for its thumbnail. */
export async function uploadPng(page: Page, name: string) {
  const upload = page.getByTestId('receipt-upload');
  expect(await upload.isDisabled()).toBe(true); // disabled until a file is chosen
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
    .poll(() => item.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  return item;
}
