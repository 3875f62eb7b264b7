import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PlaidStandInControl, plaidApi } from '../support/plaid.js';
import { PHONE, useBrowser } from './browser.js';

/**
 * The Plaid stand-in's Link (link-initialize.js) in Chromium on the local origin, under that origin's real CSP:
 * the script URL from /config.json loads, Plaid.create/open shows an accessible dialog usable by keyboard at
 * 390px in light and dark, onSuccess gets Link's metadata, and update mode signs the same item in again.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const control = new PlaidStandInControl(inject('plaidEndpoint'));
const browser = useBrowser();

interface LinkOutcome {
  success?: { publicToken: string; metadata: Record<string, unknown> };
  exit?: { error: unknown };
  events: string[];
}

/** A page of the local origin (its CSP applies) with Link's script from config.json, opened with a token. */
async function openLink(page: Page, linkToken: string) {
  await page.goto('/_mail');
  const scriptUrl = await page.evaluate(async () => {
    const config = (await (await fetch('/config.json')).json()) as { plaidLinkScriptUrl: string };
    return config.plaidLinkScriptUrl;
  });
  expect(scriptUrl).toBe(`${inject('plaidEndpoint')}/link-initialize.js`);
  await page.addScriptTag({ url: scriptUrl });
  await page.evaluate((token) => {
    const w = window as unknown as { outcome: LinkOutcome; Plaid: { create(c: object): { open(): void } } };
    w.outcome = { events: [] };
    w.Plaid.create({
      token,
      onSuccess: (publicToken: string, metadata: Record<string, unknown>) => {
        w.outcome.success = { publicToken, metadata };
      },
      onExit: (error: unknown) => {
        w.outcome.exit = { error };
      },
      onEvent: (name: string) => w.outcome.events.push(name),
    }).open();
  }, linkToken);
}

const outcome = (page: Page) => page.evaluate(() => (window as unknown as { outcome: LinkOutcome }).outcome);

async function expectDialogAccessible(page: Page, label: string) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: object, o: object) => Promise<{ violations: { id: string }[] }> } }
    ).axe;
    const result = await axe.run({ include: [['[data-plaid-stand-in]']] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => v.id);
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}

describe('Plaid Link offline (the stand-in)', () => {
  it('links a bank by keyboard at 390px and hands back a public token with Link metadata', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await openLink(page, await control.linkToken());
    const dialog = page.getByRole('dialog', { name: 'Connect your bank' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectDialogAccessible(page, 'Link, light, 390px');
    const width = await dialog.evaluate((d) => d.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);

    // Focus starts on the first bank; arrows move through the radio group, Tab reaches the rest.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('radio', { name: 'Tartan Bank' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('psi-user');
    await page.getByLabel('Sandbox user').selectOption('user_relogin');
    await page.getByLabel('Password').focus();
    await page.keyboard.press('Enter');

    await expect.poll(async () => Boolean((await outcome(page)).success)).toBe(true);
    const { success, events } = await outcome(page);
    expect(events).toEqual(['OPEN', 'SELECT_INSTITUTION', 'SUBMIT_CREDENTIALS', 'HANDOFF']);
    expect(success!.metadata).toMatchObject({
      institution: { name: 'Tartan Bank', institution_id: 'ins_109511' },
      link_session_id: expect.any(String),
    });
    const accounts = success!.metadata.accounts as {
      id: string;
      name: string;
      mask: string;
      type: string;
      subtype: string;
    }[];
    expect(accounts.map((a) => [a.mask, a.type, a.subtype])).toEqual([
      ['0000', 'depository', 'checking'],
      ['1111', 'depository', 'savings'],
      ['3333', 'credit', 'credit card'],
    ]);
    await expect.poll(() => dialog.count()).toBe(0);

    // The server side exchanges it with the real client; the accounts are the ones Link showed.
    const client = plaidApi(inject('plaidEndpoint'));
    const exchanged = await client.itemPublicTokenExchange({ public_token: success!.publicToken });
    const listed = await client.accountsGet({ access_token: exchanged.data.access_token });
    expect(listed.data.accounts.map((a) => a.account_id)).toEqual(accounts.map((a) => a.id));
    expect((await control.item(exchanged.data.item_id)).username).toBe('user_relogin');

    // Update mode, in dark colours: the same item signs in again, onSuccess is called, the error is gone.
    await control.forceLoginRequired(exchanged.data.item_id);
    await page.emulateMedia({ colorScheme: 'dark' });
    await openLink(page, await control.linkToken({ accessToken: exchanged.data.access_token }));
    const reconnect = page.getByRole('dialog', { name: 'Reconnect to Tartan Bank' });
    await expect.poll(() => reconnect.isVisible()).toBe(true);
    await expectDialogAccessible(page, 'Link update mode, dark, 390px');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('psi-password');
    await page.keyboard.press('Enter');
    await expect.poll(async () => Boolean((await outcome(page)).success)).toBe(true);
    expect((await control.item(exchanged.data.item_id)).error_code).toBeNull();
    await context.close();
  });

  it('closes on Escape and calls onExit without an error', async () => {
    const { page, context } = await browser.newPage();
    await openLink(page, await control.linkToken());
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await outcome(page)).exit).toEqual({ error: null });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
