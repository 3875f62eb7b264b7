import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import { type Api, joinAs, team } from '../support/members.js';
import { bankOrg, bankSyncModules, plaidTx } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';
import { ruleBody } from './rules-helpers.js';

/**
 * Lease links (docs/ledger.md "Lease links"): a transaction's leaseId is checked
 * (another organization's lease 404, a tenant 403, an expense or another property's lease 400), rent is linked
 * automatically on creation, rule apply, file import and bank sync when exactly one lease fits, and a person's
 * choice (a lease, or none) is never overwritten by automation.
 */
type Team = Awaited<ReturnType<typeof team>>;

async function ok<T = Record<string, any>>(res: Promise<{ status: number; body: any }>, status = 201): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}
const property = async (api: Api, address: string) =>
  (await ok(api.post('/api/properties', { address: `${address} ${randomUUID().slice(0, 6)}` }))).id as string;
async function lease(
  api: Api,
  propertyId: string,
  userId: string,
  leaseStart: string,
  leaseEnd: string | null = null,
  monthlyRent = 1000,
) {
  const body = { userId, leaseStart, leaseEnd, monthlyRent, securityDeposit: 0 };
  return (await ok(api.post(`/api/properties/${propertyId}/leases`, body))).lease.id as string;
}
// Unique by a reference number, as a bank writes it: a description of bank words and a number names no payer, so a
// person's link of it teaches a lease nothing (a random word could, and the payer tests would then see it learned).
const rent = (propertyId: string | null, over: Record<string, unknown> = {}) => ({
  name: `Rent ${randomInt(10_000_000, 100_000_000)}`,
  date: '2026-02-03',
  amount: 1000,
  category: 'rental_income',
  propertyId,
  notes: null,
  ...over,
});
const create = async (api: Api, body: Record<string, unknown>) =>
  (await ok(api.post('/api/transactions', body))).transaction;
const stored = async (orgId: string, name: string) =>
  (await partition(`ORG#${orgId}`)).find((i) => i.type === 'Transaction' && i.name === name)!;

let w: Team;
let x: Team;
let home: string; // one lease from 2026-01-01
let duplex: string; // two leases at once from 2026-03-01
let homeLease: string;
let duplexA: string;
let duplexB: string;
let theirLease: string;
beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
  [home, duplex] = await Promise.all([property(w.admin.api, '1 Link Lane'), property(w.admin.api, '2 Duplex Drive')]);
  const theirs = await property(x.admin.api, '9 Far Away');
  const other = await joinAs(w.orgId, 'TENANT', 'other');
  [homeLease, duplexA, duplexB, theirLease] = await Promise.all([
    lease(w.admin.api, home, w.tenant.userId, '2026-01-01'),
    lease(w.admin.api, duplex, w.tenant.userId, '2026-01-01', '2026-12-31'),
    lease(w.admin.api, duplex, other.userId, '2026-03-01'),
    lease(x.admin.api, theirs, x.tenant.userId, '2026-01-01'),
  ]);
});

describe('leaseId on transactions', () => {
  it("another organization's lease is 404 on create and edit; a tenant gets 403", async () => {
    const foreign = await w.admin.api.post('/api/transactions', rent(home, { leaseId: theirLease }));
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).toMatch(/Lease was not found/);
    const t = await create(w.admin.api, rent(home));
    const edit = await w.admin.api.put(`/api/transactions/${t.id}`, { ...rent(home), leaseId: theirLease, version: 1 });
    expect(edit.status).toBe(404);
    const tenant = await w.tenant.api.post('/api/transactions', rent(home, { leaseId: homeLease }));
    expect(tenant.status).toBe(403);
    expect((await w.admin.api.get(`/api/transactions/${t.id}`)).body.transaction).toMatchObject({
      leaseId: homeLease,
      version: 1,
    });
  });

  it('an expense, another property or no property with a lease is a clear 400; so is a malformed id', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [rent(home, { amount: -50, category: 'repairs', leaseId: homeLease }), /Only income/],
      [rent(duplex, { leaseId: homeLease }), /property/],
      [rent(null, { leaseId: homeLease }), /property/],
      [rent(home, { leaseId: 'not an id!' }), /Choose a lease/],
    ];
    for (const [body, message] of cases) {
      const res = await w.admin.api.post('/api/transactions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
  });

  it('stores and returns a chosen lease; any staff member may choose one', async () => {
    const t = await create(w.manager.api, rent(duplex, { date: '2026-03-05', leaseId: duplexB }));
    expect(t).toMatchObject({ leaseId: duplexB, leaseLinkSource: 'manual' });
    expect(await stored(w.orgId, t.name)).toMatchObject({ leaseId: duplexB, leaseLinkSource: 'manual' });
  });
});

describe('automatic links', () => {
  it('on creation: rent on a property with exactly one fitting lease; never other income, other dates or two leases', async () => {
    expect(await create(w.admin.api, rent(home))).toMatchObject({ leaseId: homeLease, leaseLinkSource: 'auto' });
    expect(await create(w.admin.api, rent(duplex))).toMatchObject({ leaseId: duplexA, leaseLinkSource: 'auto' });
    expect((await create(w.admin.api, rent(duplex, { date: '2026-03-02' }))).leaseId).toBeNull();
    expect((await create(w.admin.api, rent(home, { date: '2025-12-31' }))).leaseId).toBeNull();
    expect((await create(w.admin.api, rent(home, { category: 'late_fees' }))).leaseId).toBeNull();
    expect((await create(w.admin.api, rent(null))).leaseId).toBeNull();
  });

  it("keeps a person's choice, also none, through edits and rule applies; a choice that no longer fits is dropped", async () => {
    const none = await create(
      w.admin.api,
      rent(home, { leaseId: null, category: null, name: `ACME RENT ${randomUUID()}` }),
    );
    expect(none).toMatchObject({ leaseId: null, leaseLinkSource: 'manual' });
    const auto = await create(w.admin.api, rent(home, { category: null, name: `ACME RENT ${randomUUID()}` }));
    expect(auto.leaseId).toBeNull(); // not rent yet: uncategorized
    const applied = await w.admin.api.post('/api/categorization-rules/apply-single', {
      rule: { namePattern: 'acme rent', category: 'rental_income' },
      transactions: [none, auto],
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.categorizedCount).toBe(2);
    const read = async (id: string) => (await w.admin.api.get(`/api/transactions/${id}`)).body.transaction;
    expect(await read(none.id)).toMatchObject({ category: 'rental_income', leaseId: null, leaseLinkSource: 'manual' });
    expect(await read(auto.id)).toMatchObject({
      category: 'rental_income',
      leaseId: homeLease,
      leaseLinkSource: 'auto',
    });

    // An edit that says nothing of the lease keeps the choice.
    const current = await read(none.id);
    const edited = await ok(
      w.admin.api.put(`/api/transactions/${none.id}`, { ...rent(home), name: current.name, version: current.version }),
      200,
    );
    expect(edited.transaction).toMatchObject({ leaseId: null, leaseLinkSource: 'manual' });

    // A chosen lease moved with its transaction to another property no longer fits: the rule decides again.
    const chosen = await create(w.admin.api, rent(duplex, { leaseId: duplexA }));
    const moved = await ok(
      w.admin.api.put(`/api/transactions/${chosen.id}`, { ...rent(home), name: chosen.name, version: 1 }),
      200,
    );
    expect(moved.transaction).toMatchObject({ leaseId: homeLease, leaseLinkSource: 'auto' });
    // Bulk: a new property moves the automatic link with it.
    const bulk = await w.admin.api.post('/api/transactions/bulk', { ids: [chosen.id], set: { propertyId: duplex } });
    expect(bulk.status).toBe(200);
    expect(await read(chosen.id)).toMatchObject({ leaseId: duplexA, leaseLinkSource: 'auto' });
    // A person clears it: it stays cleared.
    const cleared = await ok(
      w.admin.api.put(`/api/transactions/${chosen.id}`, {
        ...rent(duplex),
        name: chosen.name,
        leaseId: null,
        version: (await read(chosen.id)).version,
      }),
      200,
    );
    expect(cleared.transaction).toMatchObject({ leaseId: null, leaseLinkSource: 'manual' });
    await expectLedgerConsistent(w.orgId);
  });

  it('an undo of a rule apply restores the lease link with the category, as every write path does', async () => {
    const name = `UNDO RENT ${randomUUID()}`;
    const paid = await create(w.admin.api, rent(home, { name }));
    expect(paid).toMatchObject({ category: 'rental_income', leaseId: homeLease, leaseLinkSource: 'auto' });
    const applied = await ok(
      w.admin.api.post('/api/categorization-rules/apply-single', {
        rule: { namePattern: name.toLowerCase(), category: 'repairs' },
        transactions: [paid],
      }),
      200,
    );
    const read = async () => (await w.admin.api.get(`/api/transactions/${paid.id}`)).body.transaction;
    expect(await read()).toMatchObject({ category: 'repairs', leaseId: null }); // not rent: the link goes
    await ok(w.admin.api.post(`/api/categorization-rules/batches/${applied.batchId}/undo`), 200);
    expect(await read()).toMatchObject({ category: 'rental_income', leaseId: homeLease, leaseLinkSource: 'auto' });
    await expectLedgerConsistent(w.orgId);
  });

  it("tells two running leases apart by the payer a person linked before, and says why; a person's new pick re-teaches", async () => {
    const zelle = (date: string, over: Record<string, unknown> = {}) =>
      rent(duplex, { name: `ZELLE FROM PAT QUINN ${Math.floor(Math.random() * 9e7 + 1e7)}`, date, ...over });
    // Both leases run in April: with nothing learned, nothing tells them apart.
    expect((await create(w.admin.api, zelle('2026-04-02'))).leaseId).toBeNull();
    expect(await create(w.admin.api, zelle('2026-03-05', { leaseId: duplexB }))).toMatchObject({
      leaseLinkSource: 'manual',
      leaseLinkReason: null,
    });
    const april = await create(w.admin.api, zelle('2026-04-05'));
    expect(april).toMatchObject({ leaseId: duplexB, leaseLinkSource: 'auto', leaseLinkReason: 'samePayer' });
    // The person moves it to the other lease: that lease learns the payer, the first forgets it.
    const moved = await ok(
      w.admin.api.put(`/api/transactions/${april.id}`, { ...zelle('2026-04-05'), leaseId: duplexA, version: 1 }),
      200,
    );
    expect(moved.transaction).toMatchObject({ leaseId: duplexA, leaseLinkSource: 'manual', leaseLinkReason: null });
    expect(await create(w.admin.api, zelle('2026-05-05'))).toMatchObject({
      leaseId: duplexA,
      leaseLinkReason: 'samePayer',
    });
    const learned = (await partition(`ORG#${w.orgId}`)).filter((i) => i.type === 'Tenancy' && i.payerKeys);
    expect(learned.map((l) => [l.id, [...(l.payerKeys as Set<string>)]])).toEqual([
      [duplexA, ['zelle from pat quinn']],
    ]);
  });

  it('on file import: rent categorized on arrival is linked', async () => {
    const { api } = await newAdmin('lease-import');
    const orgId = (await api.get('/api/organization')).body.id as string;
    const flat = await property(api, '3 Import Street');
    const renter = await joinAs(orgId, 'TENANT', 'importer');
    const flatLease = await lease(api, flat, renter.userId, '2026-01-01');
    await ok(
      api.post(
        '/api/categorization-rules',
        ruleBody({ name: 'Rent', namePattern: 'monthly rent', category: 'rental_income' }),
      ),
    );
    const res = await api.post('/api/imports', {
      id: randomUUID(),
      fileName: 'rent.csv',
      bankAccountId: null,
      propertyId: flat,
      totalRows: 2,
      rows: [
        { line: 2, date: '2026-02-01', name: 'MONTHLY RENT FLAT', amount: 1000, include: true },
        { line: 3, date: '2026-02-02', name: 'Plumber', amount: -80, include: true },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await stored(orgId, 'MONTHLY RENT FLAT')).toMatchObject({
      category: 'rental_income',
      leaseId: flatLease,
      leaseLinkSource: 'auto',
    });
    expect((await stored(orgId, 'Plumber')).leaseId ?? null).toBeNull();
    await expectLedgerConsistent(orgId);
  });

  it('on bank sync: rent arriving on the account of a leased property is linked', async () => {
    const { api } = await newAdmin('lease-sync');
    const { orgId, propertyId, institutionId } = await bankOrg(api);
    const renter = await joinAs(orgId, 'TENANT', 'syncer');
    const syncedLease = await lease(api, propertyId, renter.userId, '2026-01-01');
    await ok(
      api.post(
        '/api/categorization-rules',
        ruleBody({ name: 'Rent', namePattern: 'rent deposit', category: 'rental_income' }),
      ),
    );
    const { sync, rules } = await bankSyncModules();
    rules.forgetRules(orgId);
    const deposit = plaidTx({ name: 'RENT DEPOSIT', amount: -1000, date: '2026-02-04' });
    await sync.applySyncPages(orgId, { id: institutionId }, { added: [deposit], modified: [], removed: [] } as never);
    expect(await stored(orgId, 'RENT DEPOSIT')).toMatchObject({
      category: 'rental_income',
      leaseId: syncedLease,
      leaseLinkSource: 'auto',
    });
    const roll = await api.get(`/api/reports/rent-roll?from=2026-02&to=2026-02&propertyId=${propertyId}`);
    // Credited to the lease in February; it pays the oldest charge first, January's, so February is still open.
    expect(roll.body.leases[0].months[0]).toMatchObject({ month: '2026-02', received: 1000, status: 'late' });
    expect(roll.body.leases[0].totals).toMatchObject({ received: 1000 });
    await expectLedgerConsistent(orgId);
  });
});

describe('matching on bank sync', () => {
  it('links a payment to the lease whose rent it is when two leases run, and says so', async () => {
    const { api } = await newAdmin('lease-sync-two');
    const { orgId, propertyId, institutionId } = await bankOrg(api);
    const [upstairs, downstairs] = await Promise.all([
      joinAs(orgId, 'TENANT', 'upstairs'),
      joinAs(orgId, 'TENANT', 'downstairs'),
    ]);
    const [upLease] = await Promise.all([
      lease(api, propertyId, upstairs.userId, '2026-01-01', null, 1250),
      lease(api, propertyId, downstairs.userId, '2026-01-01', null, 1000),
    ]);
    await ok(
      api.post(
        '/api/categorization-rules',
        ruleBody({ name: 'Rent', namePattern: 'ach credit', category: 'rental_income' }),
      ),
    );
    const { sync, rules } = await bankSyncModules();
    rules.forgetRules(orgId);
    const page = [
      plaidTx({ name: 'ACH CREDIT 1', amount: -1250, date: '2026-02-03' }),
      plaidTx({ name: 'ACH CREDIT 2', amount: -1100, date: '2026-02-03' }),
    ];
    await sync.applySyncPages(orgId, { id: institutionId }, { added: page, modified: [], removed: [] } as never);
    expect(await stored(orgId, 'ACH CREDIT 1')).toMatchObject({
      leaseId: upLease,
      leaseLinkSource: 'auto',
      leaseLinkReason: 'amount',
    });
    // Neither rent: left for a person (or the "link past rent" review).
    expect((await stored(orgId, 'ACH CREDIT 2')).leaseId ?? null).toBeNull();
    await expectLedgerConsistent(orgId);
  });
});

describe("a lease's months decide its links", () => {
  const linkOf = async (api: Api, id: string) => {
    const t = (await api.get(`/api/transactions/${id}`)).body.transaction;
    return { leaseId: t.leaseId ?? null, leaseLinkSource: t.leaseLinkSource ?? null };
  };

  it('a manual link to a lease that does not run in the month is a clear 400; a month it runs in is enough', async () => {
    const place = await property(w.admin.api, '3 Month Mews');
    const mid = await lease(w.admin.api, place, w.tenant.userId, '2026-05-15', '2026-08-14');
    const before = await w.admin.api.post('/api/transactions', rent(place, { date: '2026-03-31', leaseId: mid }));
    expect(before.status).toBe(400);
    expect(JSON.stringify(before.body)).toMatch(
      /does not run in the transaction's month, nor start in the month after/,
    );
    const early = await create(w.admin.api, rent(place, { date: '2026-05-02' }));
    const edit = await w.admin.api.put(`/api/transactions/${early.id}`, {
      ...rent(place, { date: '2026-09-01', name: early.name }),
      leaseId: mid,
      version: early.version,
    });
    expect(edit.status).toBe(400);
    // Paid before the lease's first day but in its first month: the rent roll credits that month.
    const chosen = await w.admin.api.put(`/api/transactions/${early.id}`, {
      ...rent(place, { date: '2026-05-02', name: early.name }),
      leaseId: mid,
      version: early.version,
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const roll = await w.admin.api.get(`/api/reports/rent-roll?from=2026-05&to=2026-05&propertyId=${place}`);
    expect(roll.body.leases[0].months[0]).toMatchObject({ month: '2026-05', received: 1000, status: 'paid' });
  });

  it("rent paid in the month before a lease starts may be linked to it, and counts for the lease's first month", async () => {
    const { api } = await newAdmin('lease-signing');
    const orgId = (await api.get('/api/organization')).body.id as string;
    const renter = await joinAs(orgId, 'TENANT', 'signing');
    const place = await property(api, '7 Signing Street');
    const fresh = await lease(api, place, renter.userId, '2026-03-01');
    // Paid at signing in February: not linked automatically (another lease could run then), but a person may.
    const atSigning = await create(api, rent(place, { date: '2026-02-20' }));
    expect(atSigning.leaseId ?? null).toBeNull();
    const linked = await ok(
      api.put(`/api/transactions/${atSigning.id}`, {
        ...rent(place, { date: '2026-02-20', name: atSigning.name }),
        leaseId: fresh,
        version: atSigning.version,
      }),
      200,
    );
    expect(linked.transaction).toMatchObject({ leaseId: fresh, leaseLinkSource: 'manual' });
    const roll = await ok(api.get(`/api/reports/rent-roll?from=2026-02&to=2026-03&propertyId=${place}`), 200);
    expect(roll.leases[0].months[0]).toMatchObject({ month: '2026-03', received: 1000, balance: 0, status: 'paid' });
    expect(roll.totals.unlinkedMonths).toBe(0);
    await expectLedgerConsistent(orgId);

    // The lease now starts in April: February is no longer the month before, and the link goes.
    await ok(api.patch(`/api/leases/${fresh}`, { leaseStart: '2026-04-01', version: 1 }), 200);
    expect(await linkOf(api, atSigning.id)).toEqual({ leaseId: null, leaseLinkSource: null });
    await expectLedgerConsistent(orgId);
  });

  it('changing, deleting and adding a lease re-links its rent: no link outlives its months', async () => {
    const { api, email } = await newAdmin('lease-months');
    const orgId = (await api.get('/api/organization')).body.id as string;
    const userId = localSubFor(email);
    const renter = await joinAs(orgId, 'TENANT', 'months');
    const place = await property(api, '4 Term Terrace');
    const first = await lease(api, place, renter.userId, '2026-01-01');
    const feb = await create(api, rent(place, { date: '2026-02-03' }));
    const apr = await create(api, rent(place, { date: '2026-04-03', leaseId: first }));
    expect(feb).toMatchObject({ leaseId: first, leaseLinkSource: 'auto' });
    expect(apr).toMatchObject({ leaseId: first, leaseLinkSource: 'manual' });

    // The lease ends in February: April's rent (a person's choice) no longer fits, and no other lease does.
    // Each lease is changed at the version it was added with (1).
    await ok(api.patch(`/api/leases/${first}`, { leaseEnd: '2026-02-28', version: 1 }), 200);
    expect(await linkOf(api, feb.id)).toEqual({ leaseId: first, leaseLinkSource: 'auto' });
    expect(await linkOf(api, apr.id)).toEqual({ leaseId: null, leaseLinkSource: null });
    const trail = (await partition(`ORG#${orgId}#TXACT#${apr.id}`)).filter((e) => e.type === 'AuditEntry');
    expect(trail.find((e) => e.via === 'lease_change')).toMatchObject({
      actorId: userId,
      changes: [{ field: 'leaseId', from: first, to: null }],
    });
    const roll = await api.get(`/api/reports/rent-roll?from=2026-04&to=2026-04&propertyId=${place}`);
    expect(roll.body.leases).toEqual([]);
    await expectLedgerConsistent(orgId);

    // A new lease from March takes April's rent; deleting the first leaves February's rent linked to none.
    const second = await lease(api, place, renter.userId, '2026-03-01');
    expect(await linkOf(api, apr.id)).toEqual({ leaseId: second, leaseLinkSource: 'auto' });
    await ok(api.delete(`/api/leases/${first}`), 200);
    expect(await linkOf(api, feb.id)).toEqual({ leaseId: null, leaseLinkSource: null });
    const february = await api.get(`/api/reports/rent-roll?from=2026-02&to=2026-04&propertyId=${place}`);
    expect(february.body.leases).toHaveLength(1);
    expect(february.body.leases[0].months.map((m: { month: string }) => m.month)).toEqual(['2026-03', '2026-04']);
    await expectLedgerConsistent(orgId);

    // Saving the same lease again changes nothing (the re-link is idempotent).
    await ok(api.patch(`/api/leases/${second}`, { leaseEnd: null, version: 1 }), 200);
    expect(await linkOf(api, apr.id)).toEqual({ leaseId: second, leaseLinkSource: 'auto' });
    expect((await api.get(`/api/transactions/${apr.id}`)).body.transaction.version).toBe(apr.version + 2);
  });

  it("deleting a lease drops it from a split's parts too, also from a split across properties", async () => {
    const { api } = await newAdmin('lease-parts');
    const orgId = (await api.get('/api/organization')).body.id as string;
    const [ann, bea] = await Promise.all([joinAs(orgId, 'TENANT', 'ann'), joinAs(orgId, 'TENANT', 'bea')]);
    const [shared, single] = await Promise.all([property(api, '5 Share Street'), property(api, '6 Solo Street')]);
    const [annLease, beaLease, soloLease] = await Promise.all([
      lease(api, shared, ann.userId, '2026-01-01'),
      lease(api, shared, bea.userId, '2026-01-01'),
      lease(api, single, ann.userId, '2026-01-01'),
    ]);
    const part = (propertyId: string, leaseId: string) => ({
      amount: 1000,
      category: 'rental_income',
      propertyId,
      leaseId,
      memo: null,
    });
    // Only on the shared property, and across both (read from the partition of splits across properties).
    const roommates = await create(api, rent(shared, { amount: 2000 }));
    const across = await create(api, rent(shared, { amount: 2000 }));
    await ok(
      api.put(`/api/transactions/${roommates.id}/split`, {
        version: roommates.version,
        parts: [part(shared, annLease), part(shared, beaLease)],
      }),
      200,
    );
    await ok(
      api.put(`/api/transactions/${across.id}/split`, {
        version: across.version,
        parts: [part(shared, annLease), part(single, soloLease)],
      }),
      200,
    );
    const partLeases = async (id: string) =>
      ((await ok(api.get(`/api/transactions/${id}`), 200)).transaction.parts as { leaseId: string | null }[]).map(
        (p) => p.leaseId,
      );

    await ok(api.delete(`/api/leases/${beaLease}`), 200);
    expect(await partLeases(roommates.id)).toEqual([annLease, null]);
    await ok(api.delete(`/api/leases/${soloLease}`), 200);
    expect(await partLeases(across.id)).toEqual([annLease, null]);
    const trail = (await partition(`ORG#${orgId}#TXACT#${across.id}`)).filter((e) => e.type === 'AuditEntry');
    expect(trail.some((e) => e.via === 'lease_change')).toBe(true);
    // The parts' lease counters follow: the rent roll credits Bea nothing and says the month holds rent linked to no
    // lease, and the ledger recomputes to the same counters.
    const roll = await ok(api.get(`/api/reports/rent-roll?from=2026-02&to=2026-02&propertyId=${shared}`), 200);
    const received = roll.leases.map((l: { id: string; months: { received: number }[] }) => [
      l.id,
      l.months[0]!.received,
    ]);
    expect(received).toEqual([[annLease, 2000]]);
    expect(roll.totals.unlinkedMonths).toBe(1);
    await expectLedgerConsistent(orgId);
  });
});
