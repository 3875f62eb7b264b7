import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser.js';
import { beginSignInToOwnOrganization } from './own-org.js';

/**
 * On a phone, the rent roll draws its heading with the page: the part with Cloudscape's table (and its large
 * stylesheet) loads after it (docs/performance.md "Parts"). With that part's code held back, the heading is on screen
 * and the part says it is loading; released, the part follows. (The rules page shows lists on a phone and never loads
 * its tables: rules.test.ts.)
 */
function holdChunk(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return page
    .route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
      await released;
      await route.fallback();
    })
    .then(() => release);
}

describe('a phone draws the heading before the table code arrives', () => {
  const browser = useBrowser();

  it('the rent roll', async () => {
    const { page } = await browser.newPage(PHONE);
    const org = await beginSignInToOwnOrganization(page, 'headings-first', '/reports?tab=rent-roll');

    const rentRollBody = await holdChunk(page, 'RentRollBody');
    await org.arrive();
    await page.getByRole('heading', { level: 2, name: 'Rent roll' }).waitFor();
    await page.getByText('Loading', { exact: true }).waitFor();
    expect(await page.getByText('No leases in this period').count()).toBe(0);
    rentRollBody();
    await page.getByText('No leases in this period').waitFor();
  });
});
