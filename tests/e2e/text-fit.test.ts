import { randomUUID } from 'node:crypto';
import { fillPath, routes, shiftMonth } from '@rent/shared';
import type { Page } from 'playwright-core';
import { describe, type ExpectStatic, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { client, signIn } from '../support/api.js';
import { latestInviteToken } from '../support/invitations.js';
import { joinAs, type Person } from '../support/members.js';
import { openInApp, PHONE, signInFromHeader, useBrowser } from './browser.js';
import { type OwnOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';
import { type FitProblem, textFitProblems } from './text-fit.js';

/**
 * docs/product.md "Words and columns": on every page, at a phone's, a laptop's and a large screen's width, as each
 * kind of person, no visible word breaks inside itself and no table column's content is cut off. One organization
 * of its own holds what makes the texts long: invitations in each state, a lease with a monthly fee and a late fee
 * and paid, partly paid and late months, a security deposit held short of what the lease asks, exact amounts, a
 * maintenance request, and security logs with sign-ins. The report tabs include Aging and Security deposits; the
 * import wizard's review step, a property's leases drawer with the lease's edit form (its fee rows) and its ledger,
 * and the tenant's Rental History with its ledger are looked at too.
 */
const WIDTHS = [PHONE, { width: 1366, height: 768 }, { width: 1920, height: 1080 }] as const;

type Role = 'admin' | 'manager' | 'tenant';

interface World {
  org: OwnOrganization;
  adminPage: Page;
  manager: string;
  tenant: Person;
  address: string;
  expense: string;
}

/** A page, what shows that its data has arrived, and who sees it. */
interface Stop {
  path: string;
  roles: Role[];
  ready?: (world: World) => string;
  /** Opened one after another on the page after the first look (a wizard step, a drawer), each looked at. */
  open?: Opener[];
}

/** A view opened on a page for staff, and which of them have it (the lease's edit form is ADMIN and LANDLORD's). */
interface Opener {
  roles: Role[];
  /** `check` is the running test's expect (the sweeps run side by side). */
  run: (page: Page, world: World, check: ExpectStatic) => Promise<void>;
}

// A manager's pages are the admin's with fewer actions: they are swept where their content differs.
const STAFF: Role[] = ['admin', 'manager'];
const ADMIN: Role[] = ['admin'];
const EVERYONE: Role[] = ['admin', 'manager', 'tenant'];
const REPORT_TABS = ['profit-and-loss', 'schedule-e', 'depreciation', 'rent-roll', 'transactions-by-category'];
// Tabs whose tables show the seeded lease once their report has arrived: its property's address.
const LEASE_REPORT_TABS = ['aging', 'deposits'];

const STOPS: Stop[] = [
  { path: '/dashboard', roles: STAFF },
  {
    path: '/properties',
    roles: STAFF,
    ready: (w) => w.address,
    open: [
      { roles: STAFF, run: openLeases },
      { roles: ADMIN, run: editLease },
      { roles: STAFF, run: openLeaseLedger },
    ],
  },
  { path: '/transactions', roles: STAFF, ready: (w) => w.expense, open: [{ roles: STAFF, run: reviewImport }] },
  { path: '/transactions/rules', roles: ADMIN },
  { path: '/cash-flow', roles: ADMIN },
  ...REPORT_TABS.map((tab): Stop => ({ path: `/reports?tab=${tab}`, roles: ADMIN })),
  ...LEASE_REPORT_TABS.map((tab): Stop => ({ path: `/reports?tab=${tab}`, roles: ADMIN, ready: (w) => w.address })),
  { path: '/maintenance', roles: EVERYONE },
  { path: '/org-settings', roles: EVERYONE },
  { path: '/rental-history', roles: ['tenant'], ready: () => 'Parking space and storage' },
  { path: '/settings/account', roles: ['admin', 'tenant'] },
  { path: '/settings/preferences', roles: ['admin'] },
  { path: '/settings/notifications', roles: ['admin', 'tenant'] },
  { path: '/settings/security', roles: EVERYONE, ready: () => 'Succeeded' },
  { path: '/help', roles: ['admin'] },
  { path: '/terms-of-service', roles: ['admin'] },
  { path: '/privacy-policy', roles: ['admin'] },
];

/** The property's Tenants and leases drawer (its lease shows as Active). */
async function openLeases(page: Page, world: World) {
  await page.getByRole('radio', { name: world.address }).click();
  await page.getByTestId('property-leases').click();
  await page.getByTestId('leases-table').getByText('Apt 3B').waitFor();
}

/** The lease's edit form below the list, filled with its fee and late fee. */
async function editLease(page: Page, _world: World, check: ExpectStatic) {
  await page.getByTestId('lease-edit').click();
  const fee = page.getByTestId('lease-form').getByTestId('lease-fee-label').locator('input').first();
  await check.poll(() => fee.inputValue()).toBe(FEE);
}

/** The lease's ledger in the drawer: its rent, fee and late fee lines. */
async function openLeaseLedger(page: Page) {
  await page.getByTestId('lease-ledger-open').click();
  await page.getByTestId('ledger-lines').getByText(FEE).first().waitFor();
}

/** The import wizard up to its review table, with the amounts and names of a real bank file. */
async function reviewImport(page: Page) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const wizard = page.getByTestId('import-wizard');
  await page
    .getByTestId('import-file')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Date,Description,Amount',
          '2024-05-03,Commonwealth Edison Electric,-1185.40',
          '2024-05-07,Northern Illinois Plumbing Supply,-12450.75',
          '2024-05-12,Security deposit refund,1850.00',
        ].join('\r\n'),
      ),
    });
  await page.getByTestId('import-file-summary').getByText('CSV file: 3 rows').waitFor();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('import-mapping-preview').getByText('Preview: 3 rows read').waitFor();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('import-review').getByText('Northern Illinois Plumbing Supply').waitFor();
}

/** A monthly fee whose name is long enough to wrap in a ledger's Description column. */
const FEE = 'Parking space and storage';

async function seed(page: Page): Promise<World> {
  const org = await signInToOwnOrganization(page, 'text-fit');
  const address = uniqueName('1450 North Lakeshore Drive');
  const home = await org.addProperty({ address });
  const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
  const thisMonth = new Date().toISOString().slice(0, 7);
  const [first, second, third] = [-3, -2, -1].map((n) => shiftMonth(thisMonth, n)) as [string, string, string];
  const lease = await org.api.post(fillPath(routes.createLease.path, { id: home.id }), {
    userId: tenant.userId,
    unitLabel: 'Apt 3B',
    leaseStart: `${first}-01`,
    monthlyRent: 1850,
    securityDeposit: 1850,
    fees: [{ label: FEE, amount: 75, frequency: 'monthly' }],
    lateFee: { mode: 'fixed', amount: 50 },
  });
  expect(lease.status, JSON.stringify(lease.body)).toBe(201);
  // Part of the deposit held: the Security deposits tab then says what the difference means.
  await org.addTransaction({
    name: uniqueName('Deposit Apt 3B'),
    date: `${first}-01`,
    amount: 1000,
    category: 'security_deposit',
    propertyId: home.id,
  });
  // The first month unpaid (Late), the second paid, the third partly paid.
  await org.addTransaction({
    name: uniqueName('Rent Apt 3B'),
    date: `${second}-02`,
    amount: 1850,
    category: 'rental_income',
    propertyId: home.id,
  });
  await org.addTransaction({
    name: uniqueName('Part rent Apt 3B'),
    date: `${third}-04`,
    amount: 740.5,
    category: 'rental_income',
    propertyId: home.id,
  });
  // Over $75 without a receipt, and one nobody has categorized yet.
  const expense = uniqueName('Roof repair');
  const repair = await org.addTransaction({ name: expense, date: `${third}-09`, amount: -1185.4, propertyId: home.id });
  await org.addTransaction({
    name: uniqueName('Hardware'),
    date: `${third}-11`,
    amount: -12450.75,
    category: 'repairs',
  });

  // Invitations: one pending, one revoked, and the manager's, accepted.
  const invite = async (email: string, role: string) => {
    const response = await org.api.post(routes.createInvitation.path, { email, role });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string };
  };
  const fresh = (label: string) => `e2e-${label}-${randomUUID().slice(0, 8)}@example.com`;
  await invite(fresh('pending'), 'LANDLORD');
  const revoked = await invite(fresh('revoked'), 'PROPERTY_MANAGER');
  expect((await org.api.post(fillPath(routes.revokeInvitation.path, { id: revoked.id }), {})).status).toBe(200);
  const manager = fresh('manager');
  await invite(manager, 'PROPERTY_MANAGER');
  const token = await latestInviteToken(manager);
  const accepted = await client((await signIn(manager)).idToken).post(routes.acceptInvitation.path, { token });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  // The ledger's Status column at its fullest: "Needs review".
  const review = await org.api.post(fillPath(routes.requestReview.path, { id: repair.id }), {
    reviewerId: localSubFor(manager),
    body: 'Is this the whole roof or only the flashing?',
  });
  expect(review.status, JSON.stringify(review.body)).toBe(201);

  const request = await tenant.api.post(routes.createMaintenance.path, {
    title: uniqueName('Kitchen faucet leaking under the sink'),
    description: 'Water pools in the cabinet overnight.',
  });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  return { org, adminPage: page, manager, tenant, address, expense };
}

/**
 * A tenant's month and its rent status side by side on any screen: the table's Status header (a desktop) or the
 * first month's status (a phone's list) is in view unscrolled.
 */
async function statusInView(page: Page, label: string): Promise<string[]> {
  const status = page
    .getByTestId('rental-months')
    .locator('thead th', { hasText: 'Status' })
    .or(page.getByTestId('rental-month-status'))
    .first();
  const box = await status.boundingBox();
  const width = page.viewportSize()!.width;
  return box && box.x + box.width <= width ? [] : [`${label} /rental-history: the Status column is off screen`];
}

/** Every stop of a role at one width: what reads wrong, each prefixed with where it was seen. */
async function sweep(page: Page, role: Role, world: World, label: string, check: ExpectStatic): Promise<string[]> {
  const found: string[] = [];
  const record = (stop: string, problems: FitProblem[]) => {
    for (const p of problems) found.push(`${label} ${stop}: ${p.kind} "${p.text}" (${p.where})`);
  };
  for (const [index, stop] of STOPS.filter((s) => s.roles.includes(role)).entries()) {
    // Loaded afresh at each width, then moved through as a person does, inside the app.
    if (index === 0) await page.goto(stop.path);
    else await openInApp(page, stop.path);
    const ready = stop.ready?.(world);
    if (ready) await page.getByText(ready, { exact: false }).first().waitFor();
    record(stop.path, await textFitProblems(page));
    if (stop.path === '/rental-history') found.push(...(await statusInView(page, label)));
    for (const opener of stop.open?.filter((o) => o.roles.includes(role)) ?? []) {
      await opener.run(page, world, check);
      record(`${stop.path} (${opener.run.name})`, await textFitProblems(page));
    }
  }
  return found;
}

describe('every word on one line and every table column whole, on every page', () => {
  const browser = useBrowser();
  // Seeded by whichever test runs first (expect.poll, which seeding uses, works only inside a test).
  let seeded: Promise<World> | undefined;
  const theWorld = () => {
    seeded ??= browser.newPage(WIDTHS[1]).then(({ page }) => seed(page));
    return seeded;
  };
  const emailOf = (world: World, role: Role) =>
    role === 'admin' ? world.org.email : role === 'manager' ? world.manager : world.tenant.email;

  // The three people's sweeps run side by side, each in pages of its own: most of a sweep is waiting for a page's
  // network to go quiet, which one sweep can spend while another measures.
  for (const role of ['admin', 'manager', 'tenant'] as const) {
    it.concurrent(`as ${role}, at ${WIDTHS.map((w) => w.width).join(', ')} px`, async ({ expect }) => {
      const world = await theWorld();
      const found: string[] = [];
      for (const viewport of WIDTHS) {
        // The admin's desktop session from seeding serves both desktop widths; a phone is a context of its own.
        const reuse = role === 'admin' && viewport.width !== PHONE.width;
        const opened = reuse ? null : await browser.newPage(viewport);
        const page = opened?.page ?? world.adminPage;
        if (opened) await signInFromHeader(page, emailOf(world, role));
        else await page.setViewportSize(viewport);
        found.push(...(await sweep(page, role, world, `${role} ${viewport.width}px`, expect)));
        // Dark mode draws the same words; one width is enough to see that nothing it changes breaks them.
        if (role === 'admin' && viewport.width === PHONE.width) {
          await page.evaluate(() => localStorage.setItem('theme', 'dark'));
          for (const path of ['/org-settings', '/settings/security']) {
            await page.goto(path);
            for (const p of await textFitProblems(page))
              found.push(`${role} 390px dark ${path}: ${p.kind} "${p.text}" (${p.where})`);
          }
        }
        await opened?.context.close();
      }
      expect(found).toEqual([]);
    }, 600_000);
  }
});
