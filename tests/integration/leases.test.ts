import { addDays, CHARGE_LOOKAHEAD_DAYS, MESSAGES, shiftMonth } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, joinAs, type Person, team } from '../support/members.js';

/**
 * Leases and the tenant's rental history (docs/tenants-and-maintenance.md "Leases",
 * "Rental history"): every route x every role x another organization, bad input, overlaps, the property-delete
 * refusal, and what a tenant can (and cannot) see.
 */
type Team = Awaited<ReturnType<typeof team>>;
interface World extends Team {
  home: string;
  other: string;
}

async function world(): Promise<World> {
  const t = await team();
  const home = (await t.admin.api.post('/api/properties', { address: '1 Lease Lane', currentMarketValue: 987654 })).body
    .id as string;
  const other = (await t.admin.api.post('/api/properties', { address: '2 Other Street' })).body.id as string;
  return { ...t, home, other };
}

const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => today().slice(0, 7);
const valid = (userId: string, changes: Record<string, unknown> = {}) => ({
  userId,
  unitLabel: 'Unit A',
  leaseStart: '2025-01-01',
  leaseEnd: '2025-12-31',
  monthlyRent: 1500,
  securityDeposit: 3000,
  ...changes,
});

async function addLease(api: Api, propertyId: string, body: Record<string, unknown>) {
  const res = await api.post(`/api/properties/${propertyId}/leases`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.lease;
}

let w: World;
let x: World;
beforeAll(async () => {
  [w, x] = await Promise.all([world(), world()]);
});

describe('leases on a property', () => {
  it('staff add a lease for a TENANT member with the default due day and grace; staff list it', async () => {
    const lease = await addLease(w.manager.api, w.home, valid(w.tenant.userId, { unitLabel: '  Unit 1  ' }));
    expect(lease).toMatchObject({
      propertyId: w.home,
      userId: w.tenant.userId,
      tenant: { email: w.tenant.email },
      unitLabel: 'Unit 1',
      leaseStart: '2025-01-01',
      leaseEnd: '2025-12-31',
      monthlyRent: 1500,
      securityDeposit: 3000,
      rentDueDay: 1,
      graceDays: 5,
      state: 'past',
    });
    for (const person of [w.admin, w.landlord, w.manager]) {
      const res = await person.api.get(`/api/properties/${w.home}/leases`);
      expect(res.status).toBe(200);
      expect(res.body.leases.map((l: { id: string }) => l.id)).toContain(lease.id);
    }
  });

  it('a tenant reaches none of the lease routes (403); a manager cannot change or delete (403)', async () => {
    const lease = await addLease(w.admin.api, w.home, valid(w.tenant.userId, { unitLabel: 'Roles' }));
    expect((await w.tenant.api.get(`/api/properties/${w.home}/leases`)).status).toBe(403);
    expect((await w.tenant.api.post(`/api/properties/${w.home}/leases`, valid(w.tenant.userId))).status).toBe(403);
    const change = { monthlyRent: 1, version: lease.version };
    expect((await w.tenant.api.patch(`/api/leases/${lease.id}`, change)).status).toBe(403);
    expect((await w.tenant.api.delete(`/api/leases/${lease.id}`)).status).toBe(403);
    expect((await w.manager.api.patch(`/api/leases/${lease.id}`, change)).status).toBe(403);
    expect((await w.manager.api.delete(`/api/leases/${lease.id}`)).status).toBe(403);
    const changed = await w.landlord.api.patch(`/api/leases/${lease.id}`, {
      monthlyRent: 1600.5,
      rentDueDay: 3,
      graceDays: 0,
      leaseEnd: null,
      version: lease.version,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.lease).toMatchObject({ monthlyRent: 1600.5, rentDueDay: 3, graceDays: 0, leaseEnd: null });
    expect((await w.landlord.api.delete(`/api/leases/${lease.id}`)).status).toBe(200);
    expect((await w.landlord.api.delete(`/api/leases/${lease.id}`)).status).toBe(404);
  });

  it("another organization's property and leases are 404 on every route", async () => {
    const lease = await addLease(w.admin.api, w.home, valid(w.tenant.userId, { unitLabel: 'Foreign' }));
    expect((await x.admin.api.get(`/api/properties/${w.home}/leases`)).status).toBe(404);
    expect((await x.admin.api.post(`/api/properties/${w.home}/leases`, valid(x.tenant.userId))).status).toBe(404);
    expect((await x.admin.api.patch(`/api/leases/${lease.id}`, { monthlyRent: 1, version: 1 })).status).toBe(404);
    expect((await x.admin.api.delete(`/api/leases/${lease.id}`)).status).toBe(404);
    const still = await w.admin.api.get(`/api/properties/${w.home}/leases`);
    expect(still.body.leases.find((l: { id: string }) => l.id === lease.id)).toMatchObject({ monthlyRent: 1500 });
  });

  it('bad input is a clear 4xx, never a 500', async () => {
    const post = (body: unknown) => w.admin.api.post(`/api/properties/${w.home}/leases`, body);
    const cases: [unknown, number][] = [
      [valid(w.tenant.userId, { leaseEnd: '2024-12-31' }), 400],
      [valid(w.tenant.userId, { leaseStart: '2025-02-30' }), 400],
      [valid(w.tenant.userId, { leaseStart: undefined }), 400],
      [valid(w.tenant.userId, { rentDueDay: 29 }), 400],
      [valid(w.tenant.userId, { rentDueDay: 0 }), 400],
      [valid(w.tenant.userId, { graceDays: -1 }), 400],
      [valid(w.tenant.userId, { monthlyRent: -5 }), 400],
      [valid(w.tenant.userId, { monthlyRent: 10.123 }), 400],
      [valid(w.tenant.userId, { extra: true }), 400],
      [valid(w.landlord.userId), 400],
      [valid(x.tenant.userId), 400],
      [valid('not an id!'), 400],
      ['nonsense', 400],
    ];
    for (const [body, status] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(body)).toEqual(expect.any(String));
    }
    const landlordRes = await post(valid(w.landlord.userId));
    expect(landlordRes.body.error).toMatch(/tenant/i);
    expect((await w.admin.api.post('/api/properties/nope/leases', valid(w.tenant.userId))).status).toBe(404);
    const lease = await addLease(w.admin.api, w.home, valid(w.tenant.userId, { unitLabel: 'Bad patch' }));
    const badPatch = async (body: Record<string, unknown>, path: string) => {
      const res = await w.admin.api.patch(`/api/leases/${lease.id}`, { ...body, version: lease.version });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    };
    await badPatch({}, 'body');
    await badPatch({ leaseEnd: '2024-01-01' }, 'leaseEnd');
    await badPatch({ userId: w.admin.userId }, 'body');
  });

  it('an overlapping lease of the same tenant, property and unit is refused with 409', async () => {
    const first = await addLease(w.admin.api, w.other, valid(w.tenant.userId, { unitLabel: 'Overlap' }));
    const clash = await w.admin.api.post(
      `/api/properties/${w.other}/leases`,
      valid(w.tenant.userId, { unitLabel: 'overlap', leaseStart: '2025-06-01', leaseEnd: null }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/already has a lease/);
    // Another unit, or dates after the first lease ends, are fine.
    await addLease(w.admin.api, w.other, valid(w.tenant.userId, { unitLabel: 'Overlap 2' }));
    const next = await addLease(
      w.admin.api,
      w.other,
      valid(w.tenant.userId, { unitLabel: 'Overlap', leaseStart: '2026-01-01', leaseEnd: null }),
    );
    // Moving a lease onto another's dates is refused too.
    const moved = await w.admin.api.patch(`/api/leases/${next.id}`, {
      leaseStart: '2025-12-01',
      version: next.version,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('LEASE_OVERLAP');
    expect(first.id).not.toBe(next.id);
  });

  it('a property with leases cannot be deleted (409 with a clear message); without them it can', async () => {
    const id = (await w.admin.api.post('/api/properties', { address: '3 Delete Drive' })).body.id as string;
    const lease = await addLease(w.admin.api, id, valid(w.tenant.userId));
    const refused = await w.admin.api.delete(`/api/properties/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(MESSAGES.propertyHasLeases);
    expect((await w.admin.api.delete(`/api/leases/${lease.id}`)).status).toBe(200);
    expect((await w.admin.api.delete(`/api/properties/${id}`)).status).toBe(200);
  });

  it('a tenant sees a property once it is leased to them, and only the tenant view of it', async () => {
    const newcomer = await joinAs(w.orgId, 'TENANT', 'newcomer');
    expect((await newcomer.api.get('/api/properties')).body).toEqual([]);
    await addLease(w.admin.api, w.home, valid(newcomer.userId, { unitLabel: 'Newcomer' }));
    const seen = await newcomer.api.get('/api/properties');
    expect(seen.body).toEqual([{ id: w.home, address: '1 Lease Lane', propertyType: null }]);
  });
});

describe('GET /api/rental-history', () => {
  let renter: Person;
  let start: string;
  let leaseId: string;
  beforeAll(async () => {
    // Its own property, so no other lease shares its rent.
    const flat = (await w.admin.api.post('/api/properties', { address: '4 History Road' })).body.id as string;
    renter = await joinAs(w.orgId, 'TENANT', 'renter');
    start = shiftMonth(thisMonth(), -3);
    leaseId = (
      await addLease(w.admin.api, flat, {
        userId: renter.userId,
        unitLabel: 'Flat 2',
        leaseStart: `${start}-01`,
        monthlyRent: 1000,
        securityDeposit: 2000,
      })
    ).id;
    const txn = (month: string, amount: number, category: string, name: string) =>
      w.admin.api.post('/api/transactions', { name, date: `${month}-02`, amount, category, propertyId: flat });
    for (const res of await Promise.all([
      txn(shiftMonth(thisMonth(), -2), 1000, 'rental_income', 'Rent from flat 2'),
      txn(shiftMonth(thisMonth(), -1), 400, 'rental_income', 'Part rent from flat 2'),
      txn(shiftMonth(thisMonth(), -1), 75, 'late_fees', 'Secret late fee'),
      txn(shiftMonth(thisMonth(), -1), -250, 'repairs', 'Secret plumber invoice'),
    ]))
      expect(res.status).toBe(201);
  });

  it('lists the lease and every month from its start with due, received and status', async () => {
    const res = await renter.api.get('/api/rental-history');
    expect(res.status).toBe(200);
    expect(res.body.leases).toHaveLength(1);
    const [lease] = res.body.leases;
    expect(lease).toMatchObject({
      id: leaseId,
      address: '4 History Road',
      unitLabel: 'Flat 2',
      leaseStart: `${start}-01`,
      leaseEnd: null,
      monthlyRent: 1000,
      securityDeposit: 2000,
      rentDueDay: 1,
      graceDays: 5,
      state: 'active',
    });
    // Payments pay the oldest charges first: $1,400 pays the first month and $400 of the second.
    expect(lease.months).toEqual([
      {
        month: thisMonth(),
        dueDate: `${thisMonth()}-01`,
        due: 1000,
        received: 0,
        // Due on the 1st with 5 grace days.
        status: Number(today().slice(8, 10)) > 6 ? 'late' : 'unpaid',
      },
      {
        month: shiftMonth(thisMonth(), -1),
        dueDate: `${shiftMonth(thisMonth(), -1)}-01`,
        due: 1000,
        received: 400,
        status: 'late',
      },
      {
        month: shiftMonth(thisMonth(), -2),
        dueDate: `${shiftMonth(thisMonth(), -2)}-01`,
        due: 1000,
        received: 1000,
        status: 'partial',
      },
      { month: start, dueDate: `${start}-01`, due: 1000, received: 0, status: 'paid' },
    ]);
    // Next month's rent is posted CHARGE_LOOKAHEAD_DAYS before it is due: in the balance, not yet owed.
    const next = addDays(today(), CHARGE_LOOKAHEAD_DAYS) >= `${shiftMonth(thisMonth(), 1)}-01` ? 1000 : 0;
    expect(lease.ledger.totals).toEqual({
      charged: 4000 + next,
      paid: 1400,
      balance: 2600 + next,
      owedNow: 2600,
      credit: 0,
    });
    expect(lease.ledger.lines.map((l: { kind: string }) => l.kind)).toEqual([
      'rent',
      'rent',
      'payment',
      'rent',
      'payment',
      'rent',
      ...(next > 0 ? ['rent'] : []),
    ]);
    expect(lease.ledger.next).toEqual(
      next > 0 ? { dueDate: `${shiftMonth(thisMonth(), 1)}-01`, amount: 1000, label: 'Rent' } : null,
    );
  });

  it("holds only the tenant's own lease: no transaction, other tenant or property figure", async () => {
    const body = JSON.stringify((await renter.api.get('/api/rental-history')).body);
    for (const secret of [
      'Secret',
      'plumber',
      '987654',
      '1 Lease Lane',
      '2 Other Street',
      w.tenant.userId,
      'currentMarketValue',
      'organizationId',
      'userId',
      'propertyId',
    ]) {
      expect(body).not.toContain(secret);
    }
    // The tenant still reads no transaction.
    expect((await renter.api.get('/api/transactions')).status).toBe(403);
  });

  it('staff get 403; a tenant without a lease gets an empty list', async () => {
    for (const person of [w.admin, w.landlord, w.manager]) {
      expect((await person.api.get('/api/rental-history')).status).toBe(403);
    }
    const nobody = await joinAs(w.orgId, 'TENANT', 'nobody');
    expect((await nobody.api.get('/api/rental-history')).body).toEqual({ leases: [] });
  });

  it('rent on a property of two running leases counts for the lease it is linked to, and only then', async () => {
    const house = (await w.admin.api.post('/api/properties', { address: '5 Shared House' })).body.id as string;
    const a = await joinAs(w.orgId, 'TENANT', 'housemate-a');
    const b = await joinAs(w.orgId, 'TENANT', 'housemate-b');
    const month = shiftMonth(thisMonth(), -1);
    await addLease(w.admin.api, house, {
      userId: a.userId,
      unitLabel: 'Room 1',
      leaseStart: `${month}-01`,
      monthlyRent: 500,
    });
    const roomTwo = await addLease(w.admin.api, house, {
      userId: b.userId,
      unitLabel: 'Room 2',
      leaseStart: `${month}-01`,
      monthlyRent: 600,
    });
    const rent = (leaseId?: string) =>
      w.admin.api.post('/api/transactions', {
        name: 'Rent',
        date: `${month}-03`,
        amount: 550, // neither lease's rent, from a payer no one linked: nothing tells the leases apart
        category: 'rental_income',
        propertyId: house,
        ...(leaseId && { leaseId }),
      });
    const unlinked = await rent();
    expect(unlinked.status).toBe(201);
    expect(unlinked.body.transaction.leaseId).toBeNull(); // two leases fit: never a guess
    expect((await rent(roomTwo.id)).status).toBe(201);
    const [mine] = (await a.api.get('/api/rental-history')).body.leases;
    expect(mine.months.at(-1)).toEqual({ month, dueDate: `${month}-01`, due: 500, received: 0, status: 'late' });
    const [theirs] = (await b.api.get('/api/rental-history')).body.leases;
    expect(theirs.months.at(-1)).toMatchObject({ month, due: 600, received: 550, status: 'partial' });
  });
});

describe("a tenant's current lease and the end of their membership", () => {
  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const currentOf = async (person: Person) => (await person.api.get('/api/organization')).body.currentAssignmentId;

  it('currentAssignmentId is the running lease that started last: not a past or upcoming one, and null for staff', async () => {
    const flat = (await w.admin.api.post('/api/properties', { address: '6 Current Court' })).body.id as string;
    const mover = await joinAs(w.orgId, 'TENANT', 'mover');
    expect(await currentOf(mover)).toBeNull();
    await addLease(w.admin.api, flat, valid(mover.userId, { unitLabel: 'Old flat' }));
    expect(await currentOf(mover)).toBeNull(); // a past lease is nobody's current one
    const running = await addLease(w.admin.api, flat, {
      userId: mover.userId,
      unitLabel: 'Flat 1',
      leaseStart: `${shiftMonth(thisMonth(), -2)}-01`,
      monthlyRent: 900,
    });
    expect(await currentOf(mover)).toBe(running.id);
    await addLease(w.admin.api, flat, {
      userId: mover.userId,
      unitLabel: 'Flat 9',
      leaseStart: `${shiftMonth(thisMonth(), 3)}-01`,
      monthlyRent: 950,
    });
    expect(await currentOf(mover)).toBe(running.id); // upcoming: not yet
    const later = await addLease(w.admin.api, w.other, {
      userId: mover.userId,
      unitLabel: 'Studio',
      leaseStart: `${shiftMonth(thisMonth(), -1)}-01`,
      monthlyRent: 700,
    });
    expect(await currentOf(mover)).toBe(later.id);
    // It follows the dates: ending the later lease yesterday makes the first one current again.
    expect(
      (await w.admin.api.patch(`/api/leases/${later.id}`, { leaseEnd: yesterday(), version: later.version })).status,
    ).toBe(200);
    expect(await currentOf(mover)).toBe(running.id);
    for (const person of [w.admin, w.landlord, w.manager]) expect(await currentOf(person)).toBeNull();
  });

  it('a member with a lease that has not ended can be neither removed, nor leave, nor stop being a tenant (409); once it ends, they can be removed', async () => {
    const flat = (await w.admin.api.post('/api/properties', { address: '7 Staying Street' })).body.id as string;
    const stayer = await joinAs(w.orgId, 'TENANT', 'stayer');
    const lease = await addLease(w.admin.api, flat, {
      userId: stayer.userId,
      leaseStart: `${shiftMonth(thisMonth(), 1)}-01`, // upcoming counts too
      monthlyRent: 1200,
    });
    const removal = await w.admin.api.delete(`/api/members/${stayer.userId}`);
    expect(removal.status).toBe(409);
    expect(removal.body.error).toMatch(/has a lease at 7 Staying Street that has not ended\. End it first/);
    const promoted = await w.admin.api.patch(`/api/members/${stayer.userId}`, { role: 'PROPERTY_MANAGER' });
    expect(promoted.status).toBe(409);
    expect(promoted.body.error).toMatch(/End it first .* then change their role/);
    const leaving = await stayer.api.post('/api/members/leave');
    expect(leaving.status).toBe(409);
    expect(leaving.body.error).toMatch(/You have a lease at 7 Staying Street that has not ended/);
    // Still a member: the refusals changed nothing.
    expect((await stayer.api.get('/api/rental-history')).status).toBe(200);

    const ended = await w.admin.api.patch(`/api/leases/${lease.id}`, {
      leaseStart: `${shiftMonth(thisMonth(), -6)}-01`,
      leaseEnd: yesterday(),
      version: lease.version,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await w.admin.api.delete(`/api/members/${stayer.userId}`)).status).toBe(200);
    // The past lease stays with the books, under its tenant's name.
    const kept = (await w.admin.api.get(`/api/properties/${flat}/leases`)).body.leases;
    expect(kept).toEqual([
      expect.objectContaining({ id: lease.id, tenant: expect.objectContaining({ email: stayer.email }) }),
    ]);

    // An ended lease of a former member can be corrected, but not extended past today.
    const corrected = await w.admin.api.patch(`/api/leases/${lease.id}`, {
      monthlyRent: 1250,
      version: ended.body.lease.version,
    });
    expect(corrected.status).toBe(200);
    const extended = await w.admin.api.patch(`/api/leases/${lease.id}`, {
      leaseEnd: null,
      version: corrected.body.lease.version,
    });
    expect(extended.status).toBe(400);
    expect(extended.body.error).toMatch(/no longer a tenant of your organization/);
    const after = (await w.admin.api.get(`/api/properties/${flat}/leases`)).body.leases[0];
    expect(after).toMatchObject({ monthlyRent: 1250, leaseEnd: yesterday() });
  });

  it('a lease written after the member was read makes that removal fail instead of orphaning the lease', async () => {
    const { getMember, removeMember } = await import('../../functions/src/data/people/members.js');
    const racer = await joinAs(w.orgId, 'TENANT', 'racer');
    const readBeforeTheLease = await getMember(w.orgId, racer.userId);
    await addLease(w.admin.api, w.home, { userId: racer.userId, leaseStart: today(), monthlyRent: 800 });
    const admin = await getMember(w.orgId, w.admin.userId);
    await expect(removeMember(w.orgId, readBeforeTheLease, admin)).rejects.toMatchObject({
      name: 'Conflict',
      code: 'CONFLICT',
    });
    expect((await racer.api.get('/api/rental-history')).body.leases).toHaveLength(1);
  });
});
