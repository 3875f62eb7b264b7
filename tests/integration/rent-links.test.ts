import { randomUUID } from 'node:crypto';
import { shiftMonth } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, joinAs, team } from '../support/members.js';

/**
 * Linking past rent to leases (docs/tenants-and-maintenance.md "Linking past rent"): rent on a property of several
 * leases that no rule could link gets a suggested lease with its reason, a person's "no lease" is left alone, and
 * applying links only the kept suggestions, after which the rent roll credits them.
 */
type Team = Awaited<ReturnType<typeof team>>;
const thisMonth = () => new Date().toISOString().slice(0, 7);
async function ok<T = Record<string, unknown>>(res: Promise<{ status: number; body: unknown }>, status = 200) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}
interface Suggestion {
  transactionId: string;
  leaseId: string;
  reason: string;
  tenant: string | null;
  amount: number;
  parts: { leaseId: string; amount: number }[] | null;
}

let w: Team;
let house: string;
let lease: Record<'kim' | 'ortiz', string>;
const month = (n: number) => shiftMonth(thisMonth(), -n);
const pay = (api: Api, name: string, date: string, amount: number, extra: Record<string, unknown> = {}) =>
  ok<{ transaction: { id: string } }>(
    api.post('/api/transactions', { name, date, amount, category: 'rental_income', propertyId: house, ...extra }),
    201,
  ).then((t) => t.transaction.id);

beforeAll(async () => {
  w = await team();
  house = (
    await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Duplex Road` }), 201)
  ).id;
  const [kim, ortiz] = await Promise.all([joinAs(w.orgId, 'TENANT', 'kim'), joinAs(w.orgId, 'TENANT', 'ortiz')]);
  const add = async (userId: string, unitLabel: string, monthlyRent: number) =>
    (
      await ok<{ lease: { id: string } }>(
        w.admin.api.post(`/api/properties/${house}/leases`, {
          userId,
          unitLabel,
          leaseStart: `${month(3)}-01`,
          monthlyRent,
        }),
        201,
      )
    ).lease.id;
  lease = { kim: await add(kim.userId, 'Upstairs', 1200), ortiz: await add(ortiz.userId, 'Downstairs', 1350) };
});

describe('link past rent to leases', () => {
  it('suggests what arrival could not decide, says why, and links the kept ones', async () => {
    // Two leases run on the property. On arrival the rule links the rent it can tell apart: by its amount ...
    const byAmount = await pay(w.admin.api, 'ONLINE PMT DOWNSTAIRS ASSOC', `${month(3)}-03`, 1350);
    // ... and by a payer a person linked before.
    await pay(w.admin.api, 'ACH DEPOSIT UPSTAIRS LLC', `${month(3)}-02`, 1200, { leaseId: lease.kim });
    const taught = await pay(w.admin.api, 'ACH DEPOSIT UPSTAIRS LLC', `${month(2)}-02`, 1200);
    const linked = async (id: string) =>
      (await ok<{ transaction: Record<string, unknown> }>(w.admin.api.get(`/api/transactions/${id}`))).transaction;
    expect(await linked(byAmount)).toMatchObject({ leaseId: lease.ortiz, leaseLinkReason: 'amount' });
    expect(await linked(taught)).toMatchObject({ leaseId: lease.kim, leaseLinkReason: 'samePayer' });
    // Left for the review: a short payment from the payer whose rent was linked (history teaches the review), a
    // payment that fits nothing, one a person marked "no lease", and one check for both rents.
    const samePayer = await pay(w.admin.api, 'ONLINE PMT DOWNSTAIRS ASSOC', `${month(2)}-03`, 1300);
    const unsure = await pay(w.admin.api, 'Cash deposit', `${month(1)}-04`, 900);
    const refused = await pay(w.admin.api, 'Zelle transfer 9911', `${month(1)}-05`, 1350, { leaseId: null });
    const both = await pay(w.admin.api, 'Check 1207', `${month(1)}-06`, 2550);
    expect((await linked(samePayer)).leaseId).toBeNull();

    const review = await ok<{ suggestions: Suggestion[]; unmatched: number }>(w.manager.api.get('/api/rent-links'));
    const mine = review.suggestions.filter((s) =>
      [byAmount, taught, samePayer, unsure, refused].includes(s.transactionId),
    );
    // The unsure payment and the one marked "no lease" get no suggestion; linked ones are not asked.
    expect(mine.map((s) => [s.transactionId, s.leaseId, s.reason])).toEqual([[samePayer, lease.ortiz, 'samePayer']]);
    expect(review.unmatched).toBe(1);
    const check = review.suggestions.find((s) => s.transactionId === both)!;
    expect(check).toMatchObject({ leaseId: null, reason: 'rentsAdd', amount: 2550 });
    expect(check.parts!.map((p) => [p.leaseId, p.amount]).sort()).toEqual(
      [
        [lease.kim, 1200],
        [lease.ortiz, 1350],
      ].sort(),
    );

    const rentRoll = () =>
      ok<{ leases: { id: string; totals: { received: number } }[] }>(
        w.admin.api.get(`/api/reports/rent-roll?from=${month(3)}&to=${thisMonth()}`),
      );
    const received = (r: Awaited<ReturnType<typeof rentRoll>>, id: string) =>
      r.leases.find((l) => l.id === id)!.totals.received;
    expect(received(await rentRoll(), lease.ortiz)).toBe(1350);

    expect(await ok(w.admin.api.post('/api/rent-links', { transactionIds: [samePayer] }))).toEqual({ linked: 1 });
    const after = await rentRoll();
    expect(received(after, lease.ortiz)).toBe(2650);
    expect(received(after, lease.kim)).toBe(2400);
    const left = await ok<{ suggestions: Suggestion[] }>(w.admin.api.get('/api/rent-links'));
    expect(left.suggestions.map((s) => s.transactionId)).toEqual([both]);

    // The check of both rents, split: each lease is credited its rent that month.
    expect(await ok(w.admin.api.post('/api/rent-links', { transactionIds: [both] }))).toEqual({ linked: 1 });
    const split = await ok<Awaited<ReturnType<typeof rentRoll>>>(
      w.admin.api.get(`/api/reports/rent-roll?from=${month(1)}&to=${month(1)}`),
    );
    expect([received(split, lease.kim), received(split, lease.ortiz)]).toEqual([1200, 1350]);
    const trail = await ok<{ entries: { text?: string; via?: string }[] }>(
      w.admin.api.get(`/api/transactions/${samePayer}/activity`),
    );
    expect(JSON.stringify(trail)).toContain('rent_links');
  });

  it("reads every leased property's rent, each from its first lease on", async () => {
    // Three more properties of two leases each, the first lease of the n-th beginning n months ago: on each, one
    // check for both rents in its first month and one the month before, when it had no lease.
    const properties = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const id = (
          await ok<{ id: string }>(w.admin.api.post('/api/properties', { address: `${randomUUID()} Row ${n}` }), 201)
        ).id;
        const rents = [1000 + n, 2000 + n];
        const leaseIds: string[] = [];
        for (const [i, monthlyRent] of rents.entries()) {
          const tenant = await joinAs(w.orgId, 'TENANT', `row${n}-${i}`);
          const body = { userId: tenant.userId, unitLabel: `Unit ${i + 1}`, leaseStart: `${month(n)}-01`, monthlyRent };
          leaseIds.push(
            (await ok<{ lease: { id: string } }>(w.admin.api.post(`/api/properties/${id}/leases`, body), 201)).lease.id,
          );
        }
        const check = (date: string) =>
          ok<{ transaction: { id: string } }>(
            w.admin.api.post('/api/transactions', {
              name: `Check ${randomUUID().slice(0, 8)}`,
              date,
              amount: rents[0]! + rents[1]!,
              category: 'rental_income',
              propertyId: id,
            }),
            201,
          ).then((t) => t.transaction.id);
        return { leaseIds, during: await check(`${month(n)}-06`), before: await check(`${month(n + 1)}-06`) };
      }),
    );
    const review = await ok<{ suggestions: Suggestion[] }>(w.admin.api.get('/api/rent-links'));
    const byId = new Map(review.suggestions.map((s) => [s.transactionId, s]));
    for (const { leaseIds, during, before } of properties) {
      const check = byId.get(during);
      expect(check).toMatchObject({ leaseId: null, reason: 'rentsAdd' });
      expect(check?.parts?.map((p) => p.leaseId).sort()).toEqual([...leaseIds].sort());
      expect(byId.has(before)).toBe(false);
    }
  });

  it('leaves rent in the closed period out: the closed books keep their links', async () => {
    const t = await team();
    const flat = (
      await ok<{ id: string }>(t.admin.api.post('/api/properties', { address: `${randomUUID()} Closed Court` }), 201)
    ).id;
    const [a, b] = await Promise.all([joinAs(t.orgId, 'TENANT', 'a'), joinAs(t.orgId, 'TENANT', 'b')]);
    for (const [userId, monthlyRent] of [
      [a.userId, 1200],
      [b.userId, 1350],
    ] as const) {
      await ok(
        t.admin.api.post(`/api/properties/${flat}/leases`, { userId, leaseStart: `${month(3)}-01`, monthlyRent }),
        201,
      );
    }
    const check = (date: string) =>
      ok<{ transaction: { id: string } }>(
        t.admin.api.post('/api/transactions', {
          name: `Check ${randomUUID().slice(0, 8)}`,
          date,
          amount: 2550,
          category: 'rental_income',
          propertyId: flat,
        }),
        201,
      ).then((r) => r.transaction.id);
    const [closed, open] = [await check(`${month(3)}-06`), await check(`${month(1)}-06`)];
    await ok(t.admin.api.put('/api/organization/closed-period', { closedThrough: `${month(2)}-01` }));

    const review = await ok<{ suggestions: Suggestion[] }>(t.admin.api.get('/api/rent-links'));
    expect(review.suggestions.map((s) => s.transactionId)).toEqual([open]);
    expect(await ok(t.admin.api.post('/api/rent-links', { transactionIds: [closed, open] }))).toEqual({ linked: 1 });
    const of = async (id: string) =>
      (await ok<{ transaction: { parts: unknown[] | null } }>(t.admin.api.get(`/api/transactions/${id}`))).transaction;
    expect((await of(closed)).parts ?? null).toBeNull();
    expect((await of(open)).parts).toHaveLength(2);
  });

  it('refuses bad input and tenants', async () => {
    expect((await w.admin.api.post('/api/rent-links', { transactionIds: [] })).status).toBe(400);
    expect((await w.admin.api.post('/api/rent-links', {})).status).toBe(400);
    expect((await w.tenant.api.get('/api/rent-links')).status).toBe(403);
    expect(await ok(w.admin.api.post('/api/rent-links', { transactionIds: [randomUUID()] }))).toEqual({ linked: 0 });
  });
});
