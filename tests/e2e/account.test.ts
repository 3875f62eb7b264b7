import { randomUUID } from 'node:crypto';
import { routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { mailTo } from '../support/invitations.js';
import { clickOption, expectAccessible, PHONE, useBrowser } from './browser.js';
import { signInToOwnOrganization } from './own-org.js';

/** "Delete my account" and the contact form, in Chromium (docs/people.md "Account deletion", "Public routes"). */
describe('account deletion and public forms, in Chromium', () => {
  const browser = useBrowser();

  it('a fresh person deletes their account on /settings/account and lands signed out; their organization goes', async () => {
    const { page, context } = await browser.newPage();
    const org = await signInToOwnOrganization(page, 'delete-me', '/settings/account');
    // The confirmation is not on the page until it is asked for (its code loads then).
    await page.getByTestId('delete-account-open').waitFor();
    expect(await page.getByTestId('delete-account-reason').count()).toBe(0);
    await page.getByTestId('delete-account-open').click();
    // The only member: the confirmation says the organization and its data go with the account.
    const purge = page.getByTestId('delete-account-purge');
    await purge.waitFor();
    expect(await purge.textContent()).toContain(org.organization.name);
    const confirm = page.getByTestId('delete-account-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('delete-account-reason').locator('button').first().click();
    await clickOption(page.getByRole('option', { name: 'Privacy concerns' }));
    await page.getByTestId('delete-account-typed').locator('input').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('delete-account-typed').locator('input').fill('DELETE');
    await expectAccessible(page, 'delete account (confirmation)');
    await confirm.click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Log In' }).first().waitFor();
    // The page it lands on confirms the deletion; the old token is told the account was deleted.
    await page.getByTestId('notice-account-deleted').waitFor();
    await expectAccessible(page, 'home after deleting the account');
    const refused = await org.api.get(routes.getOrganization.path);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatch(/This account was deleted/);
    await context.close();
  });

  it('sends the contact form on /help without signing in (390 px), and support gets the message', async () => {
    const { page, context } = await browser.newPage(PHONE);
    const marker = `Hello from e2e ${randomUUID().slice(0, 8)}`;
    await page.goto('/help');
    await page.getByLabel('Your name').fill('Erin Ewe');
    await page.getByLabel('Your email').fill('erin@example.com');
    await page.getByLabel('Message').fill(marker);
    await expectAccessible(page, 'help with contact form (390 px)');
    await page.getByTestId('contact-send').click();
    await page.getByTestId('contact-sent').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect
      .poll(
        async () => (await mailTo('support@rent.today.invalid')).filter((m) => m.body.text?.includes(marker)).length,
      )
      .toBe(1);
    await context.close();
  });
});
