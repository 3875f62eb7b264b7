import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';
import { clickOption, DESKTOP, expectAccessible, PHONE, signInAt, useBrowser } from './browser.js';
import { expectToast } from './ledger.js';
import { beginSignInToOwnOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Maintenance requests from a phone to the landlord's table and back: in a fresh organization a
 * tenant with a lease reports a leak at 390x844, the landlord finds it in the table, opens it, moves it to
 * In progress and assigns it to themself, and the tenant sees the new status. Axe on every screen.
 */
const flyout = (page: Page) => page.getByTestId('maintenance-flyout');

async function pick(page: Page, select: Locator, option: string) {
  await select.locator('button').first().click();
  await clickOption(page.getByRole('option', { name: option, exact: true }));
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('maintenance requests, in Chromium', () => {
  const browser = useBrowser();

  it('a tenant reports an issue at 390px; the landlord moves it to In progress; the tenant sees it; axe clean', async () => {
    const landlord = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(landlord.page, 'maint', '/maintenance');
    const home = await org.addProperty({ address: uniqueName('7 Drip Street') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
    await leaseTo(org.organization.id, tenant.userId, home.id);
    const title = uniqueName('Leaking sink');

    // The tenant, on a phone: an empty list, then "Report an issue".
    const phone = await browser.newPage(PHONE);
    await signInAt(phone.page, tenant.email, '/maintenance');
    await phone.page.getByRole('heading', { level: 1, name: 'Maintenance' }).waitFor();
    await phone.page.getByText('No maintenance requests').waitFor();
    await expectAccessible(phone.page, 'tenant maintenance, empty');
    await noSideScroll(phone.page);

    await phone.page.getByTestId('maintenance-report').click();
    const form = flyout(phone.page);
    await form.getByText('Add Maintenance Request').waitFor();
    await form.getByTestId('maintenance-property-readonly').getByText('Your Current Property').waitFor();
    // The defaults: Plumbing, New, Monday to Friday, 09:00 to 17:00.
    await form.getByTestId('maintenance-issue-type').getByText('Plumbing').waitFor();
    await form.getByTestId('maintenance-status').getByText('New').waitFor();
    for (const day of ['Monday', 'Friday'])
      expect(await form.getByRole('checkbox', { name: day }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Sunday' }).isChecked()).toBe(false);
    expect(await form.getByTestId('maintenance-start').locator('input').inputValue()).toBe('09:00');
    await expectAccessible(phone.page, 'tenant report form');

    // The browser's own required check stops an empty submit.
    await form.getByTestId('maintenance-save').click();
    expect(
      await form
        .getByTestId('maintenance-title')
        .locator('input')
        .evaluate((i) => (i as HTMLInputElement).validity.valueMissing),
    ).toBe(true);

    await form.getByTestId('maintenance-title').locator('input').fill(title);
    await form.getByTestId('maintenance-description').locator('textarea').fill('Water pools under the kitchen sink.');
    await form.getByRole('checkbox', { name: 'Saturday' }).check();
    await form.getByTestId('maintenance-save').click();
    await expectToast(phone.page, 'Maintenance request created successfully!');
    const card = phone.page.getByTestId('tenant-request').filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain('New');
    expect(await card.textContent()).toContain(home.address);
    await expectAccessible(phone.page, 'tenant maintenance list');
    await noSideScroll(phone.page);

    // The landlord finds it in the table, opens it and moves it on.
    await org.arrive();
    const table = landlord.page.getByTestId('maintenance-table');
    const row = table.locator('tbody tr', { hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('New');
    await expect.poll(() => landlord.page.getByTestId('maintenance-count-NEW').textContent()).toBe('1');
    await expectAccessible(landlord.page, 'staff maintenance table');
    await row.getByRole('button', { name: `Open ${title}` }).click();
    const edit = flyout(landlord.page);
    await edit.getByText('Edit Maintenance Request').waitFor();
    expect(await edit.getByTestId('maintenance-title').locator('input').inputValue()).toBe(title);
    expect(await edit.getByRole('checkbox', { name: 'Saturday' }).isChecked()).toBe(true);
    await pick(landlord.page, edit.getByTestId('maintenance-status'), 'In progress');
    await edit.getByTestId('maintenance-notes').locator('textarea').fill('Plumber booked for Tuesday');
    await expectAccessible(landlord.page, 'staff maintenance flyout');
    await edit.getByTestId('maintenance-save').click();
    await expectToast(landlord.page, 'Maintenance request updated successfully!');
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('In progress');
    const count = (status: string) => landlord.page.getByTestId(`maintenance-count-${status}`).textContent();
    await expect.poll(() => count('IN_PROGRESS')).toBe('1');
    expect(await count('NEW')).toBe('0');

    // The filter by status finds it; Resolved does not.
    await pick(landlord.page, landlord.page.getByTestId('maintenance-filter-status'), 'Resolved');
    await expect.poll(() => table.locator('tbody tr', { hasText: title }).count()).toBe(0);
    await pick(landlord.page, landlord.page.getByTestId('maintenance-filter-status'), 'In progress');
    await row.waitFor();

    // On a phone the landlord's requests are a list (seven columns would not fit 390 px): the title opens it.
    await landlord.page.setViewportSize(PHONE);
    const item = table.getByTestId('maintenance-item').filter({ hasText: title });
    await item.waitFor();
    expect(await table.locator('table').count()).toBe(0);
    expect(await item.textContent()).toContain('In progress');
    expect(await item.textContent()).toContain(home.address);
    await noSideScroll(landlord.page);
    await expectAccessible(landlord.page, 'staff maintenance list at 390px');
    await item.getByRole('button', { name: `Open ${title}` }).click();
    await flyout(landlord.page).getByText('Edit Maintenance Request').waitFor();
    await landlord.page.keyboard.press('Escape');
    await flyout(landlord.page).waitFor({ state: 'hidden' });
    await landlord.page.setViewportSize(DESKTOP);
    await row.waitFor();

    // The tenant sees the new status, and no staff notes.
    await phone.page.reload();
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('In progress');
    await card.getByRole('button', { name: `Open ${title}` }).click();
    const view = flyout(phone.page);
    await view.getByText('Edit Maintenance Request').waitFor();
    await view.getByTestId('maintenance-property-readonly').getByText(home.address).waitFor();
    expect(await view.textContent()).not.toContain('Plumber booked');
    expect(await view.getByTestId('maintenance-status').locator('button').first().isDisabled()).toBe(true);
    // The activity shows the landlord's change; the tenant answers with a message.
    const activity = view.getByTestId('maintenance-activity');
    await expect
      .poll(async () => (await activity.textContent()) ?? '')
      .toContain('changed the status: New → In progress');
    expect(await activity.textContent()).toContain('You reported it');
    expect(await view.getByTestId('maintenance-message-send').isDisabled()).toBe(true);
    await view.getByTestId('maintenance-message').locator('textarea').fill('Tuesday works, thanks');
    await view.getByTestId('maintenance-message-send').click();
    await expect.poll(async () => (await activity.textContent()) ?? '').toContain('You: Tuesday works, thanks');
    await expectAccessible(phone.page, 'tenant views a request in progress');

    // A link to the request opens it (what a notification will link to); a foreign id says it was not found.
    const [listed] = (await tenant.api.get('/api/maintenance')).body.maintenanceRequests;
    await landlord.page.goto(`/maintenance?request=${listed.id}`);
    await flyout(landlord.page).getByText('Edit Maintenance Request').waitFor();
    expect(await flyout(landlord.page).getByTestId('maintenance-title').locator('input').inputValue()).toBe(title);
    await expect.poll(() => new URL(landlord.page.url()).search).toBe('');
    await phone.page.goto('/maintenance?request=20260101T000000000Z-nope');
    await expectToast(phone.page, 'That maintenance request was not found.');

    for (const { page } of [landlord, phone]) {
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    }
    await landlord.context.close();
    await phone.context.close();
  });

  it('opens from any page: a tenant reports from the dashboard; a ?maintenance= link opens it for the landlord', async () => {
    const landlord = await browser.newPage(DESKTOP);
    const org = await signInToOwnOrganization(landlord.page, 'maint-anywhere');
    const home = await org.addProperty({ address: uniqueName('9 Anywhere Lane') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
    await leaseTo(org.organization.id, tenant.userId, home.id);
    const title = uniqueName('Broken window latch');

    const phone = await browser.newPage(PHONE);
    await signInAt(phone.page, tenant.email, '/dashboard');
    await phone.page.getByTestId('dashboard-report-issue').click();
    const form = flyout(phone.page);
    await form.getByText('Add Maintenance Request').waitFor();
    await pick(phone.page, form.getByTestId('maintenance-issue-type'), 'Structural');
    await form.getByTestId('maintenance-title').locator('input').fill(title);
    await form.getByTestId('maintenance-description').locator('textarea').fill('The latch no longer closes.');
    await expectAccessible(phone.page, 'report form over the dashboard');
    await form.getByTestId('maintenance-save').click();
    await expectToast(phone.page, 'Maintenance request created successfully!');
    expect(phone.page.url()).toContain('/dashboard');
    // The tenant's dashboard counts their open requests.
    await expect.poll(() => phone.page.getByTestId('tenant-open-requests').textContent()).toContain('1 See them');
    await phone.page.goto('/maintenance');
    await phone.page.getByTestId('tenant-request').filter({ hasText: title }).waitFor();

    const listed = (await org.api.get(`/api/maintenance?q=${encodeURIComponent(title)}`)).body.maintenanceRequests;
    expect(listed.map((r: { title: string }) => r.title)).toEqual([title]);
    await landlord.page.goto(`/properties?maintenance=${listed[0].id}`);
    const edit = flyout(landlord.page);
    await edit.getByText('Edit Maintenance Request').waitFor();
    expect(await edit.getByTestId('maintenance-title').locator('input').inputValue()).toBe(title);
    expect(landlord.page.url()).not.toContain('maintenance=');
    expect(new URL(landlord.page.url()).pathname).toBe('/properties');
  });

  it("the landlord adds the plumber's invoice from the request: prefilled, saved, listed with the request's costs", async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await signInToOwnOrganization(page, 'maint-costs');
    const home = await org.addProperty({ address: uniqueName('4 Invoice Court') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
    await leaseTo(org.organization.id, tenant.userId, home.id);
    const title = uniqueName('Dripping tap');
    const made = await org.api.post('/api/maintenance', { title, description: 'Drips all night', propertyId: home.id });
    expect(made.status).toBe(201);

    await page.goto(`/maintenance?maintenance=${made.body.maintenanceRequest.id}`);
    const edit = flyout(page);
    await edit.getByText('Edit Maintenance Request').waitFor();
    await expect.poll(() => edit.getByTestId('maintenance-costs').textContent()).toContain('No costs yet.');
    await edit.getByTestId('maintenance-add-expense').click();
    const txn = page.getByTestId('transaction-flyout');
    await txn.getByTestId('transaction-notes').waitFor();
    expect(await txn.getByTestId('transaction-notes').locator('textarea').inputValue()).toBe(
      `Maintenance request: ${title}`,
    );
    const invoice = uniqueName('Plumber invoice');
    await txn.getByTestId('transaction-name').locator('input').fill(invoice);
    await txn.getByTestId('transaction-amount').locator('input').fill('185.40');
    await expectAccessible(page, 'a repair cost, prefilled');
    await page.getByTestId('transaction-save').click();
    await expectToast(page, 'Transaction created successfully!');
    expect(await org.findTransaction(invoice)).toMatchObject({
      amount: -185.4,
      category: 'repairs',
      propertyId: home.id,
      maintenanceRequestId: made.body.maintenanceRequest.id,
    });

    await page.goto(`/maintenance?maintenance=${made.body.maintenanceRequest.id}`);
    await expect.poll(() => flyout(page).getByTestId('maintenance-costs-total').textContent()).toBe('Total $185.40');
    expect(await flyout(page).getByTestId('maintenance-costs').textContent()).toContain(invoice);
  });

  it("a save over someone else's change shows the conflict, keeps the edits, and loads the latest version", async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await signInToOwnOrganization(page, 'maint-conflict');
    const home = await org.addProperty({ address: uniqueName('6 Overlap Way') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
    await leaseTo(org.organization.id, tenant.userId, home.id);
    const title = uniqueName('Sticky door');
    const made = (await tenant.api.post('/api/maintenance', { title, description: 'Hard to open' })).body
      .maintenanceRequest;
    const saved = async () => (await org.api.get(`/api/maintenance/${made.id}`)).body.maintenanceRequest;

    await page.goto(`/maintenance?maintenance=${made.id}`);
    const edit = flyout(page);
    await edit.getByText('Edit Maintenance Request').waitFor();
    // While the landlord has it open, the tenant corrects the description (with the version they loaded).
    const corrected = 'Hard to open and to close';
    const tenantEdit = await tenant.api.put(`/api/maintenance?id=${made.id}`, {
      title,
      description: corrected,
      propertyId: made.propertyId,
      issueType: made.issueType,
      status: made.status,
      preferredContactTimes: made.preferredContactTimes,
      version: made.version,
    });
    expect(tenantEdit.status).toBe(200);

    // The landlord's save was made over version 1: refused, their edit still on screen, nothing saved.
    await pick(page, edit.getByTestId('maintenance-status'), 'In progress');
    await edit.getByTestId('maintenance-save').click();
    const conflict = edit.getByTestId('maintenance-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('changed by someone else');
    await edit.getByTestId('maintenance-status').getByText('In progress').waitFor();
    expect(await saved()).toMatchObject({ status: 'NEW', description: corrected, version: 2 });
    await expectAccessible(page, 'a maintenance request changed meanwhile');

    // "Load latest version" shows the tenant's change; saving again from it goes through.
    await conflict.getByRole('button', { name: 'Load latest version' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await edit.getByTestId('maintenance-description').locator('textarea').inputValue()).toBe(corrected);
    await edit.getByTestId('maintenance-status').getByText('New').waitFor();
    await pick(page, edit.getByTestId('maintenance-status'), 'In progress');
    await edit.getByTestId('maintenance-save').click();
    await expectToast(page, 'Maintenance request updated successfully!');
    expect(await saved()).toMatchObject({ status: 'IN_PROGRESS', description: corrected, version: 3 });
  });
});
