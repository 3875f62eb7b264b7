import { AGING_BUCKETS, AGING_LABELS, addDays, agingBucket, fillPath, routes, shiftMonth } from '@rent/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import {
  DESKTOP,
  drawnBars,
  expectAccessible,
  PHONE,
  recordChunks,
  revealBelowTheFold,
  signInAt,
  useBrowser,
} from './browser.js';
import { expectToast } from './ledger.js';
import { beginSignInToOwnOrganization, type OwnOrganization, uniqueName } from './own-org.js';

// The charge job in-process, against the same DynamoDB Local (support/members.js points the repositories at it): the
// test's clock is the day it is given.
const { postOrganizationCharges } = await import('../../functions/src/services/tenancy/charges.js');

/**
 * Lease charges in the web: a landlord edits a lease in the Tenants and leases drawer (rent, a parking fee, a late
 * fee; a save over someone else's change is refused and offers the latest version), reads its ledger and waives a
 * late fee, also one the charge job posted on a test clock only after the grace period; the Aging tab puts an unpaid
 * lease's charges in the buckets their due dates say; the tenant, on a phone, reads what they owe and their ledger in
 * Rental History. Axe on each view.
 */
const today = () => new Date().toISOString().slice(0, 10);
const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(dollars);

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A lease through the API, from the first of the month `monthsAgo` months back. */
async function leaseFor(org: OwnOrganization, label: string, monthsAgo: number, extra: Record<string, unknown> = {}) {
  const home = await org.addProperty({ address: uniqueName(label) });
  const tenant = await joinAs(org.organization.id, 'TENANT', 'charged');
  const start = `${shiftMonth(today().slice(0, 7), -monthsAgo)}-01`;
  const created = await org.api.post<{ lease: { id: string; version: number } }>(
    fillPath(routes.createLease.path, { id: home.id }),
    { userId: tenant.userId, leaseStart: start, monthlyRent: 1000, rentDueDay: 1, graceDays: 5, ...extra },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { home, tenant, lease: created.body.lease, start };
}

/** The property's Tenants and leases drawer, opened from /properties on screen. */
async function leasesDrawer(page: Page, address: string, state: 'Active' | 'Upcoming' = 'Active') {
  await page.getByRole('radio', { name: address }).click();
  await page.getByTestId('property-leases').click();
  const drawer = page.getByTestId('leases-drawer');
  await drawer.getByTestId('leases-table').getByText(state).waitFor();
  return drawer;
}

const input = (scope: Locator, testId: string) => scope.getByTestId(testId).locator('input').first();

describe('lease charges, in Chromium', () => {
  const browser = useBrowser();

  it('a landlord edits a lease (rent, a parking fee, a late fee), reads its ledger and waives a late fee', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'lease-charges', '/properties');
    const { home, lease } = await leaseFor(org, '21 Charge Court', 2);
    await org.arrive();
    const drawer = await leasesDrawer(page, home.address);

    // Edit opens the same form, filled with the lease as saved.
    await drawer.getByTestId('lease-edit').click();
    const form = drawer.getByTestId('lease-form');
    await form.getByText('Edit lease').waitFor();
    expect(await input(form, 'lease-monthlyRent').inputValue()).toBe('1000.00');
    expect(await input(form, 'lease-rentDueDay').inputValue()).toBe('1');

    // Someone else saves the lease meanwhile: this save is refused, and the latest version is offered.
    const moved = await org.api.patch(fillPath(routes.updateLease.path, { id: lease.id }), {
      graceDays: 3,
      version: lease.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await input(form, 'lease-monthlyRent').fill('1100');
    await drawer.getByTestId('lease-save').click();
    const conflict = drawer.getByTestId('lease-conflict');
    await conflict.getByText('Someone else changed this lease').waitFor();
    await conflict.getByRole('button', { name: 'Load latest version' }).click();
    await expect.poll(() => input(form, 'lease-graceDays').inputValue()).toBe('3');

    // The edit again, over the lease as it is now: rent, a monthly parking fee and a fixed late fee.
    await input(form, 'lease-monthlyRent').fill('1100');
    await form.getByRole('button', { name: 'Add fee' }).click();
    await input(form, 'lease-fee-label').fill('Parking');
    await input(form, 'lease-fee-amount').fill('75');
    await form.getByRole('radio', { name: 'Fixed amount' }).check();
    await input(form, 'lease-lateFeeAmount').fill('50');
    await form.getByText('Prorate partial months').click();
    // axe counts a checkbox's label as unseen while the drawer has it scrolled out of view: show the late fee's.
    await form.getByText('Charge daily').scrollIntoViewIfNeeded();
    await expectAccessible(page, 'edit lease form');
    await drawer.getByTestId('lease-save').click();
    await expectToast(page, 'Lease updated');
    await drawer.getByTestId('lease-form').waitFor({ state: 'hidden' });
    const saved = (await org.api.get(fillPath(routes.listLeases.path, { id: home.id }))).body.leases[0];
    expect(saved).toMatchObject({
      monthlyRent: 1100,
      graceDays: 3,
      prorate: true,
      fees: [{ label: 'Parking', amount: 75, frequency: 'monthly', dueDate: null }],
      lateFee: { mode: 'fixed', amount: 50, daily: false, cap: null },
    });

    // The ledger: the parking fee is charged; the rent months past their grace days are late, with a late fee each.
    await drawer.getByTestId('lease-ledger-open').click();
    const ledger = drawer.getByTestId('lease-ledger');
    const lines = ledger.getByTestId('ledger-lines');
    await lines.locator('tbody tr').first().waitFor();
    const parking = lines.locator('tbody tr', { hasText: 'Parking' });
    expect(await parking.count()).toBeGreaterThan(0);
    expect(await parking.first().textContent()).toContain('$75.00');
    const api = (await org.api.get(fillPath(routes.getTenantLedger.path, { id: lease.id }))).body;
    expect(await ledger.getByTestId('ledger-totals').textContent()).toContain(usd(api.totals.owedNow));
    await expectAccessible(page, 'lease ledger');

    // Waive the oldest late fee: asked first, then the line says who waived it.
    const lateFee = api.lines.find((l: { kind: string }) => l.kind === 'late_fee');
    expect(lateFee, JSON.stringify(api.lines)).toBeTruthy();
    await ledger.getByRole('button', { name: `Waive ${lateFee.label}` }).click();
    const confirm = ledger.getByTestId('ledger-waive-confirm');
    await confirm.getByText('Waive this late fee?').waitFor();
    await expectAccessible(page, 'waive confirmation');
    await confirm.getByTestId('ledger-waive-ok').click();
    await expectToast(page, 'Late fee waived');
    const waived = lines.locator('tbody tr', { hasText: lateFee.label });
    await expect.poll(() => waived.textContent()).toContain('Waived');
    expect(await waived.textContent()).toMatch(/Waived by .+ on \d{4}-\d{2}-\d{2}/);

    // Back to the list, the keyboard on the Ledger button it came from.
    await ledger.getByTestId('ledger-back').click();
    await drawer.getByTestId('leases-table').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('lease-ledger-open');

    // At 390 px the ledger is reachable and axe clean, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    await drawer.getByTestId('lease-ledger-open').click();
    await lines.locator('tbody tr').first().waitFor();
    await expectAccessible(page, 'lease ledger at 390px');
    await noSideScroll(page);
    // And the edit form, its fee rows stacked.
    await ledger.getByTestId('ledger-back').click();
    await drawer.getByTestId('lease-edit').click();
    await input(form, 'lease-fee-label').waitFor();
    expect(await input(form, 'lease-fee-label').inputValue()).toBe('Parking');
    await noSideScroll(page);
  });

  it('on a test clock, the job posts a late fee only after the grace period, and a landlord waives it', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'late-fee-clock', '/properties');
    const nextMonth = shiftMonth(today().slice(0, 7), 1);
    const due = `${nextMonth}-01`;
    const { home, lease } = await leaseFor(org, '8 Grace Street', -1, {
      graceDays: 3,
      lateFee: { mode: 'fixed', amount: 40 },
    });
    const ledgerApi = async () =>
      (await org.api.get(fillPath(routes.getTenantLedger.path, { id: lease.id }))).body as {
        lines: { kind: string; date: string; label: string; amount: number }[];
      };
    const lateFees = async () => (await ledgerApi()).lines.filter((l) => l.kind === 'late_fee');

    // The day rent is due and the last day of grace: rent is charged, no late fee.
    await postOrganizationCharges(org.organization.id, due);
    expect((await ledgerApi()).lines.filter((l) => l.kind === 'rent').map((l) => l.date)).toEqual([due]);
    await postOrganizationCharges(org.organization.id, addDays(due, 3));
    expect(await lateFees()).toEqual([]);
    // The day after: the fee, dated that day; a second run (a retry) posts nothing more.
    await postOrganizationCharges(org.organization.id, addDays(due, 4));
    await postOrganizationCharges(org.organization.id, addDays(due, 4));
    const label = `Late fee, ${nextMonth} rent`;
    expect(await lateFees()).toEqual([expect.objectContaining({ date: addDays(due, 4), amount: 40, label })]);

    // The landlord sees it on the lease's ledger and waives it.
    await org.arrive();
    const drawer = await leasesDrawer(page, home.address, 'Upcoming');
    await drawer.getByTestId('lease-ledger-open').click();
    const ledger = drawer.getByTestId('lease-ledger');
    const row = ledger.getByTestId('ledger-lines').locator('tbody tr', { hasText: label });
    await row.waitFor();
    expect(await row.textContent()).toContain('$40.00');
    await ledger.getByRole('button', { name: `Waive ${label}` }).click();
    await ledger.getByTestId('ledger-waive-confirm').getByTestId('ledger-waive-ok').click();
    await expectToast(page, 'Late fee waived');
    await expect.poll(() => row.textContent()).toContain('Waived');
    await expectAccessible(page, 'ledger with a waived late fee');
    // Waived stays waived: the next day's run does not post it again.
    await postOrganizationCharges(org.organization.id, addDays(due, 5));
    expect(await lateFees()).toEqual([expect.objectContaining({ amount: 0 })]);
  });

  it('the Aging tab buckets an unpaid lease; the tenant reads "You owe" on a phone', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const org = await beginSignInToOwnOrganization(page, 'aging', '/reports?tab=aging');
    const { home, tenant } = await leaseFor(org, '34 Overdue Oval', 2, { unitLabel: 'Unit 9' });

    // Rent of 1,000 is due on the 1st of the lease's three months so far, and none of it paid.
    const buckets = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
    for (const n of [-2, -1, 0]) buckets[agingBucket(`${shiftMonth(today().slice(0, 7), n)}-01`, today())] += 1000;

    await org.arrive();
    const table = page.getByTestId('aging-table');
    const row = table.locator('tbody tr', { hasText: tenant.email });
    await row.waitFor();
    const cells = row.locator('td');
    expect(await cells.nth(0).textContent()).toBe(`${home.address}, Unit 9`);
    // The balance also counts a charge posted ahead of its due date (none of the buckets holds it yet).
    const aging = (await org.api.get(routes.getAgingReport.path)).body;
    const listed = aging.leases.find((l: { tenant: { email: string } }) => l.tenant.email === tenant.email);
    expect(listed.balance).toBeGreaterThanOrEqual(3000);
    expect(await cells.nth(1).textContent()).toBe(usd(listed.balance));
    const shown = await Promise.all([2, 3, 4, 5, 6].map((i) => cells.nth(i).textContent()));
    expect(shown).toEqual(
      [buckets.current, buckets.days1to30, buckets.days31to60, buckets.days61to90, buckets.over90].map(usd),
    );
    expect(await page.getByTestId('aging-totals').textContent()).toContain(usd(listed.balance));
    // The ages as bars on one scale, each with its amount, and the same figures said to a screen reader.
    const largest = Math.max(...Object.values(buckets));
    expect(await drawnBars(page.getByTestId('aging-chart'))).toEqual(
      AGING_BUCKETS.map((b) => ({
        label: AGING_LABELS[b],
        amount: usd(buckets[b]),
        share: Math.round((buckets[b] / largest) * 100) / 100,
      })),
    );
    expect(await page.getByTestId('aging-chart').getAttribute('aria-label')).toBe(
      `Money owed by how long it is past due: ${AGING_BUCKETS.map((b) => `${AGING_LABELS[b]} ${usd(buckets[b])}`).join(', ')}.`,
    );
    await expectAccessible(page, 'aging report');

    // The landlord on a phone: a row per lease, what it owes at the end and the ages that hold it; no table code.
    const landlord = await browser.newPage(PHONE);
    const chunksOf = recordChunks(landlord.page);
    await signInAt(landlord.page, org.email, '/reports?tab=aging');
    const item = landlord.page.getByTestId('aging-lease').filter({ hasText: tenant.email });
    await item.waitFor();
    const itemText = await item.textContent();
    expect(itemText).toContain(`${home.address}, Unit 9`);
    expect(itemText).toContain(`${usd(listed.balance)}Balance`);
    for (const [bucket, amount] of Object.entries(buckets)) {
      const label = AGING_LABELS[bucket as keyof typeof buckets];
      if (amount === 0) expect(itemText).not.toContain(`${label} `);
      else expect(itemText).toContain(`${label} ${usd(amount)}`);
    }
    await expectAccessible(landlord.page, 'aging report at 390px');
    await noSideScroll(landlord.page);
    expect(chunksOf('AgingTable')).toEqual([]);

    // The tenant, on a phone: what they owe now, the next charge, and the ledger's lines.
    const phone = await browser.newPage(PHONE);
    await signInAt(phone.page, tenant.email, '/rental-history');
    const card = phone.page.getByTestId('rental-lease');
    await card.waitFor();
    await revealBelowTheFold(phone.page);
    expect(await card.getByTestId('rental-balance').textContent()).toBe(`You owe ${usd(3000)}`);
    expect(await card.getByTestId('rental-next-charge').textContent()).toMatch(/^(Next charge: Rent, |No charge)/);
    const ledgerRows = card.getByTestId('rental-ledger-line');
    await expect.poll(() => ledgerRows.count()).toBeGreaterThanOrEqual(3);
    // Newest first, nothing paid: the top line is the latest rent charge.
    expect(await ledgerRows.first().textContent()).toContain('Rent');
    await expectAccessible(phone.page, 'rental history ledger at 390px');
    await noSideScroll(phone.page);
  });
});
