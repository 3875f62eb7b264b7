import { describe, expect, it } from 'vitest';
import { recordChunks, useBrowser } from './browser.js';
import { ledgerRow } from './ledger.js';
import { signInToOwnOrganization, uniqueName } from './own-org.js';

/** docs/performance.md "What the first screen may mount": the first data requests leave with the page's code. */
describe('first data, in Chromium through the real sign-in page', () => {
  const browser = useBrowser();

  it("asks for a returning visitor's ledger rows and bank status while the ledger's code is still on its way", async () => {
    const { page, context } = await browser.newPage();
    const org = await signInToOwnOrganization(page, 'first-data');
    const name = uniqueName('First data rent');
    await org.addTransaction({ name, date: '2026-03-01', amount: 1200 });

    // The ledger's code is held back until both reads were asked for: had the page to ask, it would never show.
    const asked = new Set<string>();
    let bothAsked!: () => void;
    const released = new Promise<void>((resolve) => {
      bothAsked = resolve;
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/transactions' || pathname === '/api/plaid/status') asked.add(pathname);
      if (asked.size === 2) bothAsked();
    });
    await page.route(/\/assets\/TransactionsPage-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const chunksOf = recordChunks(page);
    await page.goto('/transactions');
    await ledgerRow(page, name).waitFor();
    expect(chunksOf('TransactionsPage').length).toBe(1);
    expect([...asked].sort()).toEqual(['/api/plaid/status', '/api/transactions']);
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
