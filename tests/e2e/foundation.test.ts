import { type Property, routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import {
  chooseAccount,
  clickOption,
  expectAccessible,
  PHONE,
  recordChunks,
  signInFromHeader,
  useBrowser,
} from './browser.js';
import { ledgerRow } from './ledger.js';
import { beginSignInToOwnOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';

const LANDLORD = 'lena.landlord@demo.rent.today';
const TENANT = 'tara.tenant@demo.rent.today';
const MONEY_PAGES = ['Dashboard', 'Properties', 'Transactions', 'Cash Flow', 'Reports'];

describe('foundation, in Chromium through the real sign-in page', () => {
  const browser = useBrowser();

  it('lets a demo landlord sign in from the header and shows the demo organization', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/');
    expect(await page.title()).toBe('Rent.Today - Simplify Your Lease, Amplify Your Peace.');
    await expectAccessible(page, 'home (signed out)');

    await signInFromHeader(page, LANDLORD);
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe('Maple & Main Rentals');
    await expectAccessible(page, 'dashboard');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it("reports an unhandled error to the client log, and not the browser's ResizeObserver loop notice", async () => {
    const { page, context } = await browser.newPage();
    const reports: string[] = [];
    await page.route('**/api/client-log', async (route) => {
      reports.push(route.request().postDataBuffer()?.toString() ?? '');
      await route.fallback();
    });
    await page.goto('/');
    await page.getByTestId('footer').waitFor();
    // An observer that resizes what it observes: the browser raises its loop notice as an error event.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const box = document.createElement('div');
          document.body.append(box);
          let calls = 0;
          new ResizeObserver(() => {
            calls += 1;
            box.style.height = `${calls}px`;
            if (calls === 5) resolve();
          }).observe(box);
        }),
    );
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('A failure the client log must hear of');
      }),
    );
    // One report per kind every 30 s: had the notice been sent, this one would have been held back.
    await expect.poll(() => reports.join()).toContain('A failure the client log must hear of');
    expect(reports.filter((report) => report.includes('ResizeObserver'))).toEqual([]);
    await context.close();
  });

  it("ships React's production build and no message parser on the first load, however the build was started", async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/');
    const scripts = await page.evaluate(async () => {
      const urls = [
        ...[...document.querySelectorAll<HTMLScriptElement>('script[type=module][src]')].map((s) => s.src),
        ...[...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href),
      ];
      return Promise.all(urls.map(async (url) => ({ url, text: await (await fetch(url)).text() })));
    });
    expect(scripts.map((s) => s.url).join()).toMatch(/react-/);
    // A warning only React's development build carries.
    const development = scripts.filter((s) => s.text.includes('is deprecated in plain JavaScript React classes'));
    expect(development.map((s) => s.url)).toEqual([]);
    // Cloudscape's messages come pre-parsed: the ICU message parser (named by one of its error kinds) stays out.
    const parser = scripts.filter((s) => s.text.includes('EXPECT_ARGUMENT_CLOSING_BRACE'));
    expect(parser.map((s) => s.url)).toEqual([]);
    await context.close();
  });

  it("renders a returning visitor's page from the stored session, and lets Amplify refresh a token that ran out", async () => {
    const { page, context } = await browser.newPage();
    const org = await signInToOwnOrganization(page, 'stored-session');
    const name = uniqueName('Stored session rent');
    await org.addTransaction({ name, date: '2026-03-01', amount: 1200 });
    // The app's configuration never arrives: a valid stored token is the session, and the API needs no more.
    await page.route('**/config.json', () => {});
    const chunksOf = recordChunks(page);
    await page.goto('/transactions');
    await ledgerRow(page, name).waitFor();
    expect(chunksOf('amplify')).toEqual([]);
    await page.unroute('**/config.json');

    // The stored ID token expired a minute ago: Amplify loads, refreshes it with the refresh token, and the page
    // is read with the new one.
    const expired = await page.evaluate(() => {
      const lastUser = Object.keys(localStorage).find((key) => key.endsWith('.LastAuthUser'))!;
      const key = `${lastUser.slice(0, -'LastAuthUser'.length)}${localStorage.getItem(lastUser)}.idToken`;
      const [header, payload, signature] = localStorage.getItem(key)!.split('.');
      const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')));
      const stale = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      localStorage.setItem(key, `${header}.${stale}.${signature}`);
      return { key, token: localStorage.getItem(key) };
    });
    await page.reload();
    await ledgerRow(page, name).waitFor();
    expect(chunksOf('amplify').length).toBe(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), expired.key)).not.toBe(expired.token);
    expect(await page.getByTestId('header-org-name').first().textContent()).toBe(org.organization.name);
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('lets a new landlord rename their organization, add a property and find it with the picker', async () => {
    const { page, context } = await browser.newPage();
    // A fresh person through the real sign-in page: their own organization, so renaming it and
    // adding a property change nothing another test reads.
    const org = await signInToOwnOrganization(page, 'foundation', '/dashboard');
    await expectAccessible(page, 'dashboard (new organization)');
    const newName = uniqueName('Lena Holdings LLC');

    // Rename the organization; the header follows.
    await page.getByRole('link', { name: 'Org Settings' }).click();
    await page.waitForURL(/\/org-settings$/);
    const nameInput = page.getByTestId('org-name-input').locator('input');
    await expect.poll(() => nameInput.inputValue()).toBe(org.organization.name);
    await nameInput.fill(newName);
    await page.getByTestId('org-save').click();
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(newName);
    expect((await org.api.get(routes.getOrganization.path)).body.name).toBe(newName);
    await expectAccessible(page, 'org settings');

    // Add a property. The form's code (its schemas, date pickers) is no part of the page's first load: it is
    // requested when the form is first opened.
    const chunksOf = recordChunks(page);
    await page.getByRole('link', { name: 'Properties' }).click();
    await page.waitForURL(/\/properties$/);
    await page.getByTestId('property-add').waitFor();
    expect(chunksOf('PropertyFormDrawer')).toEqual([]);
    await page.getByTestId('property-add').click();
    await expect.poll(() => chunksOf('PropertyFormDrawer').length).toBe(1);
    await page.getByTestId('property-address').locator('input').fill('77 Sunrise Boulevard, Urbana, IL 61801');
    await page.getByTestId('property-monthlyRent').locator('input').fill('1875.50');
    await page.getByTestId('property-numberOfUnits').locator('input').fill('2');
    await page.getByTestId('property-save').click();
    const table = page.getByTestId('properties-table');
    await expect.poll(() => table.textContent()).toContain('77 Sunrise Boulevard');
    await expectAccessible(page, 'properties');
    // Stored exactly: the rent to the cent, as integer cents behind the API's decimals.
    const properties = (await org.api.get<Property[]>(routes.listProperties.path)).body;
    expect(properties.map((p) => [p.address, p.monthlyRent, p.numberOfUnits])).toEqual([
      ['77 Sunrise Boulevard, Urbana, IL 61801', 1875.5, 2],
    ]);

    // Find it with the property picker: lazy list, case-insensitive contains, "No properties found".
    const picker = page.getByTestId('property-picker');
    await picker.locator('button').first().click();
    const filter = page.getByRole('combobox', { name: 'Search properties by address' });
    await filter.fill('sunrise');
    const option = page.getByRole('option', { name: /77 Sunrise Boulevard/ });
    await expect.poll(() => option.count()).toBe(1);
    await filter.fill('no such street anywhere');
    await expect.poll(() => page.getByText('No properties found').count()).toBeGreaterThan(0);
    await filter.fill('SUNRISE');
    await clickOption(page.getByRole('option', { name: /77 Sunrise Boulevard/ }));
    await expect.poll(() => picker.textContent()).toContain('77 Sunrise Boulevard');

    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('on a phone the properties are a list: select one for the header actions, open one to edit; the navigation is a drawer; axe clean', async () => {
    const { page, context } = await browser.newPage(PHONE);
    const org = await beginSignInToOwnOrganization(page, 'property-list', '/properties');
    const first = await org.addProperty({ address: uniqueName('1 List Lane'), monthlyRent: 1450, numberOfUnits: 2 });
    const second = await org.addProperty({ address: uniqueName('2 List Lane'), propertyType: 'CONDO' });
    const chunksOf = recordChunks(page);

    await org.arrive();
    const item = (address: string) => page.getByTestId('property-item').filter({ hasText: address });
    await item(first.address).waitFor();
    // The list, not the table: its columns would not fit 390 px, and a phone never downloads the table's code, nor
    // its preferences dialog (the list's page size is in a menu).
    expect(await page.getByTestId('properties-table').locator('table').count()).toBe(0);
    expect(chunksOf('PropertiesTable')).toEqual([]);
    expect(chunksOf('TablePreferences')).toEqual([]);
    expect(await item(first.address).textContent()).toContain('$1,450 / month');
    expect(await item(first.address).textContent()).toContain('2 units');
    expect(await item(second.address).textContent()).toContain('Condo');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'properties list at 390px');

    // Selecting a property enables the header's actions for it.
    expect(await page.getByTestId('property-edit').isDisabled()).toBe(true);
    await page.getByRole('radio', { name: second.address }).check();
    await expect.poll(() => page.getByTestId('property-edit').isDisabled()).toBe(false);
    await page.getByTestId('property-leases').click();
    await page.getByTestId('leases-drawer').getByText('No leases').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('leases-drawer').waitFor({ state: 'hidden' });

    // Tapping an address opens it to edit, as the table's link does.
    await item(first.address).getByTestId('property-row-link').click();
    await expect.poll(() => page.getByTestId('property-address').locator('input').inputValue()).toBe(first.address);
    await page.getByTestId('property-cancel').click();

    // The navigation is a closed drawer on a phone, its links mounted when it first opens; a link closes it.
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Transactions', exact: true }).click();
    await page.waitForURL(/\/transactions$/);
    await page.getByTestId('transactions-table').waitFor();
    await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.goto('/properties');

    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await item(second.address).waitFor();
    await expectAccessible(page, 'properties list at 390px, dark');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('shows a tenant the tenant sidebar and no property controls', async () => {
    const { page, context } = await browser.newPage();
    await signInFromHeader(page, TENANT);
    const sidebar = page.getByTestId('sidebar');
    await expect.poll(() => sidebar.textContent()).toContain('Rental History');
    const text = (await sidebar.textContent()) ?? '';
    for (const item of MONEY_PAGES) expect(text, item).not.toContain(item);
    for (const item of ['Maintenance', 'Org Settings', 'Logout']) expect(text).toContain(item);

    await page.goto('/properties');
    await expect.poll(() => page.getByTestId('properties-table').textContent()).toContain('12 Maple Street');
    expect(await page.getByTestId('property-add').count()).toBe(0);
    expect(await page.getByTestId('property-edit').count()).toBe(0);
    expect(await page.getByTestId('property-delete').count()).toBe(0);
    await expectAccessible(page, 'properties (tenant)');

    await page.getByRole('link', { name: 'Rental History' }).click();
    await page.waitForURL(/\/rental-history$/);
    // The URL changes before the page's code has come: audit the page it leads to, not the one it leaves.
    await page.getByRole('heading', { name: 'Rental History', level: 1 }).waitFor();
    await expectAccessible(page, 'rental history');
    await context.close();
  });

  it('sends a signed-out visit to /properties through sign-in and back to /properties', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/properties');
    await page.waitForURL(/\/signin\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('callbackUrl')).toBe('/properties');
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    await page.getByTestId('signin-session-required').waitFor();
    expect(await page.getByTestId('signin-session-required').textContent()).toContain('Please sign in to continue.');
    await expectAccessible(page, 'sign-in page');
    await page.getByTestId('signin-google').click();
    await chooseAccount(page, LANDLORD);
    await page.waitForURL(/\/properties$/);
    await expect.poll(() => page.getByTestId('properties-table').textContent()).toContain('48 Oak Avenue');
    await context.close();
  });

  it('opens the sign-in as a bottom sheet at 390x844, and as a centred dialog on desktop', async () => {
    const phone = await browser.newPage(PHONE);
    await phone.page.goto('/');
    await phone.page.getByRole('button', { name: 'Log In' }).first().click();
    const sheet = phone.page.getByRole('dialog', { name: 'Sign in to Rent.Today' });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    // Anchored to the bottom edge once its slide-in ends, full width.
    await expect.poll(async () => Math.round(((b) => b!.y + b!.height)(await sheet.boundingBox()))).toBe(844);
    expect(Math.round((await sheet.boundingBox())!.width)).toBe(390);
    for (const text of ['Fresh dashboards every morning', 'Secure access powered by Google', 'Sign in with Google']) {
      expect(await sheet.textContent()).toContain(text);
    }
    await expectAccessible(phone.page, 'sign-in sheet (phone)');
    await phone.page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await phone.context.close();

    const desktop = await browser.newPage();
    await desktop.page.goto('/');
    await desktop.page.getByRole('button', { name: 'Log In' }).first().click();
    const dialog = desktop.page.getByRole('dialog', { name: 'Sign in to Rent.Today' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const d = (await dialog.boundingBox())!;
    expect(Math.abs(d.x + d.width / 2 - 1366 / 2)).toBeLessThan(4); // centred
    await desktop.context.close();
  });

  it('has no axe violations on the information and settings pages', async () => {
    const { page, context } = await browser.newPage();
    for (const path of ['/help', '/terms-of-service', '/privacy-policy']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectAccessible(page, path);
    }
    await signInFromHeader(page, LANDLORD);
    for (const path of [
      '/settings/account',
      '/settings/preferences',
      '/settings/notifications',
      '/settings/security',
      '/maintenance',
      '/transactions',
      '/cash-flow',
      '/reports',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectAccessible(page, path);
    }
    await context.close();
  });
});
