import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, joinAs, type Person, team } from '../support/members.js';

/**
 * The rent roll (docs/tenants-and-maintenance.md "Rent roll", docs/ledger.md "Lease links"): route x
 * role x another organization, bad input, hand-worked figures (paid, partial, unpaid, late; rent credited by
 * its lease link, rent linked to no lease noted), and the same figures as the tenant's own rental history.
 */
type Team = Awaited<ReturnType<typeof team>>;
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => today().slice(0, 7);
const PERIOD = 'from=2025-01&to=2025-04';

async function ok(res: Promise<{ status: number; body: Record<string, unknown> }>, status = 201) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}
const property = async (api: Api, address: string) => (await ok(api.post('/api/properties', { address }))).id as string;
const lease = async (api: Api, propertyId: string, body: Record<string, unknown>) =>
  (
    (await ok(api.post(`/api/properties/${propertyId}/leases`, { securityDeposit: 0, ...body }))).lease as {
      id: string;
    }
  ).id;
const txn = (api: Api, propertyId: string, date: string, amount: number, category: string, leaseId?: string) =>
  ok(
    api.post('/api/transactions', {
      name: `Rent roll ${category} ${date}`,
      date,
      amount,
      category,
      propertyId,
      ...(leaseId && { leaseId }),
    }),
  );

let w: Team;
let x: Team;
let alone: string; // one lease
let shared: string; // two leases from March
let t1: Person;
let l1: string;
let l2: string;
let l3: string;
beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
  const api = w.admin.api;
  [alone, shared] = await Promise.all([property(api, '10 Roll Road'), property(api, '20 Shared Street')]);
  let t2: Person;
  let t3: Person;
  [t1, t2, t3] = await Promise.all([
    joinAs(w.orgId, 'TENANT', 'one'),
    joinAs(w.orgId, 'TENANT', 'two'),
    joinAs(w.orgId, 'TENANT', 'three'),
  ]);
  [l1, l2, l3] = await Promise.all([
    lease(api, alone, {
      userId: t1.userId,
      unitLabel: 'Main',
      leaseStart: '2025-01-01',
      leaseEnd: '2025-04-30',
      monthlyRent: 1000,
    }),
    lease(api, shared, {
      userId: t2.userId,
      unitLabel: 'A',
      leaseStart: '2025-01-01',
      leaseEnd: '2025-12-31',
      monthlyRent: 800,
    }),
    lease(api, shared, {
      userId: t3.userId,
      unitLabel: 'B',
      leaseStart: '2025-03-01',
      leaseEnd: '2025-12-31',
      monthlyRent: 700,
    }),
  ]);
  await Promise.all([
    txn(api, alone, '2025-01-05', 1000, 'rental_income'),
    txn(api, alone, '2025-02-10', 400, 'rental_income'),
    txn(api, alone, '2025-02-12', 200, 'section_8_rents'),
    txn(api, alone, '2025-02-12', 75, 'late_fees'),
    txn(api, alone, '2025-02-20', -250, 'repairs'),
    txn(api, alone, '2025-04-01', 1200, 'rental_income'),
    txn(api, shared, '2025-01-03', 800, 'rental_income'), // only A runs: linked to it automatically
    txn(api, shared, '2025-03-03', 1500, 'rental_income'), // A and B run: linked to no lease
    txn(api, shared, '2025-03-10', 800, 'rental_income', l2), // linked by a person
    txn(api, shared, '2025-04-02', 700, 'rental_income', l3),
  ]);
});

describe('GET /api/reports/rent-roll', () => {
  it('staff read it; a tenant gets 403; another organization gets 404 for this property', async () => {
    for (const person of [w.admin, w.landlord, w.manager]) {
      expect((await person.api.get(`/api/reports/rent-roll?${PERIOD}`)).status).toBe(200);
    }
    expect((await w.tenant.api.get(`/api/reports/rent-roll?${PERIOD}`)).status).toBe(403);
    expect((await t1.api.get(`/api/reports/rent-roll?${PERIOD}`)).status).toBe(403);
    expect((await x.admin.api.get(`/api/reports/rent-roll?${PERIOD}&propertyId=${alone}`)).status).toBe(404);
    const theirs = await x.admin.api.get(`/api/reports/rent-roll?${PERIOD}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.leases).toEqual([]);
  });

  it('refuses bad input with a clear 400', async () => {
    for (const query of [
      '',
      'from=2025-01',
      'from=2025-13&to=2025-14',
      'from=2025-04&to=2025-01',
      'from=2000-01&to=2025-01',
      `${PERIOD}&propertyId=not%20an%20id!`,
      `${PERIOD}&extra=1`,
    ]) {
      const res = await w.admin.api.get(`/api/reports/rent-roll?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toMatch(/month|property|Unknown field|required/);
    }
  });

  it('works out paid, partial and late by hand, crediting rent by its lease link', async () => {
    const res = await w.landlord.api.get(`/api/reports/rent-roll?${PERIOD}`);
    expect(res.status).toBe(200);
    const { leases, totals, months } = res.body;
    expect(leases.map((l: { id: string }) => l.id)).toEqual([l1, l2, l3]);
    const [one, two, three] = leases;
    expect(one).toMatchObject({
      address: '10 Roll Road',
      unitLabel: 'Main',
      tenant: { email: t1.email },
      monthlyRent: 1000,
      totals: { due: 4000, received: 2800, balance: 1200, collectionRateText: '70.0%', unlinkedMonths: 0 },
    });
    // Payments pay the oldest charges first: April's $1,200 settles February and most of March.
    expect(one.months.map((m: Record<string, unknown>) => [m.month, m.due, m.received, m.balance, m.status])).toEqual([
      ['2025-01', 1000, 1000, 0, 'paid'],
      ['2025-02', 1000, 600, 400, 'paid'],
      ['2025-03', 1000, 0, 1000, 'partial'],
      ['2025-04', 1000, 1200, -200, 'late'],
    ]);
    const row = (m: Record<string, unknown>) => [m.month, m.received, m.status, m.note === null ? '' : 'unlinked'];
    expect(two.months.map(row)).toEqual([
      ['2025-01', 800, 'paid', ''],
      ['2025-02', 0, 'paid', ''],
      ['2025-03', 800, 'late', 'unlinked'],
      ['2025-04', 0, 'late', ''],
    ]);
    expect(two.months[2].note).toMatch(/not linked to a lease/i);
    expect(two.totals).toMatchObject({ due: 3200, received: 1600, balance: 1600, unlinkedMonths: 1 });
    expect(three.months.map(row)).toEqual([
      ['2025-03', 0, 'paid', 'unlinked'],
      ['2025-04', 700, 'late', ''],
    ]);
    expect(three.totals).toMatchObject({ due: 1400, received: 700, collectionRateText: '50.0%', unlinkedMonths: 1 });
    expect(totals).toEqual({
      due: 8600,
      received: 5100,
      balance: 3500,
      collectionRate: 5100 / 8600,
      collectionRateText: '59.3%',
      unlinkedMonths: 2,
    });
    expect(months).toEqual([
      { month: '2025-01', due: 1800, received: 1800 },
      { month: '2025-02', due: 1800, received: 600 },
      { month: '2025-03', due: 2500, received: 800 },
      { month: '2025-04', due: 2500, received: 1900 },
    ]);
  });

  it('filters by property, and shows unpaid within the grace days of this month', async () => {
    const res = await w.manager.api.get(`/api/reports/rent-roll?${PERIOD}&propertyId=${alone}`);
    expect(res.body.leases.map((l: { id: string }) => l.id)).toEqual([l1]);
    expect(res.body.totals).toMatchObject({ due: 4000, received: 2800, balance: 1200 });

    const now = await property(w.admin.api, '30 Grace Court');
    const renter = await joinAs(w.orgId, 'TENANT', 'grace');
    const dueDay = Math.min(Number(today().slice(8)), 28);
    await lease(w.admin.api, now, {
      userId: renter.userId,
      leaseStart: `${thisMonth()}-01`,
      monthlyRent: 900,
      rentDueDay: dueDay,
      graceDays: 5,
    });
    const current = await w.admin.api.get(
      `/api/reports/rent-roll?from=${thisMonth()}&to=${thisMonth()}&propertyId=${now}`,
    );
    expect(current.status).toBe(200);
    expect(current.body.leases[0].months).toEqual([
      {
        month: thisMonth(),
        dueDate: `${thisMonth()}-${String(dueDay).padStart(2, '0')}`,
        due: 900,
        received: 0,
        balance: 900,
        status: 'unpaid',
        note: null,
      },
    ]);
  });

  it("gives the same due, received and status as the tenant's own rental history", async () => {
    const history = await t1.api.get('/api/rental-history');
    expect(history.status).toBe(200);
    const mine = history.body.leases.find((l: { id: string }) => l.id === l1);
    const roll = (await w.admin.api.get(`/api/reports/rent-roll?${PERIOD}`)).body.leases.find(
      (l: { id: string }) => l.id === l1,
    );
    const pick = (m: Record<string, unknown>) => [m.month, m.due, m.received, m.status];
    expect(roll.months.map(pick)).toEqual([...mine.months].reverse().map(pick));
    expect(roll.months).toHaveLength(4);
  });

  it('gives Schedule E line 2, fair rental days, from the same leases', async () => {
    const { worksheets } = (await w.admin.api.get('/api/reports/schedule-e?year=2025')).body;
    const days = (id: string) => worksheets.find((s: { propertyId: string }) => s.propertyId === id).fairRentalDays;
    expect(days(alone)).toBe(31 + 28 + 31 + 30); // January to April
    expect(days(shared)).toBe(365); // two leases, the days counted once
    const empty = await property(w.admin.api, '30 Empty Street');
    expect(
      (await w.admin.api.get(`/api/reports/schedule-e?year=2025&propertyId=${empty}`)).body.worksheets[0],
    ).toMatchObject({ fairRentalDays: null });
  });
});

// ---- property: the rent roll equals a recomputation from the transactions and leases -------------------

const services = {
  ...(await import('../../functions/src/services/ledger/transactions.js')),
  ...(await import('../../functions/src/services/tenancy/leases.js')),
  ...(await import('../../functions/src/services/reports/rentRoll.js')),
  ...(await import('../../functions/src/data/ledger/read.js')),
};
const { addMember } = await import('../../functions/src/data/people/members.js');
const { createProperty } = await import('../../functions/src/data/tenancy/properties.js');
const { getLease } = await import('../../functions/src/data/tenancy/tenancies.js');
const { provisionFirstSignIn } = await import('../../functions/src/data/people/users.js');
const { rebuildRollups } = await import('../../functions/src/data/ledger/rollups.js');
const { partition } = await import('../support/db.js');

const MONTHS = ['2025-01', '2025-02', '2025-03', '2025-04'];
const day = fc.integer({ min: 0, max: 119 }).map((d) => new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10));
/** undefined = the person says nothing, null = "no lease", n = the n-th lease (maybe of another property). */
const choice = fc.option(fc.option(fc.nat({ max: 2 }), { nil: null }), { nil: undefined });
const rentFields = fc.record({
  date: day,
  amount: fc.oneof(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: -50_000, max: 0 })),
  category: fc.constantFrom('rental_income', 'section_8_rents', 'late_fees', 'repairs', null),
  property: fc.constantFrom(0, 1),
  lease: choice,
});
const rentOperation = fc.oneof(
  rentFields.map((f) => ({ kind: 'create' as const, f })),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), f: rentFields }),
  fc.record({ kind: fc.constant('ignore' as const), pick: fc.nat(), value: fc.boolean() }),
  fc.record({
    kind: fc.constant('lease' as const),
    pick: fc.nat({ max: 2 }),
    start: day,
    end: fc.option(day, { nil: null }),
  }),
);
type RentOperation = typeof rentOperation extends fc.Arbitrary<infer T> ? T : never;

async function rentRun(ops: RentOperation[]) {
  const owner = `rent-owner-${randomUUID()}`;
  const { orgId } = await provisionFirstSignIn({
    userId: owner,
    email: `${owner}@example.com`,
    name: 'Rent owner',
    image: null,
  });
  const caller = { orgId, userId: owner, role: 'ADMIN' as const };
  const properties = [
    (await createProperty(orgId, { address: '1 Roll Property' } as never)).id,
    (await createProperty(orgId, { address: '2 Roll Property' } as never)).id,
  ];
  const tenants = ['a', 'b', 'c'].map((n) => `tenant-${n}-${randomUUID().slice(0, 6)}`);
  for (const userId of tenants) {
    await addMember(orgId, { userId, email: `${userId}@example.com`, name: userId, image: null }, 'TENANT');
  }
  const terms = { unitLabel: null, monthlyRent: 100_000, securityDeposit: 0, rentDueDay: 1, graceDays: 5 };
  // Two leases on the first property (they overlap from March), one on the second.
  const leases = [
    (
      await services.createLease(caller, properties[0]!, {
        ...terms,
        userId: tenants[0]!,
        leaseStart: '2025-01-01',
        leaseEnd: '2025-04-30',
      })
    ).lease.id,
    (
      await services.createLease(caller, properties[0]!, {
        ...terms,
        userId: tenants[1]!,
        leaseStart: '2025-03-01',
        leaseEnd: null,
      })
    ).lease.id,
    (
      await services.createLease(caller, properties[1]!, {
        ...terms,
        userId: tenants[2]!,
        leaseStart: '2025-01-15',
        leaseEnd: null,
      })
    ).lease.id,
  ];
  const input = (f: typeof rentFields extends fc.Arbitrary<infer T> ? T : never) => ({
    name: 'Generated rent',
    date: f.date,
    amount: f.amount,
    category: f.category as never,
    propertyId: properties[f.property]!,
    notes: null,
    leaseId: f.lease === undefined || f.lease === null ? f.lease : leases[f.lease],
  });
  // A chosen lease that does not fit is refused (400): the operation changes nothing.
  const refusedOk = (error: unknown) => {
    if (!(error instanceof Error) || !['InvalidReference', 'Conflict', 'Invalid'].includes(error.name)) throw error;
  };
  const live: string[] = [];
  for (const op of ops) {
    if (op.kind === 'create') {
      await services.createTransaction(caller, input(op.f)).then((t) => live.push(t.id), refusedOk);
    } else if (op.kind === 'lease') {
      const end = op.end !== null && op.end < op.start ? null : op.end;
      const { version } = await getLease(orgId, leases[op.pick]!);
      await services
        .updateLease(caller, leases[op.pick]!, { leaseStart: op.start, leaseEnd: end, version })
        .catch(refusedOk);
    } else if (live.length > 0) {
      const id = live[op.pick % live.length]!;
      if (op.kind === 'ignore') await services.setTransactionIgnored(caller, id, op.value);
      else {
        const { version } = await services.getTransaction(orgId, id);
        await services.updateTransaction(caller, id, { ...input(op.f), version }).catch(refusedOk);
      }
    }
  }
  return { orgId, leases };
}

/** Per lease and month, rent received and whether the property had rent linked to no lease: from the items. */
async function recomputedRentRoll(orgId: string) {
  const items = (await partition(`ORG#${orgId}`)) as Record<string, any>[];
  const leases = items.filter((i) => i.type === 'Tenancy');
  const rents = items.filter(
    (i) =>
      i.type === 'Transaction' &&
      !i.isIgnored &&
      i.amount > 0 &&
      ['rental_income', 'section_8_rents'].includes(i.category),
  );
  for (const t of rents.filter((r) => r.leaseId)) {
    // Every link is to a lease of the transaction's own property.
    expect(leases.find((l) => l.id === t.leaseId)?.propertyId).toBe(t.propertyId);
  }
  const sum = (pick: (t: Record<string, any>) => boolean) => rents.filter(pick).reduce((n, t) => n + t.amount, 0);
  // Rent paid before a lease's first month (at signing, the month before) counts for that first month.
  const creditedIn = (t: Record<string, any>, first: string) =>
    t.date.slice(0, 7) < first ? first : t.date.slice(0, 7);
  return Object.fromEntries(
    leases.map((l) => [
      l.id,
      MONTHS.filter((m) => l.leaseStart.slice(0, 7) <= m && (l.leaseEnd == null || l.leaseEnd.slice(0, 7) >= m)).map(
        (m) => [
          m,
          sum((t) => t.leaseId === l.id && creditedIn(t, l.leaseStart.slice(0, 7)) === m),
          sum((t) => !t.leaseId && t.propertyId === l.propertyId && t.date.startsWith(m)) > 0,
        ],
      ),
    ]),
  );
}

async function reportedRentRoll(orgId: string, leaseIds: string[]) {
  const today = new Date().toISOString().slice(0, 10);
  const report = await services.rentRollReport(orgId, { from: MONTHS[0]!, to: MONTHS.at(-1)! }, today);
  return Object.fromEntries(
    leaseIds.map((id) => [
      id,
      (report.leases.find((l) => l.id === id)?.months ?? []).map((m) => [
        m.month,
        Math.round(m.received * 100),
        m.note !== null,
      ]),
    ]),
  );
}

describe('the rent roll, as a property', () => {
  it('equals a recomputation after any sequence of rent transactions, lease choices, lease edits and ignores', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rentOperation, { minLength: 1, maxLength: 12 }), async (ops) => {
        const { orgId, leases } = await rentRun(ops);
        expect(await reportedRentRoll(orgId, leases)).toEqual(await recomputedRentRoll(orgId));
        // rollups:rebuild recomputes the per-lease counters to the same rent roll
        const before = await reportedRentRoll(orgId, leases);
        await rebuildRollups(orgId);
        expect(await reportedRentRoll(orgId, leases)).toEqual(before);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
