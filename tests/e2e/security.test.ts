import { routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE, recordChunks, signInFromHeader, useBrowser } from './browser.js';
import { signInToOwnOrganization } from './own-org.js';

interface LogPage {
  events: { action: string; success: boolean }[];
  nextCursor: string | null;
}

describe('account security, in Chromium through the real sign-in page', () => {
  const browser = useBrowser();

  it('lists the sign-ins, and "Sign out of all devices" in one browser ends the session in another', async () => {
    // Browser A (desktop) and browser B (a 390 px phone), the same fresh person in both.
    const a = await browser.newPage();
    const org = await signInToOwnOrganization(a.page, 'security');
    const b = await browser.newPage(PHONE);
    await signInFromHeader(b.page, org.email);
    await b.page.getByTestId('header-org-name').first().waitFor();

    // Three sessions: browser A, the seeding client, browser B; each sign-in is logged once.
    const signIns = async () => {
      const log = await org.api.get<LogPage>(routes.listSecurityLog.path);
      return log.body.events.filter((e) => e.action === 'SIGN_IN').length;
    };
    await expect.poll(signIns).toBe(3);

    await a.page.goto('/settings/security');
    const table = a.page.getByTestId('security-log-table');
    await expect.poll(() => table.getByRole('cell', { name: 'Signed in', exact: true }).count()).toBe(3);
    await expect.poll(() => table.getByText(/^Signed in with Google/).count()).toBe(3);
    // The log, whose length arrives with its data, comes last: above "Your data" it pushed that section down as it
    // loaded (a layout shift).
    const top = async (name: string) =>
      (await a.page.getByRole('heading', { level: 2, name, exact: true }).boundingBox())?.y ?? Number.NaN;
    const [signIn, yourData, log] = [await top('Sign-in'), await top('Your data'), await top('Security log')];
    expect(signIn).toBeLessThan(yourData);
    expect(yourData).toBeLessThan(log);
    await expectAccessible(a.page, 'security (desktop)');

    // Paged: 20 sign-outs of the seeding session make 23 events; the first page shows 20, "Load more" the rest.
    for (let i = 0; i < 20; i++) expect((await org.api.post(routes.logout.path)).status).toBe(200);
    await a.page.reload();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(20);
    await expect.poll(() => rows.first().textContent()).toContain('Signed out');
    await a.page.getByTestId('security-log-more').click();
    await expect.poll(() => rows.count()).toBe(23);
    await expect.poll(() => a.page.getByTestId('security-log-more').count()).toBe(0);

    // The same page on the phone, in dark mode: a list, nothing wider than the screen, and accessible.
    await b.page.evaluate(() => localStorage.setItem('theme', 'dark'));
    const chunksOf = recordChunks(b.page);
    const requested: string[] = [];
    b.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await b.page.goto('/settings/security');
    expect(await b.page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    const phoneLog = b.page.getByRole('list', { name: 'Security log' });
    await expect.poll(() => phoneLog.getByRole('listitem').count()).toBe(20);
    await expect.poll(() => phoneLog.getByRole('listitem').first().textContent()).toContain('Signed out');
    await b.page.getByTestId('security-log-more').click();
    await expect.poll(() => phoneLog.getByRole('listitem').count()).toBe(23);
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(b.page, 'security (390 px, dark)');
    // A phone never asked for the table's code, nor for Cloudscape's table stylesheet (217 KB) that comes with it.
    expect(chunksOf('SecurityLogTable')).toEqual([]);
    expect(requested.filter((path) => /^\/assets\/table-[\w-]+\.css$/.test(path))).toEqual([]);

    // A: confirm in the modal; A is signed out too and lands on the signed-out home page, leaving no organization
    // name or role behind in this browser (remembered while signed in, for the next visit's first render).
    const rememberedOrganizations = (page: typeof a.page) =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('rent.organization.last.')).length);
    expect(await rememberedOrganizations(a.page)).toBe(1);
    // The confirmation is not on the page until it is asked for (its code loads then).
    const modal = a.page.getByTestId('security-signout-everywhere-modal');
    expect(await modal.count()).toBe(0);
    await a.page.getByTestId('security-signout-everywhere').click();
    await modal.getByText(/including this one, will be signed out at once/).waitFor();
    await expectAccessible(a.page, 'sign out of all devices (confirmation)');
    await a.page.getByTestId('security-signout-everywhere-confirm').click();
    await a.page.waitForURL((url) => url.pathname === '/');
    await a.page.getByRole('button', { name: 'Log In' }).first().waitFor();
    expect(await rememberedOrganizations(a.page)).toBe(0);
    // The page it lands on confirms what happened.
    await a.page.getByTestId('notice-signed-out-everywhere').waitFor();
    await expectAccessible(a.page, 'home after signing out of all devices');

    // B's next navigation finds its session ended and lands on sign-in, which says why; the seeding token is
    // refused too.
    await b.page.goto('/transactions');
    await b.page.waitForURL(/\/signin/);
    await expect
      .poll(() => b.page.getByTestId('signin-session-required').textContent())
      .toContain('You signed out of all devices');
    expect((await org.api.get(routes.getOrganization.path)).status).toBe(401);

    expect((a.page as unknown as { errors: string[] }).errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
