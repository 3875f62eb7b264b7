import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { client, signIn } from '../support/api.js';
import { latestInviteToken } from '../support/invitations.js';
import { chooseAccount, clickOption, DESKTOP, expectAccessible, PHONE, useBrowser } from './browser.js';
import { expectToast } from './ledger.js';
import { beginSignInToOwnOrganization, ownOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * The flows that used to stop short, in Chromium through the real sign-in page: a tenant invited with rent and a
 * deposit accepts and their lease has them; the tenant reopens a resolved request with Reopen (no status to pick);
 * a person creates a second organization from the profile menu and switches back. axe on each new screen.
 */
const emailFor = (label: string) => `${uniqueName(label).replace(/\s+/g, '-').toLowerCase()}@example.com`;

/** The invitee opens the mailed link, signs in on the real page and accepts; ends on their home page. */
async function acceptAsTenant(page: Page, email: string) {
  const token = await latestInviteToken(email);
  await page.goto(`/invite/${token}`);
  await page.getByTestId('invite-signin').click();
  await chooseAccount(page, email);
  await page.waitForURL(new RegExp(`/invite/${token}$`));
  await page.getByTestId('invite-accept').click();
  await page.waitForURL(/\/rental-history$/);
}

describe('flows that finish, in Chromium', () => {
  const browser = useBrowser();

  it('a tenant invited with rent, deposit and unit accepts; the lease has them; the invitation lists the rent', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const me = await beginSignInToOwnOrganization(page, 'rent-invite', '/org-settings');
    const home = uniqueName('Rent Court');
    const property = await me.addProperty({ address: home });
    const email = emailFor('renter');
    await me.arrive();
    await page.getByTestId('invite-member').click();
    const modal = page.getByTestId('invite-modal');
    await modal.getByTestId('invite-email').locator('input').fill(email);
    await modal.getByRole('button', { name: /Property Manager/ }).click();
    await clickOption(page.getByRole('option', { name: 'Tenant', exact: true }));
    await modal.getByTestId('invite-property').getByRole('button').click();
    await clickOption(page.getByRole('option', { name: home }));
    // No rent yet: the server says what is missing, on the field.
    await modal.getByTestId('invite-send').click();
    await expect.poll(async () => (await modal.textContent()) ?? '').toContain('Enter the monthly rent');
    await modal.getByTestId('invite-monthlyRent').locator('input').fill('1,850');
    await modal.getByTestId('invite-securityDeposit').locator('input').fill('3700');
    await modal.getByTestId('invite-unitLabel').locator('input').fill('2B');
    await modal.getByTestId('invite-leaseStart').locator('input').fill('2026/05/01');
    await expectAccessible(page, 'invite dialog with rent terms');
    await modal.getByTestId('invite-send').click();
    await expectToast(page, `${email} was invited as Tenant.`);
    const table = page.getByTestId('invitations-table');
    await expect.poll(async () => (await table.textContent()) ?? '').toContain('$1,850.00');

    const { page: phone } = await browser.newPage(PHONE);
    await acceptAsTenant(phone, email);
    const leases = (await me.api.get(`/api/properties/${property.id}/leases`)).body.leases;
    expect(leases).toEqual([
      expect.objectContaining({
        userId: localSubFor(email),
        unitLabel: '2B',
        leaseStart: '2026-05-01',
        monthlyRent: 1850,
        securityDeposit: 3700,
      }),
    ]);
  });

  it('a tenant reopens a resolved request with the Reopen button; the status is not theirs to pick', async () => {
    const me = await ownOrganization('reopen');
    const home = await me.addProperty({ address: uniqueName('Reopen Road') });
    const email = emailFor('reopener');
    const invited = await me.api.post('/api/invitations', {
      email,
      role: 'TENANT',
      propertyId: home.id,
      monthlyRent: 990,
      leaseStart: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const { page } = await browser.newPage(PHONE);
    await acceptAsTenant(page, email);

    const title = uniqueName('Dripping tap');
    const tenantApi = client((await signIn(email)).idToken);
    const made = await tenantApi.post('/api/maintenance', { title, description: 'Drips all night' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const r = made.body.maintenanceRequest;
    const resolved = await me.api.put(`/api/maintenance?id=${r.id}`, {
      title,
      description: r.description,
      propertyId: r.propertyId,
      issueType: r.issueType,
      status: 'RESOLVED',
      preferredContactTimes: r.preferredContactTimes,
      version: r.version,
    });
    expect(resolved.status).toBe(200);

    await page.goto('/maintenance');
    const card = page.getByTestId('tenant-request').filter({ hasText: title });
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('Resolved');
    await card.getByRole('button', { name: `Open ${title}` }).click();
    const view = page.getByTestId('maintenance-flyout');
    await view.getByTestId('maintenance-reopen').waitFor();
    expect(await view.getByTestId('maintenance-save').count()).toBe(0);
    await expectAccessible(page, 'resolved request with Reopen, 390px');
    await view.getByTestId('maintenance-reopen').click();
    await expectToast(page, 'Request reopened');
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('New');
    const now = (await me.api.get(`/api/maintenance/${r.id}`)).body.maintenanceRequest;
    expect(now).toMatchObject({ status: 'NEW', reopenCount: 1 });
  });

  it('creates a second organization from the profile menu, lands in it as admin, and switches back', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const me = await signInToOwnOrganization(page, 'create-org');
    const first = me.organization.name;
    const second = uniqueName('Second Books');

    await page.getByTestId('profile-menu').click();
    await clickOption(page.getByRole('menuitem', { name: /Create Organization/ }));
    const modal = page.getByTestId('create-org-modal');
    await modal.getByTestId('create-org-submit').click();
    await expect.poll(async () => (await modal.textContent()) ?? '').toContain('Organization name is required');
    await modal.getByTestId('create-org-name').locator('input').fill(second);
    await expectAccessible(page, 'create organization dialog');
    await modal.getByTestId('create-org-submit').click();

    await page.waitForURL(/\/(dashboard)?$/);
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(second);
    await page.getByTestId('notice-created').waitFor();
    await expectAccessible(page, 'dashboard of the new organization, with its notice');
    await page.goto('/org-settings');
    await expect.poll(() => page.getByTestId('org-role').textContent()).toBe('Admin');

    await page.getByTestId('profile-menu').click();
    const back = page.getByRole('menuitemcheckbox', { name: new RegExp(first) });
    await expect.poll(() => back.getAttribute('aria-checked')).toBe('false');
    await clickOption(back);
    await page.waitForURL(/\/(dashboard)?$/);
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(first);
  });
});

describe('removed from an organization, in Chromium', () => {
  const browser = useBrowser();

  it('acting in an organization they were removed from: cached pages go, they are told, and continue in their own', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const me = await signInToOwnOrganization(page, 'removed');
    const ownProperty = uniqueName('Kept Street');
    await me.addProperty({ address: ownProperty });
    const host = await ownOrganization('removing-host');
    const hostProperty = uniqueName('Gone Road');
    await host.addProperty({ address: hostProperty });
    expect((await host.api.post('/api/invitations', { email: me.email, role: 'LANDLORD' })).status).toBe(201);
    expect((await me.api.post('/api/invitations/accept', { token: await latestInviteToken(me.email) })).status).toBe(
      200,
    );

    // This browser switches to the host's organization and sees its property.
    await page.reload();
    await page.getByTestId('profile-menu').click();
    await clickOption(page.getByRole('menuitemcheckbox', { name: new RegExp(host.organization.name) }));
    // The switch reloads the home page this browser is already on: the header naming the host's organization says
    // it is done (the URL alone does not).
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(host.organization.name);
    await page.goto('/properties');
    const main = page.locator('main');
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(hostProperty);

    // The host removes them; their next page load is told, and lands in their own organization.
    expect((await host.api.delete(`/api/members/${localSubFor(me.email)}`)).status).toBe(200);
    await page.goto('/properties');
    const notice = page.getByTestId('notice-removed');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`You were removed from ${host.organization.name}`);
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(me.organization.name);
    await expectAccessible(page, 'home after a removal, with its notice');
    await page.goto('/properties');
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(ownProperty);
    expect(await main.textContent()).not.toContain(hostProperty);
  });
});
