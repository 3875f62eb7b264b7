import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { client, signIn } from '../support/api.js';
import { pdfPages } from '../support/pdf-text.js';
import { DESKTOP, expectAccessible, PHONE, revealBelowTheFold, signInAt, useBrowser } from './browser.js';

/**
 * The demo organization as shipped, read and never changed (other tests sign in to it): Tara, on a phone, sees what
 * she owes on 12 Maple Street, Unit 2 and downloads her statement with the same balance; the demo landlord's "link
 * past rent" review suggests the leases of Julia Alvarez and Michael Okafor, whose rent the demo leaves unlinked, by
 * their names. Applying the review (and the rent roll turning Paid) is proven in an organization a test owns
 * (rent-links.test.ts), so the demo stays as every newcomer first sees it.
 */
const TENANT = 'tara.tenant@demo.rent.today';
const LANDLORD = 'lena.landlord@demo.rent.today';
const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(dollars);

async function downloadPdfText(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).first().click()]);
  return (await pdfPages(new Uint8Array(await readFile((await file.path())!)))).flat();
}

describe('the demo, as shipped, in Chromium', () => {
  const browser = useBrowser();

  it('Tara sees what she owes on a phone, and her statement says the same', async () => {
    const tara = client((await signIn(TENANT)).idToken);
    const history = await tara.get('/api/rental-history');
    expect(history.status).toBe(200);
    const [lease] = history.body.leases as { unitLabel: string; ledger: { totals: { owedNow: number } } }[];
    // The demo's truth: a late month with its fee and a partial payment leave Tara owing.
    expect(lease!.ledger.totals.owedNow).toBeGreaterThan(0);

    const { page } = await browser.newPage(PHONE);
    await signInAt(page, TENANT, '/rental-history');
    const card = page.getByTestId('rental-lease');
    await card.waitFor();
    await revealBelowTheFold(page);
    await card.getByTestId('rental-ledger-line').first().waitFor();
    expect(await card.getByTestId('rental-balance').textContent()).toBe(`You owe ${usd(lease!.ledger.totals.owedNow)}`);
    expect(await card.getByTestId('rental-ledger').textContent()).toContain('Late fee');
    await expectAccessible(page, "Tara's rental history at 390px");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const statement = await downloadPdfText(page, 'rental-statement-pdf');
    expect(
      statement.some((t) => t.startsWith('12 Maple Street') && t.endsWith(', Unit 2')),
      statement.join('|'),
    ).toBe(true);
    expect(statement).toContain(`Balance due ${usd(lease!.ledger.totals.owedNow)}`);
  });

  it("the landlord's review suggests the unlinked tenants' leases by their names", async () => {
    const { page } = await browser.newPage(DESKTOP);
    await signInAt(page, LANDLORD, '/reports?tab=rent-roll');
    await page.getByTestId('rent-links-open').click();
    const rows = page.getByTestId('rent-links').locator('tbody tr');
    await rows.first().waitFor();
    for (const [who, unit] of [
      ['Alvarez', 'Unit 1'],
      ['Okafor', 'Unit 3'],
    ]) {
      const row = rows.filter({ hasText: who }).first();
      expect(await row.textContent()).toContain(unit);
      expect(await row.textContent()).toContain("The tenant's name is in the description");
    }
    await expectAccessible(page, 'the demo review');
  });
});
