import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { joinAs } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';
import { DESKTOP, PHONE, revealBelowTheFold, settled, signInFromHeader, useBrowser } from './browser.js';
import { ledgerRow, shownTotals } from './ledger.js';
import { signInToOwnOrganization, uniqueName } from './own-org.js';

/** docs/performance.md "Layout shift": cumulative layout shift below Lighthouse's "good" threshold on every page. */
const CLS_BUDGET = 0.05;

interface Shift {
  value: number;
  startTime: number;
  sources: string[];
}

/**
 * Records every layout shift of the document from its first byte (buffered) and names the element each came from, so
 * a failure says what moved. Shifts Chromium marks as following input count too: these tests give no input while a
 * page loads, yet headless Chromium marked one (an "input" 30 ms before it) that Lighthouse counted in full.
 */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? '?');
      const test = node.closest('[data-testid]')?.getAttribute('data-testid');
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${test ? ` in [${test}]` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & LayoutShiftEntry[]) {
        shifts.push({
          value: entry.value,
          startTime: entry.startTime,
          sources: entry.sources.map((s) => describe(s.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}

/** CLS as Lighthouse and Chrome compute it: the largest session window (gaps under 1 s, at most 5 s long). */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0;
  let window = 0;
  let windowStart = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.startTime - last > 1000 || shift.startTime - windowStart > 5000) {
      window = 0;
      windowStart = shift.startTime;
    }
    window += shift.value;
    last = shift.startTime;
    worst = Math.max(worst, window);
  }
  return worst;
}

/**
 * The API answers reads only after this long, as on a phone's network: every loading state is then painted before
 * its data arrives (on this machine the data can otherwise land before the first paint and hide a shift).
 */
const SLOW_READ_MS = 600;

/** Loads `path` afresh, waits until `ready` shows its data and the page has settled, and returns what shifted. */
async function shiftsOf(page: Page, path: string, ready: () => Promise<unknown>) {
  await page.route('**/api/**', async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, SLOW_READ_MS));
    await route.fallback();
  });
  await page.goto(path);
  await ready();
  // Late shifts (fonts swapping, a second query landing, what renders after them) come before the page settles.
  await settled(page);
  // Every answer held back is in by now; a handler still running holds a request of the page left, which the browser
  // has cancelled: nothing to wait for, and what it then throws is of no interest.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

describe('no layout shift while a page loads its data, in an organization of its own', () => {
  const browser = useBrowser();

  for (const [form, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`keeps CLS below ${CLS_BUDGET} on /dashboard, /transactions, /properties and the notification settings (${form})`, async () => {
      const { page } = await browser.newPage(viewport);
      const org = await signInToOwnOrganization(page, `cls-${form}`);
      const property = await org.addProperty({ address: uniqueName('12 Shift Street') });
      const names = [uniqueName('Rent'), uniqueName('Water bill'), uniqueName('Roof repair')];
      for (const [i, name] of names.entries())
        await org.addTransaction({
          name,
          date: `2024-0${i + 1}-05`,
          amount: i === 0 ? 1800 : -120 * (i + 1),
          category: i === 0 ? 'rental_income' : 'utilities',
          propertyId: property.id,
        });
      await recordLayoutShifts(page);

      const dashboard = await shiftsOf(page, '/dashboard', () =>
        expect.poll(() => page.getByTestId('dashboard-property-count').textContent()).toBe('1'),
      );
      expect(cumulativeLayoutShift(dashboard), `/dashboard ${form}: ${JSON.stringify(dashboard)}`).toBeLessThan(
        CLS_BUDGET,
      );

      const ledger = await shiftsOf(page, '/transactions', async () => {
        await ledgerRow(page, names[2]!).waitFor();
        await expect.poll(() => shownTotals(page)).toMatchObject({ count: '3' });
      });
      expect(cumulativeLayoutShift(ledger), `/transactions ${form}: ${JSON.stringify(ledger)}`).toBeLessThan(
        CLS_BUDGET,
      );

      // One property (a page shorter than the screen), then a screenful: the rows arrive under the loading row and
      // push whatever is below them, down to the footer.
      const propertyShown = () =>
        // A table row on a desktop, a list item on a phone.
        page
          .getByTestId('properties-table')
          .locator('tr, [data-testid="property-item"]')
          .filter({ hasText: property.address })
          .waitFor();
      const shortList = await shiftsOf(page, '/properties', propertyShown);
      expect(cumulativeLayoutShift(shortList), `/properties ${form}: ${JSON.stringify(shortList)}`).toBeLessThan(
        CLS_BUDGET,
      );
      await Promise.all(
        Array.from({ length: 11 }, (_, i) => org.addProperty({ address: uniqueName(`${i + 20} Shift Street`) })),
      );
      const properties = await shiftsOf(page, '/properties', propertyShown);
      expect(cumulativeLayoutShift(properties), `/properties ${form}: ${JSON.stringify(properties)}`).toBeLessThan(
        CLS_BUDGET,
      );
      // The email choices hold their place while they load: the section below them stays put.
      const notifications = await shiftsOf(page, '/settings/notifications', () =>
        expect.poll(() => page.getByTestId('notifications-email').getAttribute('data-loading')).toBe('false'),
      );
      expect(notifications.filter((shift) => shift.sources.some((s) => s.includes('[notifications-current]')))).toEqual(
        [],
      );
      // The footer starts below the first screen and stays there, however short the page.
      const footerShifts = [...dashboard, ...ledger, ...shortList, ...properties, ...notifications].filter((shift) =>
        shift.sources.some((source) => source.startsWith('footer#rt-footer')),
      );
      expect(footerShifts).toEqual([]);
    });
  }
});

// Maintenance: the tenant's list on a phone and the staff table, each with one request.
describe('no layout shift on /maintenance', () => {
  const browser = useBrowser();

  it(`keeps CLS below ${CLS_BUDGET} for a tenant on a phone and for staff on a desktop`, async () => {
    const staff = await browser.newPage(DESKTOP);
    const org = await signInToOwnOrganization(staff.page, 'cls-maint');
    const home = await org.addProperty({ address: uniqueName('3 Quiet Close') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
    await leaseTo(org.organization.id, tenant.userId, home.id);
    const title = uniqueName('Squeaky door');
    const created = await tenant.api.post('/api/maintenance', { title, description: 'It squeaks' });
    expect(created.status).toBe(201);

    await recordLayoutShifts(staff.page);
    const table = await shiftsOf(staff.page, '/maintenance', () =>
      staff.page.getByTestId('maintenance-table').locator('tbody tr', { hasText: title }).waitFor(),
    );
    expect(cumulativeLayoutShift(table), `/maintenance staff: ${JSON.stringify(table)}`).toBeLessThan(CLS_BUDGET);

    const phone = await browser.newPage(PHONE);
    await signInFromHeader(phone.page, tenant.email);
    await recordLayoutShifts(phone.page);
    const list = await shiftsOf(phone.page, '/maintenance', () =>
      phone.page.getByTestId('tenant-request').filter({ hasText: title }).waitFor(),
    );
    expect(cumulativeLayoutShift(list), `/maintenance tenant: ${JSON.stringify(list)}`).toBeLessThan(CLS_BUDGET);
  });
});

// Org Settings on Lighthouse's desktop screen: the members' rows arrive above the Leave container and the invitations.
describe('no layout shift on Org Settings', () => {
  const browser = useBrowser();

  it(`keeps CLS below ${CLS_BUDGET} and the sections under the members in place (desktop)`, async () => {
    const { page } = await browser.newPage({ width: 1350, height: 940 });
    const org = await signInToOwnOrganization(page, 'cls-members');
    for (const role of ['ADMIN', 'PROPERTY_MANAGER', 'TENANT'] as const)
      await joinAs(org.organization.id, role, 'cls-member');
    const last = await joinAs(org.organization.id, 'TENANT', 'cls-member');

    await recordLayoutShifts(page);
    const shifts = await shiftsOf(page, '/org-settings', async () => {
      await page.getByTestId('members-table').getByText(last.email).waitFor();
      await page.getByTestId('member-leave').waitFor();
    });
    expect(cumulativeLayoutShift(shifts), `/org-settings: ${JSON.stringify(shifts)}`).toBeLessThan(CLS_BUDGET);
    const sources = shifts.flatMap((shift) => shift.sources);
    expect(sources.filter((source) => /Leave organization|\[invitations-table\]/.test(source))).toEqual([]);
  });
});

// The rules page and the rent roll tab on a phone: a list arriving above another section must not push it.
describe('no layout shift on the rules page and the rent roll', () => {
  const browser = useBrowser();

  it(`keeps CLS below ${CLS_BUDGET} on a phone`, async () => {
    const { page } = await browser.newPage(PHONE);
    const org = await signInToOwnOrganization(page, 'cls-books');
    const home = await org.addProperty({ address: uniqueName('8 Steady Row') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
    await leaseTo(org.organization.id, tenant.userId, home.id);
    const ruleNames = Array.from({ length: 6 }, (_, i) => uniqueName(`Steady rule ${i}`));
    for (const [i, name] of ruleNames.entries()) {
      const created = await org.api.post('/api/categorization-rules', {
        name,
        namePattern: `steady vendor ${i}`,
        category: 'repairs',
        priority: i,
        isActive: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    await recordLayoutShifts(page);

    const rules = await shiftsOf(page, '/transactions/rules', async () => {
      await page.getByTestId('rule-row-name').filter({ hasText: ruleNames[5]! }).waitFor();
      await page.getByTestId('rule-batches-table').waitFor();
    });
    expect(cumulativeLayoutShift(rules), `/transactions/rules: ${JSON.stringify(rules)}`).toBeLessThan(CLS_BUDGET);

    // Each lease renders as it comes near the screen: scrolled to, none of them moves what is in view.
    const rentRoll = await shiftsOf(page, '/reports?tab=rent-roll', async () => {
      await page.getByTestId('rent-roll-totals').waitFor();
      await revealBelowTheFold(page);
      await page.getByTestId('rent-roll-lease').first().waitFor();
    });
    expect(cumulativeLayoutShift(rentRoll), `rent roll: ${JSON.stringify(rentRoll)}`).toBeLessThan(CLS_BUDGET);

    // The other tabs, each loaded as its own page (a tab is in the address, so a link or a bookmark opens it).
    for (const [tab, ready] of [
      ['schedule-e', 'schedule-e-lines'],
      ['depreciation', 'depreciation-total-'],
      ['aging', 'aging-'],
      ['deposits', 'deposits-'],
      ['transactions-by-category', 'detail-'],
    ] as const) {
      const shifts = await shiftsOf(page, `/reports?tab=${tab}`, async () => {
        await page.locator(`[data-testid^="${ready}"]`).first().waitFor();
        // The sections the page shows by itself near the first screen have shown before the test scrolls to the
        // rest: a jump made while the browser is still busy would land on a place before its own observer did.
        await settled(page);
        await revealBelowTheFold(page);
      });
      expect(cumulativeLayoutShift(shifts), `${tab}: ${JSON.stringify(shifts)}`).toBeLessThan(CLS_BUDGET);
    }
  });
});

// A report's property choice shows an address only once the report answers: placeholder and address take one width.
describe("no layout shift from a report's property choice", () => {
  const browser = useBrowser();

  it('keeps the Schedule E worksheet in place on a phone when a long address arrives', async () => {
    const { page } = await browser.newPage(PHONE);
    const org = await signInToOwnOrganization(page, 'cls-picker');
    await org.addProperty({ address: uniqueName('8 Steady Row, Springfield, IL 62704') });
    await recordLayoutShifts(page);
    const shifts = await shiftsOf(page, '/reports?tab=schedule-e', () =>
      page.getByTestId('schedule-e-lines').waitFor(),
    );
    expect(cumulativeLayoutShift(shifts), `schedule-e: ${JSON.stringify(shifts)}`).toBeLessThan(CLS_BUDGET);
  });
});
