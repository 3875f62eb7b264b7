import { chromium } from 'playwright-core';
import type { LocalStack } from '../../infra/local/stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from '../support/chromium.js';
import { ms, percentile } from './stats.js';

/** The ledger's first page at 50,000 transactions is on screen within this (docs/performance.md "Budgets"). */
export const FIRST_PAGE_BUDGET_MS = 1_000;

/**
 * In the page, from its first script on: the first animation frame in which a ledger row is visible, in ms since the
 * navigation started (`window.firstRowAt`). Read in the page because Playwright polls a locator that is not there yet
 * at growing intervals (up to 500 ms apart), which a time taken around `waitFor` would count. A string, not a
 * function: the bench's transpiler wraps named functions in a helper the page does not have.
 */
const RECORD_FIRST_ROW = `
  requestAnimationFrame(function check(frameAt) {
    const row = document.querySelector('[data-testid="transaction-row-link"]');
    if (row && row.checkVisibility()) window.firstRowAt = frameAt;
    else requestAnimationFrame(check);
  });
`;

/**
 * Time from navigating to /transactions until the first page's rows are on screen, for a signed-in owner of each
 * organization (real sign-in through the stand-in page). Printed beside the person's budget if it has one, never
 * asserted.
 */
export async function benchFirstPage(stack: LocalStack, people: { label: string; email: string; budgetMs?: number }[]) {
  if (!hasChromium()) {
    console.log(`skipped: no Chromium at ${CHROMIUM_PATH}`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const person of people) {
      const context = await browser.newContext({ baseURL: stack.url, ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto('/transactions');
      await page.getByTestId('signin-google').click();
      await page.waitForURL(/\/oauth2\/authorize/);
      await page.getByLabel('Another email').fill(person.email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/transactions/);
      const rows = page.getByTestId('transaction-row-link');
      await rows.first().waitFor({ timeout: 60_000 });
      await page.addInitScript({ content: RECORD_FIRST_ROW });
      const samples: number[] = [];
      for (let i = 0; i < 7; i++) {
        await page.goto('/transactions');
        const at = await page.waitForFunction(() => (window as Window & { firstRowAt?: number }).firstRowAt, null, {
          timeout: 60_000,
        });
        samples.push(Number(await at.jsonValue()));
      }
      const median = percentile(samples, 50);
      const { budgetMs } = person;
      const budget = budgetMs ? ` (budget <= ${ms(budgetMs)}: ${median <= budgetMs ? 'within' : 'UNDER'})` : '';
      console.log(`${person.label}: first page on screen, median ${ms(median)} of 7 loads${budget}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
