import { readFile } from 'node:fs/promises';
import { fillPath, routes, shiftMonth } from '@rent/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import {
  DESKTOP,
  drawnBars,
  expectAccessible,
  monthName,
  PHONE,
  recordChunks,
  revealBelowTheFold,
  signInAt,
  useBrowser,
} from './browser.js';
import { beginSignInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * The rent roll: in a fresh organization, a tenant with a lease (created through the API) and rent paid in the
 * second and third of its three months, a whole month's and part of one. Payments pay the oldest charges first, so
 * the first month reads Paid, the second Partly paid and the third Late, while each month's Received is what came in
 * that month. The Rent roll tab on /reports shows them, the lease's and the portfolio's totals, and the CSV holds the
 * same figures. Axe clean, and at 390 px nothing sticks out of the screen.
 */
async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
  return { name: file.suggestedFilename(), lines: text.trimEnd().split('\r\n') };
}

describe('the rent roll, in Chromium', () => {
  const browser = useBrowser();

  it('shows Late, Paid and Partly paid months with the right totals; CSV; axe clean at 1366 and 390 px', async () => {
    const { page } = await browser.newPage(DESKTOP);
    const thisMonth = new Date().toISOString().slice(0, 7);
    const [first, second, third] = [-3, -2, -1].map((n) => shiftMonth(thisMonth, n)) as [string, string, string];
    const rentRoll = `/reports?tab=rent-roll&period=custom&from=${first}&to=${third}`;
    const org = await beginSignInToOwnOrganization(page, 'rent-roll', rentRoll);
    const home = await org.addProperty({ address: uniqueName('12 Roll Row') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'roller');
    const lease = await org.api.post(fillPath(routes.createLease.path, { id: home.id }), {
      userId: tenant.userId,
      unitLabel: 'Loft',
      leaseStart: `${first}-01`,
      monthlyRent: 1000,
      securityDeposit: 0,
    });
    expect(lease.status, JSON.stringify(lease.body)).toBe(201);
    await org.addTransaction({
      name: uniqueName('Rent Loft'),
      date: `${second}-02`,
      amount: 1000,
      category: 'rental_income',
      propertyId: home.id,
    });
    await org.addTransaction({
      name: uniqueName('Part rent Loft'),
      date: `${third}-04`,
      amount: 400,
      category: 'rental_income',
      propertyId: home.id,
    });

    await org.arrive();
    const roll = page.getByTestId('rent-roll-lease');
    await roll.waitFor();
    expect(await roll.count()).toBe(1);
    expect(await roll.textContent()).toContain(`${home.address}, Loft`);
    const rows = roll.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    // Each month: its status, then Due, Received (that month) and Balance (the row header is the month).
    const cellsOf = (i: number) => rows.nth(i).locator('td').allTextContents();
    expect(await cellsOf(0)).toEqual(['Paid', '$1,000.00', '$0.00', '$1,000.00']);
    expect(await cellsOf(1)).toEqual(['Partly paid', '$1,000.00', '$1,000.00', '$0.00']);
    expect(await cellsOf(2)).toEqual(['Late', '$1,000.00', '$400.00', '$600.00']);
    for (const testId of ['rent-roll-totals', 'rent-roll-lease-totals']) {
      const totals = (await page.getByTestId(testId).textContent()) ?? '';
      expect(totals).toContain('$3,000.00');
      expect(totals).toContain('$1,400.00');
      expect(totals).toContain('$1,600.00');
      expect(totals).toContain('46.7%');
    }
    // A chart mounts once its box is near the viewport (components/charts/ChartBox.tsx).
    await page.getByTestId('rent-roll-chart').scrollIntoViewIfNeeded();
    await page.getByTestId('rent-roll-chart').locator('svg').first().waitFor();
    await expectAccessible(page, 'rent roll');

    const csv = await download(page, 'rent-roll-csv');
    expect(csv.name).toBe(`rent-roll-${first}-to-${third}.csv`);
    expect(csv.lines[0]).toBe(`Rent roll ${first} to ${third}`);
    expect(csv.lines[1]?.split(',').slice(4, 10)).toEqual([
      'Month',
      'Due date',
      'Due',
      'Received',
      'Balance',
      'Status',
    ]);
    expect(csv.lines.slice(2).map((line) => line.split(',').slice(4))).toEqual([
      [first, `${first}-01`, '1000.00', '0.00', '1000.00', 'Paid', '', ''],
      [second, `${second}-01`, '1000.00', '1000.00', '0.00', 'Partly paid', '', ''],
      [third, `${third}-01`, '1000.00', '400.00', '600.00', 'Late', '', ''],
      ['Total', '', '3000.00', '1400.00', '1600.00', '', '46.7%', ''],
      ['Total', '', '3000.00', '1400.00', '1600.00', '', '46.7%', ''],
    ]);
    expect(csv.lines[2]?.split(',').slice(1, 4)).toEqual([tenant.email, home.address, 'Loft']);

    // On a phone: the same months as a list (the month, its status, what was due and received, the balance at the
    // end), axe clean, nothing wider than the screen, and no table code asked for.
    const phone = await browser.newPage(PHONE);
    const chunksOf = recordChunks(phone.page);
    await signInAt(phone.page, org.email, rentRoll);
    await phone.page.getByTestId('rent-roll-totals').waitFor();
    await revealBelowTheFold(phone.page);
    const months = phone.page.getByTestId('rent-roll-lease').getByTestId('rent-roll-month');
    await months.nth(2).waitFor();
    expect(await months.count()).toBe(3);
    const monthText = (i: number) =>
      months.nth(i).locator('.rt-list-item-main > *, .rt-list-end > *').allTextContents();
    expect(await monthText(0)).toEqual([
      monthName(first),
      'Paid',
      'Due $1,000.00 · Received $0.00',
      '$1,000.00',
      'Balance',
    ]);
    expect(await monthText(1)).toEqual([
      monthName(second),
      'Partly paid',
      'Due $1,000.00 · Received $1,000.00',
      '$0.00',
      'Balance',
    ]);
    expect(await monthText(2)).toEqual([
      monthName(third),
      'Late',
      'Due $1,000.00 · Received $400.00',
      '$600.00',
      'Balance',
    ]);
    expect(await phone.page.getByTestId('rent-roll-totals').textContent()).toContain('46.7%');
    // The months' rent as bars, due above received on one scale, what came in of what was due at the end; a phone
    // never loads Cloudscape's chart.
    const monthBars = (month: string, amount: string, shares: [number, number]) =>
      shares.map((share) => ({ label: monthName(month), amount, share }));
    expect(await drawnBars(phone.page.getByTestId('rent-roll-chart'))).toEqual([
      ...monthBars(first, '$0 of $1,000', [1, 0]),
      ...monthBars(second, '$1,000 of $1,000', [1, 1]),
      ...monthBars(third, '$400 of $1,000', [1, 0.4]),
    ]);
    await expectAccessible(phone.page, 'rent roll at 390px');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(chunksOf('LeaseMonthsTable')).toEqual([]);
    expect(chunksOf('RentChart')).toEqual([]);
    await phone.context.close();
  });
});
