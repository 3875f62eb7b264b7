import { beforeAll, describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { type Api, team } from '../support/members.js';

/**
 * The dashboard's key figures (docs/reports-and-tax.md "Dashboard"): route x role x another organization, and
 * hand-worked figures for this month — the same NOI and cash flow as the cash flow report, rent collected on the
 * leases, occupancy in unit-days, and the counts that need attention (uncategorized, waiting on me, open maintenance).
 */
type Team = Awaited<ReturnType<typeof team>>;
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => today().slice(0, 7);
const PERIOD = () => `from=${thisMonth()}&to=${thisMonth()}`;

async function ok(res: Promise<{ status: number; body: Record<string, unknown> }>, status = 201) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as Record<string, any>;
}
const txn = (api: Api, propertyId: string | null, amount: number, category: string | null) =>
  ok(
    api.post('/api/transactions', {
      name: `Dashboard ${category} ${amount}`,
      date: today(),
      amount,
      category,
      propertyId,
    }),
  );

let w: Team;
let duplex: string;
beforeAll(async () => {
  w = await team();
  const api = w.admin.api;
  duplex = (await ok(api.post('/api/properties', { address: '2 Duplex Drive', numberOfUnits: 2 }))).id;
  // One of the two units is let from before this month, with no end: half the unit-days are occupied.
  await ok(
    api.post(`/api/properties/${duplex}/leases`, {
      userId: w.tenant.userId,
      unitLabel: 'A',
      leaseStart: '2020-01-01',
      leaseEnd: null,
      monthlyRent: 1000,
      securityDeposit: 0,
    }),
  );
  await txn(api, duplex, 600, 'rental_income');
  await txn(api, duplex, -250.5, 'repairs');
  await txn(api, duplex, -400, 'mortgage');
  const unsorted = await txn(api, null, -12.34, null);
  await ok(
    api.post(`/api/transactions/${unsorted.transaction.id}/reviews`, {
      reviewerId: w.landlord.userId,
      body: 'What is this?',
    }),
  );
  await ok(api.post('/api/maintenance', { title: 'Dripping tap', description: 'Unit A', propertyId: duplex }));
});

describe('GET /api/dashboard', () => {
  it("has this month's figures, equal to the cash flow report's", async () => {
    const summary = await ok(w.admin.api.get(`/api/dashboard?${PERIOD()}`), 200);
    const report = await ok(w.admin.api.get(`/api/reports/cash-flow?${PERIOD()}`), 200);
    expect(summary.figures).toEqual(report.figures);
    expect(summary.figures).toMatchObject({ income: 600, operatingExpenses: 250.5, noi: 349.5, debtService: 400 });
  });

  it('has rent collected on the leases, occupancy in unit-days, and what needs attention', async () => {
    const summary = await ok(w.admin.api.get(`/api/dashboard?${PERIOD()}`), 200);
    expect(summary.collection).toEqual({ month: thisMonth(), due: 1000, received: 600 });
    const days = Number(today().slice(8, 10));
    expect(summary.occupancy).toEqual({ unitDays: 2 * days, occupiedUnitDays: days });
    // Rent of $1,000 due on the 1st since January 2020, 5 days' grace, $600 paid (the oldest month first).
    const [year, month] = thisMonth().split('-').map(Number) as [number, number];
    const lateMonths = (year - 2020) * 12 + month - (days > 6 ? 0 : 1);
    expect(summary.attention).toEqual({
      uncategorized: 1,
      waitingOnMe: 0,
      openMaintenance: 1,
      connectionsToReconnect: 0,
      expensesWithoutReceipt: 2,
      overdueRent: { leases: 1, amount: lateMonths * 1000 - 600 },
      noLandValue: [],
    });
    // The review request waits on the landlord, not on the admin who asked.
    const landlords = await ok(w.landlord.api.get(`/api/dashboard?${PERIOD()}`), 200);
    expect(landlords.attention).toMatchObject({ waitingOnMe: 1 });
  });

  it('narrows to one property: its money, its leases', async () => {
    const summary = await ok(w.admin.api.get(`/api/dashboard?${PERIOD()}&propertyId=${duplex}`), 200);
    expect(summary.figures).toMatchObject({ income: 600, noi: 349.5 });
    expect(summary.attention).toMatchObject({ uncategorized: 0 });
    const none = await ok(w.admin.api.get(`/api/dashboard?${PERIOD()}&propertyId=none`), 200);
    expect(none.collection).toMatchObject({ due: 0, received: 0 });
    expect(none.occupancy).toEqual({ unitDays: 0, occupiedUnitDays: 0 });
    expect(none.attention).toMatchObject({ uncategorized: 1 });
  });

  it('is for staff: a tenant gets 403, another organization 404 for our property and none of our money', async () => {
    for (const who of [w.landlord, w.manager])
      expect((await who.api.get(`/api/dashboard?${PERIOD()}`)).status).toBe(200);
    expect((await w.tenant.api.get(`/api/dashboard?${PERIOD()}`)).status).toBe(403);
    const other = await newAdmin('other-dashboard');
    expect((await other.api.get(`/api/dashboard?${PERIOD()}&propertyId=${duplex}`)).status).toBe(404);
    const theirs = await ok(other.api.get(`/api/dashboard?${PERIOD()}`), 200);
    expect(theirs.figures).toMatchObject({ income: 0, noi: 0 });
    expect(theirs.attention).toEqual({
      uncategorized: 0,
      waitingOnMe: 0,
      openMaintenance: 0,
      connectionsToReconnect: 0,
      expensesWithoutReceipt: 0,
      overdueRent: { leases: 0, amount: 0 },
      noLandValue: [],
    });
  });

  it("counts only the period's months in its figures, and every month of the leases in their rent", async () => {
    // One rollup read serves both: the leases' months (since 2020) hold the period's.
    const t = await team();
    const api = t.admin.api;
    const flat = (await ok(api.post('/api/properties', { address: '5 Earlier Street' }))).id;
    const lease = { userId: t.tenant.userId, leaseStart: '2020-01-01', leaseEnd: null, monthlyRent: 1000 };
    await ok(api.post(`/api/properties/${flat}/leases`, { ...lease, securityDeposit: 0 }));
    const start = new Date(`${thisMonth()}-01T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 1);
    const lastMonth = start.toISOString().slice(0, 7);
    const post = (name: string, date: string, amount: number, category: string) =>
      ok(api.post('/api/transactions', { name, date, amount, category, propertyId: flat }));
    await post('Rent now', today(), 600, 'rental_income');
    await post('Rent before', `${lastMonth}-02`, 700, 'rental_income');
    await post('Repair before', `${lastMonth}-03`, -100, 'repairs');

    const days = Number(today().slice(8, 10));
    const [year, month] = thisMonth().split('-').map(Number) as [number, number];
    const owed = ((year - 2020) * 12 + month - (days > 6 ? 0 : 1)) * 1000 - 1300;
    const now = await ok(api.get(`/api/dashboard?${PERIOD()}`), 200);
    expect(now.figures).toMatchObject({ income: 600, operatingExpenses: 0 });
    expect(now.attention).toMatchObject({ expensesWithoutReceipt: 0, overdueRent: { leases: 1, amount: owed } });
    const before = await ok(api.get(`/api/dashboard?from=${lastMonth}&to=${lastMonth}`), 200);
    const report = await ok(api.get(`/api/reports/cash-flow?from=${lastMonth}&to=${lastMonth}`), 200);
    expect(before.figures).toEqual(report.figures);
    expect(before.figures).toMatchObject({ income: 700, operatingExpenses: 100 });
    expect(before.collection).toEqual({ month: thisMonth(), due: 1000, received: 600 });
    expect(before.attention).toMatchObject({ expensesWithoutReceipt: 1, overdueRent: { leases: 1, amount: owed } });
  });

  it('refuses a bad period with a 400 that says what is wrong', async () => {
    const bad = await w.admin.api.get('/api/dashboard?from=2026-05&to=2026-01');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The end month must be on or after the start month');
    expect((await w.admin.api.get('/api/dashboard')).status).toBe(400);
  });
});
