import { chromium } from 'playwright-core';
import type { LocalStack } from '../../infra/local/stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from '../support/chromium.js';
import { ms, percentile } from './stats.js';

/**
 * Time from navigating to /transactions until the first page's rows are on screen, for a signed-in
 * owner of each organization (real sign-in through the stand-in page). Printed, never asserted.
 */
export async function benchFirstPage(stack: LocalStack, people: { label: string; email: string }[]) {
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
      const samples: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        await page.goto('/transactions');
        await rows.first().waitFor({ timeout: 60_000 });
        samples.push(performance.now() - started);
      }
      console.log(`${person.label}: first page on screen, median ${ms(percentile(samples, 50))} of 7 loads`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
