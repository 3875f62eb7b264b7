import { randomUUID } from 'node:crypto';
import { shiftMonth } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, joinAs, type Person, team } from '../support/members.js';

// In-process, against the same DynamoDB Local (support/members.js points the repositories at it): a move-out left
// started, as a crash would leave it.
const { db, tableName } = await import('../../functions/src/data/client.js');
const { keys } = await import('../../functions/src/data/keys.js');
const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');

/**
 * Move-out (docs/tenants-and-maintenance.md "Move-out"): the deposit applied to deductions and to what the lease owes
 * becomes rent income on the date, pays the tenant's balance and leaves the deposit held; once per lease; owners only.
 */
type Team = Awaited<ReturnType<typeof team>>;
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => today().slice(0, 7);
const monthsAgo = (n: number) => `${shiftMonth(thisMonth(), -n)}-01`;

async function ok<T = Record<string, unknown>>(res: Promise<{ status: number; body: unknown }>, status = 200) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}
interface Statement {
  date: string;
  deposit: number;
  deductions: { label: string; amount: number }[];
  balanceApplied: number;
  claimed: number;
  applied: number;
  toReturn: number;
  stillOwed: number;
  transactionIds: string[];
}
interface LeaseView {
  id: string;
  leaseEnd: string | null;
  fees: { label: string; amount: number; frequency: string; dueDate: string | null }[];
  moveOut?: Statement | null;
}
interface Txn {
  amount: number;
  date: string;
  category: string;
  propertyId: string;
  leaseId: string | null;
  name: string;
}

let w: Team;
let x: Team;
let home: string;
let renter: Person;
let leaseId: string;

const post = (api: Api, body: Record<string, unknown>) =>
  ok<{ transaction: Txn }>(api.post('/api/transactions', body), 201);
const held = async (api: Api, propertyId: string) =>
  (
    await ok<{ properties: { propertyId: string; held: number }[] }>(api.get('/api/reports/security-deposits'))
  ).properties.find((p) => p.propertyId === propertyId)?.held;
const moveOut = (api: Api, id: string, body: Record<string, unknown>) => api.post(`/api/leases/${id}/move-out`, body);
/** A new tenant's lease on a new property of the organization. */
async function leaseOnNewProperty(label: string, street: string, terms: Record<string, unknown>) {
  const tenant = await joinAs(w.orgId, 'TENANT', label);
  const flat = (
    await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} ${street}` }), 201)
  ).id;
  const lease = await ok<{ lease: { id: string } }>(
    w.admin.api.post(`/api/properties/${flat}/leases`, { userId: tenant.userId, ...terms }),
    201,
  );
  return { flat, id: lease.lease.id };
}

beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
  home = (
    await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Leaving Lane` }), 201)
  ).id;
  renter = await joinAs(w.orgId, 'TENANT', 'leaving');
  leaseId = (
    await ok<{ lease: { id: string } }>(
      w.admin.api.post(`/api/properties/${home}/leases`, {
        userId: renter.userId,
        leaseStart: monthsAgo(2),
        monthlyRent: 1000,
        securityDeposit: 1500,
      }),
      201,
    )
  ).lease.id;
  await post(w.admin.api, {
    name: 'Deposit in',
    date: monthsAgo(2),
    amount: 1500,
    category: 'security_deposit',
    propertyId: home,
  });
  // Two of the three months paid: this month's rent is owed.
  for (const n of [2, 1]) {
    await post(w.admin.api, {
      name: 'Rent',
      date: monthsAgo(n),
      amount: 1000,
      category: 'rental_income',
      propertyId: home,
      leaseId,
    });
  }
});

describe('move-out', () => {
  it('refuses managers, tenants, another organization, and bad input; nothing is written', async () => {
    const body = { date: today(), deductions: [], applyToBalance: true };
    expect((await moveOut(w.manager.api, leaseId, body)).status).toBe(403);
    expect((await moveOut(renter.api, leaseId, body)).status).toBe(403);
    expect((await moveOut(x.admin.api, leaseId, body)).status).toBe(404);
    const bad = [
      { ...body, date: shiftMonth(thisMonth(), -3).concat('-01') },
      { ...body, date: `${shiftMonth(thisMonth(), 2)}-01` },
      { ...body, date: 'tomorrow' },
      { ...body, deductions: [{ label: 'Cleaning', amount: 0 }] },
      { ...body, deductions: [{ label: ' ', amount: 10 }] },
      { ...body, deductions: Array.from({ length: 21 }, (_, i) => ({ label: `D${i}`, amount: 1 })) },
      { date: today(), deductions: [] },
    ];
    for (const b of bad) expect((await moveOut(w.landlord.api, leaseId, b)).status, JSON.stringify(b)).toBe(400);
    const lease = (await ok<{ leases: LeaseView[] }>(w.admin.api.get(`/api/properties/${home}/leases`))).leases[0]!;
    expect(lease).toMatchObject({ leaseEnd: null, fees: [], moveOut: null });
  });

  it('applies the deposit to the deduction and what is owed: income on the date, balance paid, held falls', async () => {
    expect(await held(w.admin.api, home)).toBe(1500);
    const before = await ok<{ totals: { owedNow: number } }>(w.admin.api.get(`/api/leases/${leaseId}/ledger`));
    expect(before.totals.owedNow).toBe(1000);

    const result = await ok<{ lease: LeaseView; statement: Statement }>(
      moveOut(w.landlord.api, leaseId, {
        date: today(),
        deductions: [{ label: 'Carpet cleaning', amount: 120.5 }],
        applyToBalance: true,
      }),
    );
    expect(result.statement).toMatchObject({
      date: today(),
      deposit: 1500,
      deductions: [{ label: 'Carpet cleaning', amount: 120.5 }],
      balanceApplied: 1000,
      claimed: 1120.5,
      applied: 1120.5,
      toReturn: 379.5,
      stillOwed: 0,
    });
    expect(result.lease.leaseEnd).toBe(today());
    expect(result.lease.fees).toEqual([
      expect.objectContaining({ label: 'Carpet cleaning', amount: 120.5, frequency: 'once', dueDate: today() }),
    ]);
    expect(result.lease.moveOut).toEqual(result.statement);

    const [out, income] = await Promise.all(
      result.statement.transactionIds.map(
        async (id) => (await ok<{ transaction: Txn }>(w.admin.api.get(`/api/transactions/${id}`))).transaction,
      ),
    );
    expect(out).toMatchObject({ amount: -1120.5, date: today(), category: 'security_deposit', propertyId: home });
    expect(income).toMatchObject({ amount: 1120.5, date: today(), category: 'rental_income', leaseId });

    const after = await ok<{ totals: { owedNow: number; balance: number; credit: number } }>(
      w.admin.api.get(`/api/leases/${leaseId}/ledger`),
    );
    expect(after.totals).toMatchObject({ owedNow: 0, balance: 0, credit: 0 });
    expect(await held(w.admin.api, home)).toBe(379.5);
    const dashboard = await ok<{ figures: { income: number } }>(
      w.admin.api.get(`/api/dashboard?from=${thisMonth()}&to=${thisMonth()}`),
    );
    expect(dashboard.figures.income).toBe(1120.5);
  });

  it('a second move-out of the lease is refused and writes nothing', async () => {
    const again = await moveOut(w.admin.api, leaseId, {
      date: today(),
      deductions: [{ label: 'Paint', amount: 10 }],
      applyToBalance: false,
    });
    expect(again.status).toBe(409);
    expect((again.body as { code: string }).code).toBe('MOVED_OUT');
    expect(await held(w.admin.api, home)).toBe(379.5);
  });

  it('a claim over the deposit applies all of it and says what is still owed', async () => {
    const { id } = await leaseOnNewProperty('short', 'Short St', {
      leaseStart: monthsAgo(1),
      leaseEnd: `${shiftMonth(thisMonth(), 6)}-01`,
      monthlyRent: 0,
      securityDeposit: 100,
    });
    const { statement } = await ok<{ statement: Statement }>(
      moveOut(w.admin.api, id, {
        date: today(),
        deductions: [
          { label: 'Broken window', amount: 200.1 },
          { label: 'Cleaning', amount: 49.9 },
        ],
        applyToBalance: false,
      }),
    );
    expect(statement).toMatchObject({ applied: 100, toReturn: 0, stillOwed: 150, balanceApplied: 0 });
    const ledger = await ok<{ totals: { owedNow: number } }>(w.admin.api.get(`/api/leases/${id}/ledger`));
    expect(ledger.totals.owedNow).toBe(150);
  });

  it("a tenant's credit pays the deductions before the deposit does", async () => {
    const { flat, id } = await leaseOnNewProperty('credit', 'Credit Court', {
      leaseStart: monthsAgo(1),
      monthlyRent: 500,
      securityDeposit: 800,
    });
    // Two months of rent are due by today (last month's and this one's); 1,100 was paid: a credit of 100 on the date.
    await post(w.admin.api, {
      name: 'Rent and a bit',
      date: monthsAgo(1),
      amount: 1100,
      category: 'rental_income',
      propertyId: flat,
      leaseId: id,
    });
    const { statement } = await ok<{ statement: Statement & { creditApplied: number } }>(
      moveOut(w.admin.api, id, {
        date: today(),
        deductions: [{ label: 'Cleaning', amount: 250 }],
        applyToBalance: true,
      }),
    );
    expect(statement).toMatchObject({
      creditApplied: 100,
      balanceApplied: 0,
      applied: 150,
      toReturn: 650,
      stillOwed: 0,
    });
    // The ledger agrees: nothing owed and no credit left.
    const after = await ok<{ totals: { owedNow: number; credit: number } }>(
      w.admin.api.get(`/api/leases/${id}/ledger`),
    );
    expect(after.totals).toMatchObject({ owedNow: 0, credit: 0 });
  });

  it('a move-out that stopped part way is finished by the next attempt, as it was started, exactly once', async () => {
    const { flat, id } = await leaseOnNewProperty('interrupted', 'Retry Row', {
      leaseStart: monthsAgo(1),
      monthlyRent: 0,
      securityDeposit: 800,
    });
    // The claim was written, then the process stopped: nothing else happened.
    const planned = [randomUUID(), randomUUID()];
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tenancy(w.orgId, id),
        UpdateExpression: 'SET moveOut = :started ADD version :one',
        ExpressionAttributeValues: {
          ':one': 1,
          ':started': {
            status: 'started',
            date: today(),
            by: w.admin.userId,
            startedAt: new Date().toISOString(),
            plan: {
              deductions: [{ label: 'Carpet', amount: 20_000 }],
              applyToBalance: false,
              transactionIds: planned,
              figures: null,
            },
            statement: null,
          },
        },
      }),
    );
    // The next attempt finishes it as it was started (the body it sends now is not what was started).
    const { statement } = await ok<{ statement: Statement }>(
      moveOut(w.admin.api, id, { date: today(), deductions: [{ label: 'Other', amount: 5 }], applyToBalance: true }),
    );
    expect(statement).toMatchObject({
      deductions: [{ label: 'Carpet', amount: 200 }],
      applied: 200,
      toReturn: 600,
      transactionIds: planned,
    });
    const again = await moveOut(w.admin.api, id, { date: today(), deductions: [], applyToBalance: false });
    expect((again.body as { code: string }).code).toBe('MOVED_OUT');
    const lines = await Promise.all(planned.map((t) => w.admin.api.get(`/api/transactions/${t}`)));
    expect(lines.map((r) => [r.status, (r.body as { transaction: Txn }).transaction.amount])).toEqual([
      [200, -200],
      [200, 200],
    ]);
    expect(await held(w.admin.api, flat)).toBe(-200);
  });
});
