import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { clickOption, DESKTOP, expectAccessible, PHONE, signInAt, signInFromHeader, useBrowser } from './browser.js';
import { COL, expectToast, flyout, ledgerRow, ledgerShown, openLedger, rowCell, rowOpener, save } from './ledger.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Review requests and messages (docs/ledger.md "Review requests and messages"): in an organization of its own, the
 * admin asks a property manager to review a transaction from the Messages tab; the manager finds it under "Waiting on
 * me", sees the badge, replies with Ctrl+Enter and resolves it; the admin sees "Resolved" at 390px. Needs review shows
 * it before and not after; the admin sees the audit entries of her own edit in the same timeline. axe on each step.
 */
const messagesTab = (page: Page) => flyout(page).getByRole('tab', { name: /Messages/ });
const activity = (page: Page) => flyout(page).getByTestId('transaction-activity');

async function openMessages(page: Page, name: string) {
  await rowOpener(ledgerRow(page, name)).click();
  await flyout(page).getByTestId('transaction-save').waitFor();
  await messagesTab(page).click();
}

/** The ledger filtered by the URL, once its table has answered (it may be empty). */
async function ledgerNames(page: Page, query: string) {
  await page.goto(`/transactions${query}`);
  await expect.poll(() => page.getByTestId('totals-count').textContent()).toMatch(/\d/);
  await expect.poll(() => page.getByTestId('transactions-totals').getAttribute('data-loading')).toBe('false');
  // The rows arrive apart from the totals (and render in a deferred update): read the table once it shows them.
  const table = page.getByTestId('transactions-table');
  await expect.poll(async () => (await table.textContent()) ?? '').not.toContain('Loading transactions');
  return table.textContent();
}

describe('review requests and messages, in Chromium', () => {
  const browser = useBrowser();

  it('asks a colleague to review; they find it under Waiting on me, reply with Ctrl+Enter and resolve it', async () => {
    const admin = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(admin.page, 'reviews', '/transactions');
    const reviewer = await joinAs(org.organization.id, 'PROPERTY_MANAGER', 'pat');
    const name = uniqueName('Plumber invoice');
    await org.addTransaction({ name, date: '2026-04-02', amount: -180 });

    // The admin edits the notes by hand, then sees the audit entries of her own edit in the Activity.
    await org.arrive();
    await ledgerShown(admin.page);
    await rowOpener(ledgerRow(admin.page, name)).click();
    await flyout(admin.page).getByTestId('transaction-notes').locator('textarea').fill('Leak under the sink');
    await save(admin.page, 'Update Transaction');
    await expectToast(admin.page, 'Transaction updated successfully!');
    await expect.poll(() => flyout(admin.page).locator('form').count()).toBe(0);
    await openMessages(admin.page, name);
    await expect
      .poll(() => activity(admin.page).textContent())
      .toContain('You changed the notes from nothing to Leak under the sink');
    expect(await activity(admin.page).textContent()).toMatch(/You created this transaction with the description/);
    expect(await activity(admin.page).getByTestId('audit-entry').count()).toBe(2);

    // The admin asks Pat from the Messages tab.
    await flyout(admin.page).getByText('Request review', { exact: true }).first().click();
    await admin.page.getByTestId('reviewer-select').locator('button').first().click();
    await clickOption(admin.page.getByRole('option', { name: /^pat / }));
    await admin.page.getByTestId('review-note').locator('textarea').fill('Is this repairs or maintenance?');
    await admin.page.getByTestId('review-request-send').click();
    await expect.poll(() => activity(admin.page).textContent()).toContain('Is this repairs or maintenance?');
    const shown = (await activity(admin.page).textContent()) ?? '';
    expect(shown).toContain('You asked pat');
    expect(shown).toContain('Pending');
    expect(shown).toContain('Waiting on reviewer');
    await expect.poll(() => messagesTab(admin.page).textContent()).toContain('1');
    await expectAccessible(admin.page, 'messages tab with a pending review');
    await admin.context.close();

    // Needs review shows it while the request is open.
    const requests = (await org.api.get(`/api/reviews?transactionId=${(await org.findTransaction(name)).id}`)).body;
    expect(requests.reviewRequests.map((r: { status: string }) => r.status)).toEqual(['PENDING']);

    // Pat finds it under "Waiting on me" and sees the badge.
    const pat = await browser.newPage(DESKTOP);
    await signInFromHeader(pat.page, reviewer.email);
    await expect.poll(() => pat.page.getByTestId('dashboard-waiting-on-me').textContent()).toBe('Waiting on me (1)');
    await openLedger(pat.page);
    await pat.page.getByTestId('transactions-waiting-filter').locator('input').click();
    await pat.page.waitForURL(/waitingOnMe=true/);
    await ledgerRow(pat.page, name).waitFor();
    expect(await rowCell(ledgerRow(pat.page, name), COL.status).textContent()).toContain('Needs review');
    expect(await ledgerNames(pat.page, '?needsReview=true')).toContain(name);
    await pat.page.goto('/transactions?waitingOnMe=true');
    await openMessages(pat.page, name);
    await expect.poll(() => messagesTab(pat.page).textContent()).toContain('1');
    await expect.poll(() => activity(pat.page).textContent()).toContain('asked you to review');
    await expectAccessible(pat.page, 'messages tab as the reviewer');

    // A reply with Ctrl+Enter, then Resolve.
    const box = pat.page.getByTestId('message-box').locator('textarea');
    await box.fill('Repairs: it fixed a leak.');
    await box.press('Control+Enter');
    await expect.poll(() => activity(pat.page).textContent()).toContain('Repairs: it fixed a leak.');
    expect(await box.inputValue()).toBe('');
    await flyout(pat.page).getByTestId('review-resolve').click();
    await expectToast(pat.page, 'Review marked as resolved.');
    await expect.poll(() => activity(pat.page).textContent()).toContain('You resolved the review');
    expect(await flyout(pat.page).getByTestId('review-resolve').count()).toBe(0);
    expect((pat.page as unknown as { errors: string[] }).errors).toEqual([]);
    await pat.page.keyboard.press('Escape');
    expect(await ledgerNames(pat.page, '?needsReview=true')).not.toContain(name);
    expect(await ledgerNames(pat.page, '?waitingOnMe=true')).not.toContain(name);
    await pat.page.goto('/dashboard');
    await expect.poll(() => pat.page.getByTestId('dashboard-waiting-on-me').textContent()).toBe('Waiting on me (0)');
    await pat.context.close();

    // The admin, on a phone, sees "Resolved"; nothing is waiting or needs review any more.
    const phone = await browser.newPage(PHONE);
    await signInAt(phone.page, org.email, '/transactions');
    await ledgerShown(phone.page);
    await openMessages(phone.page, name);
    await expect.poll(() => activity(phone.page).textContent()).toContain('Resolved');
    const history = (await activity(phone.page).textContent()) ?? '';
    expect(history).toContain('Repairs: it fixed a leak.');
    expect(history).not.toContain('Waiting on reviewer');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone.page, 'resolved review at 390px');
    const txn = await org.findTransaction(name);
    expect(txn.hasOpenReviewRequests).toBe(false);
    expect(txn.isReviewed).toBe(true);
    expect((phone.page as unknown as { errors: string[] }).errors).toEqual([]);
    await phone.context.close();
  });
});
