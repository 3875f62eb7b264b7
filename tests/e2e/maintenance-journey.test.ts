import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { PNG_BYTES } from '../integration/receipt-upload.js';
import { latestInviteToken, mailTo } from '../support/invitations.js';
import {
  chooseAccount,
  clickOption,
  DESKTOP,
  expectAccessible,
  PHONE,
  revealBelowTheFold,
  useBrowser,
} from './browser.js';
import { expectToast } from './ledger.js';
import { signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * The whole maintenance story in Chromium, the tenant at 390x844: invited through the mailbox, the tenant
 * reports a leaking sink with a photo from the file chooser; the landlord sees it, assigns it, moves it to In
 * progress and comments; the tenant gets the email and sees the status; the landlord resolves it and adds the
 * plumber's invoice as an expense; the tenant reopens it; the tenant's Rental History shows this month as paid
 * after the landlord records the rent. Axe on the tenant's screens.
 */
const flyout = (page: Page) => page.getByTestId('maintenance-flyout');

async function pick(page: Page, select: Locator, option: string) {
  await select.locator('button').first().click();
  await clickOption(page.getByRole('option', { name: option, exact: true }));
}

describe('maintenance from a phone to resolved, in Chromium', () => {
  const browser = useBrowser();

  it('tenant reports with a photo; landlord assigns, comments, resolves, adds the invoice; tenant reopens; rent shows paid', async () => {
    const landlord = await browser.newPage(DESKTOP);
    const org = await signInToOwnOrganization(landlord.page, 'journey');
    const home = await org.addProperty({ address: uniqueName('5 Sink Street') });
    const email = `e2e-tenant-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await org.api.post('/api/invitations', {
      email,
      role: 'TENANT',
      propertyId: home.id,
      monthlyRent: 1850,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);

    // The tenant opens the mailed link on a phone, signs in and accepts: their lease at the home starts.
    const token = await latestInviteToken(email);
    const { page: phone } = await browser.newPage(PHONE);
    await phone.goto(`/invite/${token}`);
    await phone.getByTestId('invite-signin').click();
    await chooseAccount(phone, email);
    await phone.waitForURL(new RegExp(`/invite/${token}$`));
    await phone.getByTestId('invite-accept').click();
    await phone.waitForURL(/\/rental-history$/); // a tenant's home page
    const lease = (await org.api.get(`/api/properties/${home.id}/leases`)).body.leases[0];
    expect(lease.userId).toBe(localSubFor(email));
    const priced = await org.api.patch(`/api/leases/${lease.id}`, { monthlyRent: 1450, version: lease.version });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);

    // The report, with a photo from the file chooser.
    const title = uniqueName('Leaking sink');
    await phone.goto('/dashboard');
    await phone.getByTestId('dashboard-report-issue').click();
    const form = flyout(phone);
    await form.getByTestId('maintenance-title').locator('input').fill(title);
    await form.getByTestId('maintenance-description').locator('textarea').fill('Water under the kitchen sink.');
    await form.getByTestId('maintenance-photo-input').setInputFiles({
      name: 'sink.png',
      mimeType: 'image/png',
      buffer: PNG_BYTES,
    });
    await form.getByTestId('maintenance-photo-queued').waitFor();
    await expectAccessible(phone, 'the report with a photo, 390px');
    await form.getByTestId('maintenance-save').click();
    await expectToast(phone, 'Maintenance request created successfully!');
    const listed = async () =>
      (await org.api.get(`/api/maintenance?q=${encodeURIComponent(title)}`)).body.maintenanceRequests;
    await expect.poll(async () => (await listed()).length).toBe(1);
    const requestId = (await listed())[0].id as string;
    await expect
      .poll(async () => (await org.api.get(`/api/maintenance/${requestId}/photos`)).body.photos.length)
      .toBe(1);

    // The landlord sees it with its photo, assigns it to themself, moves it to In progress and comments.
    await landlord.page.goto(`/maintenance?maintenance=${requestId}`);
    const edit = flyout(landlord.page);
    await edit.getByText('Edit Maintenance Request').waitFor();
    await expect.poll(() => edit.getByTestId('maintenance-photo').count()).toBe(1);
    const me = (await org.api.get('/api/members')).body.members.find((m: { email: string }) => m.email === org.email);
    await pick(landlord.page, edit.getByTestId('maintenance-assignee'), me.name || me.email);
    await pick(landlord.page, edit.getByTestId('maintenance-status'), 'In progress');
    await edit.getByTestId('maintenance-save').click();
    await expectToast(landlord.page, 'Maintenance request updated successfully!');
    await landlord.page.goto(`/maintenance?maintenance=${requestId}`);
    await edit.getByTestId('maintenance-message').locator('textarea').fill('The plumber comes on Tuesday.');
    await edit.getByTestId('maintenance-message-send').click();
    await expect
      .poll(async () => (await edit.getByTestId('maintenance-activity').textContent()) ?? '')
      .toContain('The plumber comes on Tuesday.');

    // The tenant got the email and sees the status.
    await expect
      .poll(async () => (await mailTo(email)).map((m) => m.subject).join('\n'))
      .toContain(`Maintenance request "${title}" is now In progress`);
    await phone.goto('/maintenance');
    const card = phone.getByTestId('tenant-request').filter({ hasText: title });
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('In progress');

    // The landlord resolves it and adds the plumber's invoice from the request.
    await landlord.page.goto(`/maintenance?maintenance=${requestId}`);
    await edit.getByText('Edit Maintenance Request').waitFor();
    await pick(landlord.page, edit.getByTestId('maintenance-status'), 'Resolved');
    await edit.getByTestId('maintenance-save').click();
    await expectToast(landlord.page, 'Maintenance request updated successfully!');
    await landlord.page.goto(`/maintenance?maintenance=${requestId}`);
    await edit.getByTestId('maintenance-add-expense').click();
    const txn = landlord.page.getByTestId('transaction-flyout');
    const invoice = uniqueName('Plumber invoice');
    await txn.getByTestId('transaction-name').locator('input').fill(invoice);
    await txn.getByTestId('transaction-amount').locator('input').fill('210');
    await landlord.page.getByTestId('transaction-save').click();
    await expectToast(landlord.page, 'Transaction created successfully!');
    expect((await org.api.get(`/api/maintenance/${requestId}/costs`)).body.total).toBe(210);

    // The tenant reopens it.
    await phone.goto('/maintenance');
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('Resolved');
    await card.getByRole('button', { name: `Open ${title}` }).click();
    const view = flyout(phone);
    await view.getByText('Edit Maintenance Request').waitFor();
    expect(await view.textContent()).not.toContain('Repair costs');
    // Reopen is a button; the status menu offers a tenant nothing to pick.
    expect(
      await view.getByTestId('maintenance-status').locator('button[aria-disabled="true"], button:disabled').count(),
    ).toBe(1);
    await view.getByTestId('maintenance-reopen').click();
    await expectToast(phone, 'Request reopened');
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('New');

    // The landlord records this month's rent; the tenant's Rental History shows the month paid.
    const today = new Date().toISOString().slice(0, 10);
    const rent = await org.api.post('/api/transactions', {
      name: uniqueName('Rent'),
      date: today,
      amount: 1450,
      category: 'rental_income',
      propertyId: home.id,
    });
    expect(rent.status).toBe(201);
    await phone.goto('/rental-history');
    await phone.getByTestId('rental-lease').waitFor();
    await revealBelowTheFold(phone);
    const months = phone.getByTestId('rental-month');
    await expect.poll(async () => (await months.first().textContent()) ?? '').toContain('Paid');
    await expectAccessible(phone, 'rental history, 390px');
    await phone.goto('/dashboard');
    await expect.poll(() => phone.getByTestId('tenant-rent-this-month').textContent()).toContain('Paid');
    await expectAccessible(phone, 'tenant dashboard, 390px');
    expect((phone as unknown as { errors: string[] }).errors).toEqual([]);
  });
});
