import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './browser.js';

/** Signs in to the bank in the Plaid stand-in's Link dialog with the preselected (first) bank and sandbox user. */
export async function signInToBank(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await page.getByLabel('Password').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => dialog.count()).toBe(0);
}

/**
 * Connects the stand-in's first bank from Org Settings on screen, until the section says Connected. It clicks only
 * once the page has settled: the sections above (members, invitations) grow as their reads answer, and a click while
 * they do can press the button and let go where it has moved from, which is no click at all.
 */
export async function connectBankOnScreen(page: Page) {
  await settled(page);
  const section = page.getByTestId('bank-connections');
  await section.getByTestId('connect-bank').click();
  await signInToBank(page, 'Connect your bank');
  await expect.poll(() => section.getByTestId('bank-connection-status').textContent()).toBe('Connected');
}
