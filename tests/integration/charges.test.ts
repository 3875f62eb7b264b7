import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, CHARGE_LOOKAHEAD_DAYS, shiftMonth } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { type Api, joinAs, type Person, team } from '../support/members.js';

// In-process, the job runs against the same DynamoDB Local (support/members.js points the repositories at it).
const { postOrganizationCharges } = await import('../../functions/src/services/tenancy/charges.js');
const { db, tableName } = await import('../../functions/src/data/client.js');
const { keys } = await import('../../functions/src/data/keys.js');

/**
 * Charges and the tenant ledger (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): charges posted at
 * once and by the job exactly once however many runs at a time, late fees after the grace days and never while money
 * is pending, waivers by owners only, a lease edit that reprices only what is not yet due, and who reads what.
 */
type Team = Awaited<ReturnType<typeof team>>;
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => today().slice(0, 7);
const monthsAgo = (n: number) => `${shiftMonth(thisMonth(), -n)}-01`;
/** Next month's charges are posted CHARGE_LOOKAHEAD_DAYS before their due date (the 1st here). */
const nextMonthPosted = () => addDays(today(), CHARGE_LOOKAHEAD_DAYS) >= `${shiftMonth(thisMonth(), 1)}-01`;
/** Due on the 1st with 5 grace days: is this month's rent late today? */
const lateThisMonth = () => Number(today().slice(8, 10)) > 6;

async function ok<T = Record<string, unknown>>(res: Promise<{ status: number; body: unknown }>, status = 200) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}
interface Line {
  date: string;
  kind: string;
  label: string;
  amount: number;
  balance: number;
  code: string | null;
  waived: boolean;
  note: string | null;
}
interface Ledger {
  lines: Line[];
  totals: { charged: number; paid: number; balance: number; owedNow: number; credit: number };
  next: { dueDate: string; amount: number; label: string } | null;
}

let w: Team;
let x: Team;
let home: string;
let renter: Person;
let leaseId: string;
const addLease = async (api: Api, propertyId: string, userId: string, body: Record<string, unknown>) =>
  (
    await ok<{ lease: { id: string; version: number } }>(
      api.post(`/api/properties/${propertyId}/leases`, { userId, monthlyRent: 1000, securityDeposit: 0, ...body }),
      201,
    )
  ).lease;
const ledger = (api: Api, id: string) => ok<Ledger>(api.get(`/api/leases/${id}/ledger`));
const chargeItems = async (orgId: string, id: string) =>
  (await partition(`ORG#${orgId}`)).filter((i) => String(i.SK).startsWith(`CHARGE#${id}#`));

beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
  home = (
    await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Charge Lane` }), 201)
  ).id;
  renter = await joinAs(w.orgId, 'TENANT', 'charged');
  leaseId = (
    await addLease(w.admin.api, home, renter.userId, {
      leaseStart: monthsAgo(3),
      fees: [{ label: 'Parking', amount: 50, frequency: 'monthly' }],
      lateFee: { mode: 'fixed', amount: 25 },
    })
  ).id;
});

describe('charges', () => {
  it('a new lease is charged at once for every month so far: rent and fees, and late fees for the open months', async () => {
    const { lines, totals } = await ledger(w.landlord.api, leaseId);
    const months = [3, 2, 1, 0].map((n) => shiftMonth(thisMonth(), -n));
    const lateMonths = months.slice(0, lateThisMonth() ? 4 : 3);
    const next = nextMonthPosted() ? 1 : 0;
    expect(lines.filter((l) => l.kind === 'rent').map((l) => l.date)).toEqual([
      ...months.map((m) => `${m}-01`),
      ...(next ? [`${shiftMonth(thisMonth(), 1)}-01`] : []),
    ]);
    expect(lines.filter((l) => l.kind === 'fee')).toHaveLength(4 + next);
    expect(lines.filter((l) => l.kind === 'late_fee').map((l) => [l.date, l.amount, l.label])).toEqual(
      lateMonths.map((m) => [`${m}-07`, 25, `Late fee, ${m} rent`]),
    );
    const charged = (4 + next) * 1050 + lateMonths.length * 25;
    expect(totals).toEqual({
      charged,
      paid: 0,
      balance: charged,
      owedNow: charged - next * 1050,
      credit: 0,
    });
    expect(lines.at(-1)!.balance).toBe(charged);
  });

  it('the job posts each charge exactly once, however many runs at a time', async () => {
    const before = await chargeItems(w.orgId, leaseId);
    await Promise.all(Array.from({ length: 5 }, () => postOrganizationCharges(w.orgId, today())));
    const after = await chargeItems(w.orgId, leaseId);
    expect(after.map((i) => i.SK).sort()).toEqual(before.map((i) => i.SK).sort());
    // A day further on, the job posts what became due then, once.
    const later = addDays(today(), 40);
    await Promise.all(Array.from({ length: 3 }, () => postOrganizationCharges(w.orgId, later)));
    const codes = (await chargeItems(w.orgId, leaseId)).map((i) => i.code as string);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain(`rent-${shiftMonth(thisMonth(), 1)}`);
  });

  it('payments pay the oldest charges first; an overpayment is a credit', async () => {
    const flat = (
      await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Credit Row` }), 201)
    ).id;
    const payer = await joinAs(w.orgId, 'TENANT', 'payer');
    const id = (await addLease(w.admin.api, flat, payer.userId, { leaseStart: monthsAgo(2) })).id;
    const pay = (date: string, amount: number) =>
      ok(
        w.admin.api.post('/api/transactions', {
          name: 'Rent in',
          date,
          amount,
          category: 'rental_income',
          propertyId: flat,
        }),
        201,
      );
    await pay(`${shiftMonth(thisMonth(), -2)}-03`, 1500);
    expect((await ledger(w.admin.api, id)).totals).toMatchObject({ paid: 1500 });
    await pay(`${shiftMonth(thisMonth(), -1)}-03`, 2000);
    const { totals, lines } = await ledger(w.admin.api, id);
    const charged = nextMonthPosted() ? 4000 : 3000;
    expect(totals).toEqual({
      charged,
      paid: 3500,
      balance: charged - 3500,
      owedNow: 0,
      credit: Math.max(0, 3500 - charged),
    });
    expect(lines.filter((l) => l.kind === 'payment').map((l) => l.amount)).toEqual([-1500, -2000]);
  });
});

describe('late fees', () => {
  it('are not posted while money the bank has not posted yet is coming in; then they are', async () => {
    const other = await team();
    const flat = (
      await ok<{ id: string }>(other.admin.api.post('/api/properties', { address: `${randomUUID()} Pending Way` }), 201)
    ).id;
    const pending = keys.bankPending(other.orgId, 'pending-rent');
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...pending,
          transactionId: 'pending-rent',
          bankAccountId: null,
          amount: 100_000,
          date: today(),
          merchantKey: 'tenant',
        },
      }),
    );
    const id = (
      await addLease(other.admin.api, flat, other.tenant.userId, {
        leaseStart: monthsAgo(2),
        lateFee: { mode: 'percent', percent: 5 },
      })
    ).id;
    const feesOf = async () => (await ledger(other.admin.api, id)).lines.filter((l) => l.kind === 'late_fee');
    expect(await feesOf()).toEqual([]);
    await postOrganizationCharges(other.orgId, today());
    expect(await feesOf()).toEqual([]);

    await db.send(new DeleteCommand({ TableName: tableName(), Key: pending }));
    await postOrganizationCharges(other.orgId, today());
    expect((await feesOf()).map((l) => l.amount)).toEqual(Array(lateThisMonth() ? 3 : 2).fill(50));
  });

  it('owners waive one (recorded on the ledger), managers may not, and the job never posts it again', async () => {
    const code = `late-${shiftMonth(thisMonth(), -3)}`;
    const refused = await w.manager.api.post(`/api/leases/${leaseId}/charges/${code}/waive`, {});
    expect(refused.status).toBe(403);
    const waived = await ok<Ledger>(w.landlord.api.post(`/api/leases/${leaseId}/charges/${code}/waive`, {}));
    const line = waived.lines.find((l) => l.code === code)!;
    expect(line).toMatchObject({ kind: 'late_fee', amount: 0, waived: true });
    expect(line.note).toMatch(new RegExp(`^Waived by .+ on ${today()}$`));
    expect((await w.admin.api.post(`/api/leases/${leaseId}/charges/${code}/waive`, {})).status).toBe(404);
    expect((await w.admin.api.post(`/api/leases/${leaseId}/charges/rent-${thisMonth()}/waive`, {})).status).toBe(404);
    await postOrganizationCharges(w.orgId, addDays(today(), 3));
    expect((await ledger(w.admin.api, leaseId)).lines.find((l) => l.code === code)).toMatchObject({
      waived: true,
      amount: 0,
    });
  });
});

describe('a lease edit', () => {
  it('reprices charges not yet due and keeps those already due', async () => {
    const flat = (
      await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Edit Street` }), 201)
    ).id;
    const tenant = await joinAs(w.orgId, 'TENANT', 'edited');
    // Rent due a few days from today (a due day of at most 28, as leases allow), whatever the day of the month: that
    // charge is posted (within the lookahead) and not yet due; last month's and any since are due.
    const upcoming = Array.from({ length: 4 }, (_, i) => addDays(today(), i + 1)).find(
      (d) => Number(d.slice(8)) <= 28,
    )!;
    const lease = await addLease(w.admin.api, flat, tenant.userId, {
      leaseStart: monthsAgo(1),
      rentDueDay: Number(upcoming.slice(8)),
    });
    await ok(w.admin.api.patch(`/api/leases/${lease.id}`, { version: lease.version, monthlyRent: 1200 }));
    const rents = (await ledger(w.admin.api, lease.id)).lines.filter((l) => l.kind === 'rent');
    const due = rents.filter((r) => r.date <= today());
    expect(due[0]).toMatchObject({ date: `${shiftMonth(thisMonth(), -1)}-${upcoming.slice(8)}`, amount: 1000 });
    expect(due.map((r) => r.amount)).toEqual(due.map(() => 1000));
    expect(rents.filter((r) => r.date > today())).toEqual([expect.objectContaining({ date: upcoming, amount: 1200 })]);
  });

  it("moving a prorated lease's end into this month bills this month's rent by the day, even though it is due", async () => {
    const flat = (
      await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Short Stay` }), 201)
    ).id;
    const tenant = await joinAs(w.orgId, 'TENANT', 'leaving');
    const lease = await addLease(w.admin.api, flat, tenant.userId, { leaseStart: monthsAgo(2), prorate: true });
    const rentOf = async (month: string) =>
      (await ledger(w.admin.api, lease.id)).lines.find((l) => l.code === `rent-${month}`);
    expect(await rentOf(thisMonth())).toMatchObject({ date: `${thisMonth()}-01`, amount: 1000, label: 'Rent' });

    // Ends today: this month's rent, due on the 1st, covers the days to today.
    const days = Number(today().slice(8));
    const [y, m] = thisMonth().split('-').map(Number) as [number, number];
    const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const ended = await ok<{ lease: { version: number } }>(
      w.admin.api.patch(`/api/leases/${lease.id}`, { version: lease.version, leaseEnd: today() }),
    );
    expect(await rentOf(thisMonth())).toMatchObject({
      amount: Math.floor((2 * 100_000 * days + dim) / (2 * dim)) / 100,
      label: days < dim ? `Rent, ${days} of ${dim} days` : 'Rent',
    });
    // The months before keep what was billed; a later end gives this month back its whole rent.
    expect(await rentOf(shiftMonth(thisMonth(), -1))).toMatchObject({ amount: 1000, label: 'Rent' });
    await ok(
      w.admin.api.patch(`/api/leases/${lease.id}`, {
        version: ended.lease.version,
        leaseEnd: `${shiftMonth(thisMonth(), 2)}-01`,
      }),
    );
    expect(await rentOf(thisMonth())).toMatchObject({ amount: 1000, label: 'Rent' });
  });

  it('deleting the lease deletes its charges', async () => {
    const flat = (
      await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Gone Road` }), 201)
    ).id;
    const tenant = await joinAs(w.orgId, 'TENANT', 'gone');
    const lease = await addLease(w.admin.api, flat, tenant.userId, { leaseStart: monthsAgo(2) });
    expect((await chargeItems(w.orgId, lease.id)).length).toBeGreaterThan(0);
    await ok(w.admin.api.delete(`/api/leases/${lease.id}`));
    expect(await chargeItems(w.orgId, lease.id)).toEqual([]);
  });
});

describe('the job, when one lease cannot be posted', () => {
  it('logs and counts that lease and still posts the others; fee ids that would share a charge are refused', async () => {
    const other = await team();
    const [first, second] = await Promise.all(
      ['One', 'Two'].map(
        async (name) =>
          (
            await ok<{ id: string }>(
              other.admin.api.post('/api/properties', { address: `${randomUUID()} ${name} Lane` }),
              201,
            )
          ).id,
      ),
    );
    const [tenantOne, tenantTwo] = await Promise.all([
      joinAs(other.orgId, 'TENANT', 'one'),
      joinAs(other.orgId, 'TENANT', 'two'),
    ]);
    // Two fees whose charges would be one: the schema says which.
    const clash = await other.admin.api.post(`/api/properties/${first}/leases`, {
      userId: tenantOne.userId,
      monthlyRent: 1000,
      securityDeposit: 0,
      leaseStart: monthsAgo(1),
      fees: [
        { id: 'dog', label: 'Pet', amount: 20, frequency: 'monthly' },
        { id: 'dog', label: 'Pet again', amount: 20, frequency: 'monthly' },
      ],
    });
    expect(clash.status).toBe(400);
    expect(JSON.stringify(clash.body)).toContain('Two fees have the id \\"dog\\": each fee needs its own');
    const monthly = await other.admin.api.post(`/api/properties/${first}/leases`, {
      userId: tenantOne.userId,
      monthlyRent: 1000,
      securityDeposit: 0,
      leaseStart: monthsAgo(1),
      fees: [{ id: 'dog-2026-03', label: 'Pet', amount: 20, frequency: 'once', dueDate: '2026-03-01' }],
    });
    expect(monthly.status).toBe(400);
    expect(JSON.stringify(monthly.body)).toContain('A fee id may not end in a month (-YYYY-MM)');

    // A lease stored with such fees anyway (as before the schema refused them), beside a lease missing a charge.
    const broken = await addLease(other.admin.api, first!, tenantOne.userId, { leaseStart: monthsAgo(1) });
    const sound = await addLease(other.admin.api, second!, tenantTwo.userId, { leaseStart: monthsAgo(1) });
    const pet = { label: 'Pet', amount: 2_000, frequency: 'monthly', dueDate: null };
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tenancy(other.orgId, broken.id),
        UpdateExpression: 'SET fees = :fees',
        ExpressionAttributeValues: {
          ':fees': [
            { id: 'dog', ...pet },
            { id: 'dog', ...pet },
          ],
        },
      }),
    );
    const missing = `rent-${thisMonth()}`;
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.charge(other.orgId, sound.id, missing) }));
    expect((await chargeItems(other.orgId, sound.id)).map((c) => c.code)).not.toContain(missing);

    expect(await postOrganizationCharges(other.orgId, today())).toEqual({ leases: 2, failed: 1 });
    expect((await chargeItems(other.orgId, sound.id)).map((c) => c.code)).toContain(missing);
  });
});

describe('who reads what', () => {
  it('a tenant reads only their own ledger, in their rental history; staff routes are 403 to them', async () => {
    expect((await renter.api.get(`/api/leases/${leaseId}/ledger`)).status).toBe(403);
    expect((await renter.api.get('/api/reports/aging')).status).toBe(403);
    const history = await ok<{ leases: { id: string; ledger: Ledger }[] }>(renter.api.get('/api/rental-history'));
    expect(history.leases.map((l) => l.id)).toEqual([leaseId]);
    expect(history.leases[0]!.ledger).toEqual(
      await ledger(w.admin.api, leaseId).then(({ lines, totals, next }) => ({ lines, totals, next })),
    );
  });

  it("another organization's lease is 404 on every route", async () => {
    expect((await x.admin.api.get(`/api/leases/${leaseId}/ledger`)).status).toBe(404);
    expect((await x.admin.api.post(`/api/leases/${leaseId}/charges/late-${thisMonth()}/waive`, {})).status).toBe(404);
  });

  it('the aging report buckets each lease by how long its open charges are past due', async () => {
    const aging = await ok<{
      leases: {
        leaseId: string;
        balance: number;
        current: number;
        days1to30: number;
        days31to60: number;
        days61to90: number;
        over90: number;
      }[];
    }>(w.manager.api.get('/api/reports/aging'));
    const row = aging.leases.find((l) => l.leaseId === leaseId)!;
    const { totals } = await ledger(w.admin.api, leaseId);
    expect(row.balance).toBe(totals.owedNow - totals.credit);
    expect(row.current + row.days1to30 + row.days31to60 + row.days61to90 + row.over90).toBe(totals.owedNow);
    expect(row.days61to90 + row.over90).toBeGreaterThan(0);
    // The dashboard's "Needs attention" counts the lease as owing past its grace period: at least what is over 30
    // days late, at most what is due.
    const dashboard = (propertyId: string) =>
      ok<{ attention: { overdueRent: { leases: number; amount: number } } }>(
        w.manager.api.get(`/api/dashboard?from=${thisMonth()}&to=${thisMonth()}&propertyId=${propertyId}`),
      );
    const { overdueRent } = (await dashboard(home)).attention;
    expect(overdueRent.leases).toBe(1);
    expect(overdueRent.amount).toBeGreaterThanOrEqual(row.days31to60 + row.days61to90 + row.over90);
    expect(overdueRent.amount).toBeLessThanOrEqual(totals.owedNow);
    const empty = (
      await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Paid Up Court` }), 201)
    ).id;
    expect((await dashboard(empty)).attention.overdueRent).toEqual({ leases: 0, amount: 0 });
  });
});

describe('security deposits held', () => {
  it('per property: received less returned per the ledger, beside what the running leases ask for; never income', async () => {
    const t = await team();
    const flat = (
      await ok<{ id: string }>(t.admin.api.post('/api/properties', { address: `${randomUUID()} Deposit Court` }), 201)
    ).id;
    await addLease(t.admin.api, flat, t.tenant.userId, { leaseStart: monthsAgo(2), securityDeposit: 2000 });
    const post = (amount: number, name: string) =>
      ok(
        t.admin.api.post('/api/transactions', {
          name,
          date: `${shiftMonth(thisMonth(), -2)}-05`,
          amount,
          category: 'security_deposit',
          propertyId: flat,
        }),
        201,
      );
    await post(2000, 'Deposit in');
    await post(-500, 'Part of a deposit returned');
    const report = await ok<{ properties: Record<string, unknown>[]; totals: Record<string, number> }>(
      t.manager.api.get('/api/reports/security-deposits'),
    );
    expect(report.properties).toEqual([
      expect.objectContaining({ propertyId: flat, received: 2000, returned: 500, held: 1500, required: 2000 }),
    ]);
    expect(report.totals).toEqual({ received: 2000, returned: 500, held: 1500, required: 2000 });
    const earlier = await ok<{ properties: unknown[] }>(
      t.admin.api.get(`/api/reports/security-deposits?month=${shiftMonth(thisMonth(), -3)}`),
    );
    expect(earlier.properties).toEqual([]);
    const dashboard = await ok<{ figures: { income: number } }>(
      t.admin.api.get(`/api/dashboard?from=${shiftMonth(thisMonth(), -2)}&to=${thisMonth()}`),
    );
    expect(dashboard.figures.income).toBe(0);
    expect((await t.tenant.api.get('/api/reports/security-deposits')).status).toBe(403);
    expect((await t.admin.api.get('/api/reports/security-deposits?month=2026-13')).status).toBe(400);
  });
});
