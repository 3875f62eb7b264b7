import { routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE, useBrowser } from './browser.js';
import { signInToOwnOrganization } from './own-org.js';

describe('/settings/notifications, in Chromium', () => {
  const browser = useBrowser();

  it('turns one kind of email off; after a reload it stays off, and the server agrees; 390 px, axe clean', async () => {
    const { page } = await browser.newPage(PHONE);
    const org = await signInToOwnOrganization(page, 'notify', '/settings/notifications');

    const toggle = (kind: string) => page.getByTestId(`notify-${kind}`).locator('input');
    // The toggles hold their place (unseen) while the choices load: read them once loaded.
    const loaded = () =>
      expect.poll(() => page.getByTestId('notifications-email').getAttribute('data-loading')).toBe('false');
    await loaded();
    await expect.poll(() => toggle('REVIEW_REQUESTED').isChecked()).toBe(true);
    // Invitations are listed but cannot be switched off.
    expect(await toggle('INVITATION').isChecked()).toBe(true);
    expect(await toggle('INVITATION').isDisabled()).toBe(true);
    expect(await page.getByTestId('notifications-save').isDisabled()).toBe(true);
    await expectAccessible(page, 'notifications (390 px)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await toggle('MAINTENANCE_UPDATED').focus();
    await page.keyboard.press('Space');
    expect(await toggle('MAINTENANCE_UPDATED').isChecked()).toBe(false);
    await page.getByTestId('notifications-save').click();
    await page.getByText('Notification settings saved').first().waitFor();
    await expectAccessible(page, 'notifications saved (390 px)');

    await page.reload();
    await loaded();
    await expect.poll(() => toggle('REVIEW_REQUESTED').isChecked()).toBe(true);
    expect(await toggle('MAINTENANCE_UPDATED').isChecked()).toBe(false);
    // Dark mode, same width: still readable by axe and no wider than the phone.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    await loaded();
    expect(await toggle('MAINTENANCE_UPDATED').isChecked()).toBe(false);
    await expectAccessible(page, 'notifications (390 px, dark)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const stored = await org.api.get(routes.getNotificationPreferences.path);
    expect(stored.body.preferences).toMatchObject({
      MAINTENANCE_UPDATED: false,
      REVIEW_REQUESTED: true,
      REVIEW_CLOSED: true,
    });
  });
});
