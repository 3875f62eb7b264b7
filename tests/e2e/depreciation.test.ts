import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../support/pdf-text.js';
import { DESKTOP, expectAccessible, PHONE, recordChunks, signInAt, useBrowser } from './browser.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * The depreciation schedule in Chromium, in an organization of its own: a property with its
 * acquisition data and land value shows the year's depreciation of its building and its capital spending,
 * a property without a land value is flagged, the CSV carries the same figures; on a phone each asset is a row of a
 * list; axe clean.
 */
const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

describe('depreciation, in an organization of its own', () => {
  const browser = useBrowser();

  it('the Depreciation tab shows the year amount per property, flags, and the CSV; axe clean', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'depreciation', '/reports?tab=depreciation&year=2025');
    const address = `${uniqueName('5 Basis Road')}, Springfield, IL 62704`;
    const basis = await org.addProperty({
      address,
      propertyType: 'SINGLE_FAMILY',
      acquisitionDate: '2024-03-15',
      acquisitionPrice: 300_000,
      closingCosts: 5_000,
      initialRepairs: 2_500,
      landValue: 60_000,
    });
    const noLand = await org.addProperty({
      address: uniqueName('6 Basis Road'),
      acquisitionDate: '2024-01-10',
      acquisitionPrice: 100_000,
    });
    await org.addTransaction({
      name: uniqueName('Fridge'),
      date: '2025-07-10',
      amount: -1_000,
      category: 'appliances',
      propertyId: basis.id,
    });

    await org.arrive();
    // Building: (300,000 + 5,000 + 2,500 - 60,000) / 27.5 = 9,000; fridge: 5-year, 20% the first year = 200.
    await expect.poll(() => text(page, `depreciation-total-${basis.id}`)).toBe('$9,200.00');
    const table = await text(page, `depreciation-${basis.id}`);
    expect(table).toContain('$247,500.00');
    expect(table).toContain('Mar 2024');
    expect(table).toContain('$16,125.00'); // accumulated: 7,125 in 2024 + 9,000
    expect(table).toContain('Appliances');
    expect(await text(page, `depreciation-flags-${noLand.id}`)).toContain('No land value');
    expect(await text(page, `depreciation-total-${noLand.id}`)).toBe('$0.00');
    await expectAccessible(page, 'depreciation');

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('depreciation-csv').click()]);
    expect(file.suggestedFilename()).toBe('depreciation-2025.csv');
    const lines = (await readFile((await file.path())!, 'utf8'))
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[2]).toBe(
      'Property,Asset,Class,Placed in service,Basis,Before the books,Bonus,2025,Accumulated,Remaining,Note',
    );
    expect(lines).toContain(
      `"${address}",Building,"27.5-year residential, straight line, mid-month",2024-03,247500.00,,,9000.00,16125.00,231375.00,`,
    );
    // The same rows as a PDF: the header row and the building's amounts, the notice at the foot.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('depreciation-pdf').click()]);
    expect(pdf.suggestedFilename()).toBe('depreciation-2025.pdf');
    const drawn = (await pdfPages(new Uint8Array(await readFile((await pdf.path())!)))).flat();
    expect(drawn[0]).toBe('Depreciation schedule');
    expect(drawn).toEqual(
      expect.arrayContaining(['Basis', '2025', 'Accumulated', 'Remaining', '247,500.00', '9,000.00', '231,375.00']),
    );
    expect(drawn).toContain('Tax year 2025, all properties');
    // Both end with the grand total: the property totals above it, summed to the cent.
    const cents = (line: string) => Math.round(Number(line.split(',').at(-4)) * 100);
    const totals = lines.filter((line) => line.includes(',Total,,,,')).map(cents);
    expect(totals.length).toBeGreaterThan(1);
    expect(lines.at(-1)).toMatch(/^All properties shown,Grand total,,,,,,\d+\.\d{2},,,$/);
    expect(cents(lines.at(-1)!)).toBe(totals.reduce((a, b) => a + b, 0));
    expect(drawn).toContain('Grand total');

    // The land value entered in the property form lifts the flag: (100,000 - 20,000) / 27.5 = 2,909.09.
    await page.goto('/properties');
    await page.getByTestId('properties-table').getByText(noLand.address).click();
    const land = page.getByTestId('property-landValue').locator('input');
    await expect.poll(() => land.inputValue()).toBe('');
    await land.fill('$20,000');
    await page.getByTestId('property-save').click();
    await expect
      .poll(
        async () => (await org.api.get<{ landValue: number | null }>(`/api/properties/${noLand.id}`)).body.landValue,
      )
      .toBe(20_000);
    await page.goto('/reports?tab=depreciation&year=2025');
    await expect.poll(() => text(page, `depreciation-total-${noLand.id}`)).toBe('$2,909.09');
    expect(await page.getByTestId(`depreciation-flags-${noLand.id}`).count()).toBe(0);

    // Schedule E line 18 takes the same figure.
    await page.goto(`/reports?tab=schedule-e&year=2025`);
    await expect.poll(() => text(page, 'schedule-e-line-18')).toBe('$9,200.00');
    await context.close();

    // On a phone each asset is a row: its class, month, basis, accumulated and remaining, this year's amount at the
    // end; the owner's Edit opens its choices. A phone never loads the table's code.
    const phone = await browser.newPage(PHONE);
    const chunksOf = recordChunks(phone.page);
    await signInAt(phone.page, org.email, '/reports?tab=depreciation&year=2025');
    const building = phone.page
      .getByTestId(`depreciation-${basis.id}`)
      .getByTestId('depreciation-asset')
      .filter({ hasText: 'Building' });
    await building.waitFor();
    const row = (await building.textContent()) ?? '';
    expect(row).toContain('27.5-year residential, straight line, mid-month · placed in service Mar 2024');
    expect(row).toContain('Basis $247,500.00 · accumulated $16,125.00 · remaining $231,375.00');
    expect(row).toMatch(/\$9,000\.00\s*2025$/);
    expect(await text(phone.page, `depreciation-total-${basis.id}`)).toBe('$9,200.00');
    expect(await text(phone.page, `depreciation-total-${noLand.id}`)).toBe('$2,909.09');
    await expectAccessible(phone.page, 'depreciation at 390px');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await building.getByTestId('depreciation-edit-building').click();
    await phone.page.getByTestId('asset-choice-modal').getByText('Depreciation taken before the books').waitFor();
    expect(chunksOf('DepreciationTable')).toEqual([]);
    await phone.context.close();
  });
});
