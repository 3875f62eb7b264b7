import { routes } from '@rent/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { newAdmin } from '../support/api.js';
import { joinAs, type Person } from '../support/members.js';
import {
  clickOption,
  DESKTOP,
  expectAccessible,
  PHONE,
  recordChunks,
  signInAt,
  signInFromHeader,
  useBrowser,
} from './browser.js';
import { expectToast } from './ledger.js';
import { ownOrganization, signInToOwnOrganization } from './own-org.js';

/**
 * Members in Org Settings: a fresh person (ADMIN of their own new organization) with two people put
 * into it sees them, changes one's role and removes the other, on a desktop and at 390x844.
 */
const nameOf = (person: Person) => `${person.email.split('-')[0]} ${person.userId.slice(0, 4)}`;

async function openOrgSettings(page: Page) {
  await page.goto('/org-settings');
  await page.getByTestId('members-table').waitFor();
}

/** The row's selection radio, labelled with the member's name (the table's itemSelectionLabel). */
const selectMember = (page: Page, person: Person) =>
  page
    .getByTestId('members-table')
    .getByRole('radio', { name: nameOf(person), exact: true })
    .check();

async function roleShownFor(page: Page, person: Person) {
  const row = page.getByTestId('members-table').locator('tbody tr', { hasText: person.email });
  return (await row.count()) === 1 ? await row.getByTestId('member-role').textContent() : null;
}

describe('members in Org Settings, in Chromium', () => {
  const browser = useBrowser();

  it('lists the members, changes a role and removes a member; axe clean', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    const org = await signInToOwnOrganization(page, 'members');
    const manager = await joinAs(org.organization.id, 'PROPERTY_MANAGER', 'manager');
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');

    await page.getByRole('link', { name: 'Org Settings' }).click();
    await page.waitForURL(/\/org-settings$/);
    const table = page.getByTestId('members-table');
    await expect.poll(() => table.textContent()).toContain(tenant.email);
    const text = (await table.textContent()) ?? '';
    for (const shown of [org.email, manager.email, nameOf(manager), 'Property Manager', 'Tenant', 'Admin']) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('(you)');
    await expectAccessible(page, 'org settings with members');

    // Change the manager's role to Landlord.
    await selectMember(page, manager);
    await page.getByTestId('member-change-role').click();
    const modal = page.getByTestId('member-role-modal');
    await modal.getByRole('button', { name: /Property Manager/ }).click();
    await clickOption(page.getByRole('option', { name: 'Landlord', exact: true }));
    await expectAccessible(page, 'change role dialog');
    await modal.getByTestId('member-role-save').click();
    await expectToast(page, `${nameOf(manager)} is now Landlord.`);
    await expect.poll(() => roleShownFor(page, manager)).toBe('Landlord');
    expect((await manager.api.get(routes.getOrganization.path)).body.userOrgRole).toBe('LANDLORD');

    // Remove the tenant, after a confirmation.
    await selectMember(page, tenant);
    await page.getByTestId('member-remove').click();
    const confirm = page.getByTestId('member-remove-modal');
    await expect.poll(() => confirm.textContent()).toContain(tenant.email);
    await confirm.getByTestId('member-remove-confirm').click();
    await expectToast(page, `${nameOf(tenant)} no longer has access.`);
    await expect.poll(() => roleShownFor(page, tenant)).toBeNull();
    const members = (await org.api.get(routes.listMembers.path)).body.members as { userId: string }[];
    expect(members.map((m) => m.userId).sort()).toEqual([localSubFor(org.email), manager.userId].sort());
    // The removed tenant's next request finds no organization, and none is made for them.
    expect((await tenant.api.get(routes.getOrganization.path)).body.code).toBe('NO_ORGANIZATION');

    // The last admin (with others present) is told why Leave is not offered.
    await expect.poll(() => page.getByTestId('member-leave-blocked').count()).toBe(1);
    expect(await page.getByTestId('member-leave').isDisabled()).toBe(true);
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('a landlord may change or remove a manager, but not another landlord: those actions stay disabled', async () => {
    const owner = await newAdmin('members-owners');
    const orgId = String((await owner.api.get(routes.getOrganization.path)).body.id);
    const [landlord, coOwner, manager] = await Promise.all([
      joinAs(orgId, 'LANDLORD', 'landlord'),
      joinAs(orgId, 'LANDLORD', 'coowner'),
      joinAs(orgId, 'PROPERTY_MANAGER', 'manager'),
    ]);
    const { page, context } = await browser.newPage(DESKTOP);
    await signInFromHeader(page, landlord.email);
    await openOrgSettings(page);
    await expect.poll(() => page.getByTestId('members-table').textContent()).toContain(coOwner.email);
    const changeRole = page.getByTestId('member-change-role');
    const remove = page.getByTestId('member-remove');
    await selectMember(page, manager);
    await expect.poll(() => changeRole.isDisabled()).toBe(false);
    expect(await remove.isDisabled()).toBe(false);
    await selectMember(page, coOwner);
    await expect.poll(() => changeRole.isDisabled()).toBe(true);
    expect(await remove.isDisabled()).toBe(true);
    await selectMember(page, manager);
    await expect.poll(() => changeRole.isDisabled()).toBe(false);
    // The roles offered to a landlord for a manager: any but Admin.
    await changeRole.click();
    await page
      .getByTestId('member-role-modal')
      .getByRole('button', { name: /Property Manager/ })
      .click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.some((o) => o.includes('Landlord'))).toBe(true);
    expect(offered.some((o) => o.includes('Admin'))).toBe(false);
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('at 390x844 the members are a list that fits the screen and its actions work; a member sees no actions; axe clean', async () => {
    const org = await ownOrganization('members-phone');
    const manager = await joinAs(org.organization.id, 'PROPERTY_MANAGER', 'manager');
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');

    const { page, context } = await browser.newPage(PHONE);
    const chunksOf = recordChunks(page);
    await signInAt(page, org.email, '/org-settings');
    await page.getByTestId('members-table').waitFor();
    await expect.poll(() => page.getByTestId('members-table').textContent()).toContain(tenant.email);
    // A list, not the table (its columns would not fit 390 px): a phone never downloads the table's code. The member
    // dialogs (the role's with its picker) are no part of the page's load either: they come when first opened.
    expect(await page.getByTestId('members-table').locator('table').count()).toBe(0);
    expect(chunksOf('MembersTable')).toEqual([]);
    expect(chunksOf('MemberModals')).toEqual([]);
    // The sections below the members come as their place nears the screen (how soon depends on how tall the page is
    // while its answers arrive, so only their coming is asserted here; the bench shows what a phone loads).
    await page.getByTestId('member-leave').scrollIntoViewIfNeeded();
    await page.getByTestId('invitations-table').waitFor();
    // Nothing sticks out of the 390px page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'org settings at 390px');

    await selectMember(page, tenant);
    const changeRole = page.getByTestId('member-change-role');
    const box = (await changeRole.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await changeRole.click();
    const modal = page.getByTestId('member-role-modal');
    await modal.getByRole('button', { name: /Tenant/ }).click();
    expect(chunksOf('MemberModals').length).toBe(1);
    await clickOption(page.getByRole('option', { name: 'Property Manager', exact: true }));
    await modal.getByTestId('member-role-save').click();
    await expectToast(page, `${nameOf(tenant)} is now Property Manager.`);
    expect((await tenant.api.get(routes.getOrganization.path)).body.userOrgRole).toBe('PROPERTY_MANAGER');
    const tenantItem = page.getByTestId('members-table').locator('li', { hasText: tenant.email });
    await expect.poll(() => tenantItem.getByTestId('member-role').textContent()).toBe('Property Manager');
    // Their own row cannot be selected.
    const own = page.getByTestId('members-table').locator('li', { hasText: '(you)' });
    expect(await own.getByRole('radio').isDisabled()).toBe(true);
    await context.close();

    // A property manager sees the list but no selection and no change or remove actions.
    const viewer = await browser.newPage(PHONE);
    await signInAt(viewer.page, manager.email, '/org-settings');
    await viewer.page.getByTestId('members-table').waitFor();
    await expect.poll(() => viewer.page.getByTestId('members-table').textContent()).toContain(org.email);
    expect(await viewer.page.getByTestId('member-change-role').count()).toBe(0);
    expect(await viewer.page.getByTestId('members-table').getByRole('radio').count()).toBe(0);
    await expectAccessible(viewer.page, 'org settings at 390px (manager)');
    await viewer.context.close();
  });

  it('a tenant (no members list) leaves their only organization, is told so, and creates one deliberately', async () => {
    const org = await ownOrganization('members-leave');
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');

    const { page, context } = await browser.newPage(PHONE);
    await signInAt(page, tenant.email, '/org-settings');
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(org.organization.name);
    await page.getByTestId('member-leave').click();
    const modal = page.getByTestId('member-leave-modal');
    await expect.poll(() => modal.textContent()).toContain(`Leave ${org.organization.name}?`);
    expect(await page.getByTestId('members-table').count()).toBe(0);
    await expectAccessible(page, 'leave dialog at 390px');
    await modal.getByTestId('member-leave-confirm').click();
    await expectToast(page, `You are no longer a member of ${org.organization.name}.`);
    await page.waitForURL(/\/dashboard$/);
    // Nothing is made for them: the page says they belong to no organization and offers to create one.
    const none = page.getByTestId('no-organization');
    await none.waitFor();
    expect((await tenant.api.get(routes.getOrganization.path)).body.code).toBe('NO_ORGANIZATION');
    await expectAccessible(page, 'no organization at 390px');
    await none.getByTestId('no-org-create').click();
    const name = `Own books ${tenant.userId.slice(0, 6)}`;
    await page.getByTestId('create-org-name').locator('input').fill(name);
    await page.getByTestId('create-org-submit').click();
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(name);
    const now = (await tenant.api.get(routes.getOrganization.path)).body;
    expect(now).toMatchObject({ name, userOrgRole: 'ADMIN' });
    await context.close();
  });
});
