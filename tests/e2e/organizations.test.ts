import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { latestInviteToken } from '../support/invitations.js';
import { clickOption, DESKTOP, expectAccessible, PHONE, useBrowser } from './browser.js';
import { beginSignInToOwnOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Several organizations in Chromium (docs/people.md "Several organizations"): a person in one organization
 * finds Switch Organization disabled with its tooltip; once they also belong to a second one they switch
 * between them from the profile menu (by mouse and by keyboard) and see each one's properties only.
 */
const SWITCH_REASON = 'You belong to one organization. Create another to switch between them.';

async function openProfileMenu(page: Page) {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menu').first().waitFor();
}

describe('switching organizations, in Chromium', () => {
  const browser = useBrowser();

  it('one organization: Switch Organization is disabled with its tooltip; two: the person switches and sees each one’s properties only; axe clean', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const me = await signInToOwnOrganization(page, 'orgs');
    const ownProperty = uniqueName('Own Street');
    await me.addProperty({ address: ownProperty });

    // One organization: disabled, with the reason on hover.
    await openProfileMenu(page);
    const disabledItem = page.getByRole('menuitem', { name: /Switch Organization/ });
    await expect.poll(() => disabledItem.getAttribute('aria-disabled')).toBe('true');
    await disabledItem.hover();
    const reasonShown = () =>
      page.getByText(SWITCH_REASON).evaluateAll((els) => els.some((el) => (el as HTMLElement).checkVisibility()));
    await expect.poll(reasonShown).toBe(true);
    // axe on the open menu once the tooltip (a portal outside the landmarks, Cloudscape's own) has gone.
    await page.getByRole('menuitem', { name: /Help & Support/ }).hover();
    await expect.poll(reasonShown).toBe(false);
    expect(await page.getByRole('menu').first().isVisible()).toBe(true);
    await expectAccessible(page, 'profile menu with one organization');
    await page.keyboard.press('Escape');

    // A second organization invites this person, who accepts (through the API, as the same person).
    const other = await newAdmin('orgs-other');
    const otherName = (await other.api.get('/api/organization')).body.name as string;
    const theirProperty = uniqueName('Their Road');
    expect((await other.api.post('/api/properties', { address: theirProperty })).status).toBe(201);
    expect((await other.api.post('/api/invitations', { email: me.email, role: 'LANDLORD' })).status).toBe(201);
    const token = await latestInviteToken(me.email);
    expect((await me.api.post('/api/invitations/accept', { token })).status).toBe(200);

    // This browser still acts in its own organization (its remembered choice), and sees its property only.
    await page.goto('/properties');
    const main = page.locator('main');
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(ownProperty);
    expect(await main.textContent()).not.toContain(theirProperty);

    // Two organizations: the menu lists both, the current one checked.
    await openProfileMenu(page);
    const current = page.getByRole('menuitemcheckbox', { name: new RegExp(me.organization.name) });
    const second = page.getByRole('menuitemcheckbox', { name: new RegExp(otherName) });
    await expect.poll(() => current.getAttribute('aria-checked')).toBe('true');
    expect(await second.getAttribute('aria-checked')).toBe('false');
    await expectAccessible(page, 'profile menu with two organizations');

    // Switch by mouse: the app starts again on the home page in the other organization.
    await clickOption(second);
    await page.waitForURL(/\/(dashboard)?$/);
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(otherName);
    await page.goto('/properties');
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(theirProperty);
    expect(await main.textContent()).not.toContain(ownProperty);
    // The choice is remembered: a reload stays there.
    await page.reload();
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(theirProperty);

    // As a landlord there, Org Settings shows the organization's membership activity, this person's joining too.
    await page.goto('/org-settings');
    const activity = page.getByTestId('membership-activity');
    await expect.poll(async () => (await activity.textContent()) ?? '').toContain('Invitation accepted');
    expect(await activity.textContent()).toContain(me.email);
    await expectAccessible(page, 'org settings with membership activity');

    // Switch back with the keyboard only.
    await page.getByTestId('profile-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').first().waitFor();
    const back = page.getByRole('menuitemcheckbox', { name: new RegExp(me.organization.name) });
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('ArrowDown');
      reached = await back.evaluate(
        (el) =>
          el === document.activeElement || el.contains(document.activeElement) || el.matches('[class*=highlighted]'),
      );
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/(dashboard)?$/);
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(me.organization.name);
    await page.goto('/properties');
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(ownProperty);
    expect(await main.textContent()).not.toContain(theirProperty);
  });

  it('at 390 px the open switcher menu fits the screen, lists both organizations, switches by tap; axe clean', async () => {
    const { page } = await browser.newPage(PHONE);
    const me = await signInToOwnOrganization(page, 'orgs-phone');
    const other = await newAdmin('orgs-phone-other');
    const otherName = (await other.api.get('/api/organization')).body.name as string;
    expect((await other.api.post('/api/invitations', { email: me.email, role: 'LANDLORD' })).status).toBe(201);
    const token = await latestInviteToken(me.email);
    expect((await me.api.post('/api/invitations/accept', { token })).status).toBe(200);
    await page.reload();

    await openProfileMenu(page);
    const second = page.getByRole('menuitemcheckbox', { name: new RegExp(otherName) });
    await second.waitFor();
    for (const item of [page.getByRole('menuitemcheckbox', { name: new RegExp(me.organization.name) }), second]) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // Nothing pushes the page sideways while the menu is open.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'profile menu with two organizations at 390 px');

    await second.tap();
    await page.waitForURL(/\/(dashboard)?$/);
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(otherName);
  });

  it('a TENANT invitation takes optional lease dates in the invite modal; axe clean', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const me = await beginSignInToOwnOrganization(page, 'lease-invite', '/org-settings');
    const home = uniqueName('Lease Court');
    await me.addProperty({ address: home });
    const email = `${uniqueName('renter').replace(/\s+/g, '-').toLowerCase()}@example.com`;
    await me.arrive();
    await page.getByTestId('invite-member').click();
    const modal = page.getByTestId('invite-modal');
    await modal.getByTestId('invite-email').locator('input').fill(email);
    await modal.getByRole('button', { name: /Property Manager/ }).click();
    await clickOption(page.getByRole('option', { name: 'Tenant', exact: true }));
    await modal.getByTestId('invite-property').getByRole('button').click();
    await clickOption(page.getByRole('option', { name: home }));
    await modal.getByTestId('invite-monthlyRent').locator('input').fill('1200');
    await modal.getByTestId('invite-leaseStart').locator('input').fill('2026/05/01');
    await modal.getByTestId('invite-leaseEnd').locator('input').fill('2027/04/30');
    await expectAccessible(page, 'invite dialog with lease dates');
    await modal.getByTestId('invite-send').click();
    const table = page.getByTestId('invitations-table');
    await expect.poll(async () => (await table.textContent()) ?? '').toContain('2026-05-01 – 2027-04-30');
    const sent = (await me.api.get('/api/invitations')).body.invitations as Record<string, unknown>[];
    expect(sent.find((i) => i.email === email)).toMatchObject({ leaseStart: '2026-05-01', leaseEnd: '2027-04-30' });
  });
});
