import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { db, TABLE_NAME } from '../support/db.js';
import { latestInviteToken } from '../support/invitations.js';
import { chooseAccount, clickOption, DESKTOP, expectAccessible, PHONE, useBrowser } from './browser.js';
import { expectToast } from './ledger.js';
import { signInToOwnOrganization } from './own-org.js';

/**
 * Invitations end to end: an admin invites a fresh email from Org Settings; the mail arrives in the local
 * SES emulator (and its /_mail page); the invitee opens the link at 390px, signs in through the real
 * sign-in page, accepts and lands in the inviting organization with the role, with no organization of
 * their own. axe on each page.
 */
async function organizationsOf(userId: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :org)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':org': 'ORG#' },
    }),
  );
  return Items.map((item) => item.orgId as string);
}

describe('invitations, in Chromium', () => {
  const browser = useBrowser();

  it('an admin invites a fresh email; the invitee opens the mailed link, signs in, accepts and lands in the organization', async () => {
    const admin = await browser.newPage(DESKTOP);
    const org = await signInToOwnOrganization(admin.page, 'inviter', '/org-settings');
    const email = `e2e-invitee-${randomUUID().slice(0, 8)}@example.com`;

    await admin.page.getByTestId('invitations-table').waitFor();
    await admin.page.getByTestId('invite-member').click();
    const modal = admin.page.getByTestId('invite-modal');
    await modal.getByTestId('invite-email').locator('input').fill(email);
    await modal.getByRole('button', { name: /Property Manager/ }).click();
    await clickOption(admin.page.getByRole('option', { name: 'Landlord', exact: true }));
    await expectAccessible(admin.page, 'invite member dialog');
    await modal.getByTestId('invite-send').click();
    await expectToast(admin.page, `${email} was invited as Landlord.`);
    const table = admin.page.getByTestId('invitations-table');
    await expect.poll(() => table.textContent()).toContain(email);
    expect(await table.getByTestId('invitation-status').first().textContent()).toBe('Pending');
    await expectAccessible(admin.page, 'org settings with invitations');

    // The mail is in the emulator, and on the local origin's mailbox page.
    const token = await latestInviteToken(email);
    await admin.page.goto('/_mail');
    await expect.poll(() => admin.page.locator('[data-testid="mail"]').first().textContent()).toContain(email);
    await admin.context.close();

    const { page, context } = await browser.newPage(PHONE);
    await page.goto(`/invite/${token}`);
    const details = page.getByTestId('invite-details');
    await expect.poll(() => details.textContent()).toContain(`Join ${org.organization.name} as Landlord`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'invitation page, signed out, 390px');

    await page.getByTestId('invite-signin').click();
    await chooseAccount(page, email);
    await page.waitForURL(new RegExp(`/invite/${token}$`));
    await page.getByTestId('invite-accept').waitFor();
    // Signed in, on the invite page, and still no organization of their own.
    expect(await organizationsOf(localSubFor(email))).toEqual([]);
    await expectAccessible(page, 'invitation page, signed in, 390px');

    await page.getByTestId('invite-accept').click();
    await page.waitForURL(/\/dashboard$/);
    await expectToast(page, `Welcome to ${org.organization.name}.`);
    await expect.poll(() => page.getByTestId('header-org-name').first().textContent()).toBe(org.organization.name);
    expect(await organizationsOf(localSubFor(email))).toEqual([org.organization.id]);
    const members = (await org.api.get(routes.listMembers.path)).body.members as { email: string; role: string }[];
    expect(members.find((m) => m.email === email)?.role).toBe('LANDLORD');

    // The link is single use: opening it again says so.
    await page.goto(`/invite/${token}`);
    await expect.poll(() => page.getByTestId('invite-dead').textContent()).toContain('already been used');
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('an unknown link gets its own clear message', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await page.goto(`/invite/${'A'.repeat(43)}`);
    await expect
      .poll(() => page.getByTestId('invite-error').textContent())
      .toContain('This invitation link is not valid');
    await expectAccessible(page, 'unknown invitation link');
    await context.close();
  });
});
