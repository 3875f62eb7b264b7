import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../support/pdf-text.js';
import { clickOption, DESKTOP, expectAccessible, PHONE, signInAt, useBrowser } from './browser.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Schedule E as a preparer uses it (docs/reports-and-tax.md "Schedule E") in Chromium, through the real sign-in:
 * the worksheet's line 1b, line 2 and QJV changed from the keyboard in their dialog and shown in the lines, the
 * summary of lines 23a–26, the note that it is a worksheet and not tax advice, and the PDF download carrying the
 * screen's numbers; axe clean; at 390 px nothing sticks out.
 */
const OAK = '7 Worksheet Way, Springfield, IL 62702';
const ELM = '8 Worksheet Way, Springfield, IL 62702';
const YEAR = String(new Date().getFullYear() - 1);
const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

describe('Schedule E worksheet and summary', () => {
  const browser = useBrowser();

  it('edits line 1b, line 2 and QJV from the keyboard; shows lines 23a-26; the PDF has the same numbers', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'schedule-e', `/reports?tab=schedule-e&year=${YEAR}`);
    const oak = await org.addProperty({ address: OAK, propertyType: 'SINGLE_FAMILY' });
    const elm = await org.addProperty({ address: ELM, propertyType: 'MULTI_FAMILY' });
    for (const [name, amount, category, propertyId] of [
      ['Oak rent', 12000, 'rental_income', oak.id],
      ['Oak roof repair', -1234.56, 'repairs', oak.id],
      ['Elm rent', 2000, 'rental_income', elm.id],
      ['Elm boiler', -5000.5, 'repairs', elm.id],
    ] as const) {
      await org.addTransaction({ name: uniqueName(name), date: `${YEAR}-06-01`, amount, category, propertyId });
    }

    await org.arrive();
    await expect.poll(() => text(page, 'schedule-e-notice')).toBe('A worksheet for your tax preparer, not tax advice.');
    await expect.poll(() => text(page, 'schedule-e-line-3')).toBe('$12,000.00');
    // Summary: 23a rents 14,000.00; 23e 6,235.06; 24 10,765.44; 25 (3,000.50); 26 7,764.94.
    expect(await text(page, 'schedule-e-summary-23a')).toBe('$14,000.00');
    expect(await text(page, 'schedule-e-summary-23e')).toBe('$6,235.06');
    expect(await text(page, 'schedule-e-summary-24')).toBe('$10,765.44');
    expect(await text(page, 'schedule-e-summary-25')).toBe('-$3,000.50');
    expect(await text(page, 'schedule-e-summary-26')).toBe('$7,764.94');
    expect(await text(page, 'schedule-e-summary')).toContain('Form 8582');
    expect(await text(page, 'schedule-e-lines')).toContain('1 Single Family Residence');
    await expectAccessible(page, 'schedule e with summary');

    // The dialog from the keyboard: focus the button, open with Enter, fill the fields, save with Enter.
    await page.getByTestId('schedule-e-edit-choices').focus();
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('schedule-e-choices-modal');
    await modal.getByTestId('schedule-e-fair-days').locator('input').waitFor();
    await expectAccessible(page, 'schedule e choices dialog');
    await modal.getByTestId('schedule-e-type').locator('button').first().focus();
    await page.keyboard.press('Enter');
    await clickOption(page.getByRole('option', { name: '3 Vacation/Short-Term Rental' }));
    await modal.getByTestId('schedule-e-fair-days').locator('input').fill('400');
    await modal.getByTestId('schedule-e-personal-days').locator('input').fill('12');
    await modal.getByTestId('schedule-e-qjv').locator('input').focus();
    await page.keyboard.press('Space');
    await modal.getByTestId('schedule-e-choices-save').click();
    // 400 days do not fit a year: the field says so and nothing is saved.
    await expect.poll(() => modal.textContent()).toContain('Enter a whole number of days from 0 to');
    await modal.getByTestId('schedule-e-fair-days').locator('input').fill('200');
    await modal.getByTestId('schedule-e-choices-save').focus();
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'hidden' });
    await expect
      .poll(() => text(page, 'schedule-e-lines'))
      .toContain('3 Vacation/Short-Term Rental (chosen for the year)');
    const lines = (await text(page, 'schedule-e-lines')) ?? '';
    expect(lines).toContain('200 days (entered for the year)');
    expect(lines).toContain('12 days');
    expect(lines).toContain('Yes');

    // The PDF: the lines as the form numbers them, with the screen's amounts and the line 1b and line 2 words.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('schedule-e-pdf').click()]);
    const drawn = (await pdfPages(new Uint8Array(await readFile((await file.path())!)))).flat();
    expect(drawn).toEqual(
      expect.arrayContaining([
        '12,000.00',
        '1,234.56',
        '10,765.44',
        '3 Vacation/Short-Term Rental (chosen for the year)',
        '200 days (entered for the year)',
        'A worksheet for your tax preparer, not tax advice.',
      ]),
    );
    await context.close();

    // At 390 px: the worksheet, its summary and its dialog fit the screen; axe clean.
    const phone = await browser.newPage(PHONE);
    await signInAt(phone.page, org.email, `/reports?tab=schedule-e&year=${YEAR}`);
    await expect.poll(() => text(phone.page, 'schedule-e-summary-26')).toBe('$7,764.94');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone.page, 'schedule e at 390px');
    await phone.page.getByTestId('schedule-e-edit-choices').click();
    await phone.page.getByTestId('schedule-e-personal-days').locator('input').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone.page, 'schedule e dialog at 390px');
    await phone.context.close();
  });
});
