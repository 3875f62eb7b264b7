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
  it('suggests a lease only when one surely fits, says why, and links the kept ones', async () => {
    // Two leases run on the property: no rule links these on arrival.
    const byAmount = await pay(w.admin.api, 'Zelle transfer 8841', `${month(2)}-03`, 1350);
    const learnedFrom = await pay(w.admin.api, 'ACH DEPOSIT UPSTAIRS LLC', `${month(3)}-02`, 1200, {
      leaseId: lease.kim,
    });
    const samePayer = await pay(w.admin.api, 'ACH DEPOSIT UPSTAIRS LLC', `${month(2)}-02`, 1200);
    const unsure = await pay(w.admin.api, 'Cash deposit', `${month(1)}-04`, 900);
    const refused = await pay(w.admin.api, 'Zelle transfer 9911', `${month(1)}-05`, 1350, { leaseId: null });
    const both = await pay(w.admin.api, 'Check 1207', `${month(1)}-06`, 2550);

    const review = await ok<{ suggestions: Suggestion[]; unmatched: number }>(w.manager.api.get('/api/rent-links'));
    const mine = review.suggestions.filter((s) =>
      [byAmount, samePayer, unsure, refused, learnedFrom].includes(s.transactionId),
    );
    // Newest first: the unsure payment and the one marked "no lease" get no suggestion; the linked one is not asked.
    expect(mine.map((s) => [s.transactionId, s.leaseId, s.reason])).toEqual([
      [byAmount, lease.ortiz, 'amount'],
      [samePayer, lease.kim, 'samePayer'],
    ]);
    expect(review.unmatched).toBe(1);

    const before = await ok<{ leases: { id: string; totals: { received: number } }[] }>(
      w.admin.api.get(`/api/reports/rent-roll?from=${month(3)}&to=${thisMonth()}`),
    );
    const received = (r: typeof before, id: string) => r.leases.find((l) => l.id === id)!.totals.received;
    expect(received(before, lease.ortiz)).toBe(0);

    expect(await ok(w.admin.api.post('/api/rent-links', { transactionIds: [byAmount] }))).toEqual({ linked: 1 });
    const after = await ok<typeof before>(w.admin.api.get(`/api/reports/rent-roll?from=${month(3)}&to=${thisMonth()}`));
    expect(received(after, lease.ortiz)).toBe(1350);
    expect(received(after, lease.kim)).toBe(1200);
    const left = await ok<{ suggestions: Suggestion[] }>(w.admin.api.get('/api/rent-links'));
    expect(left.suggestions.map((s) => s.transactionId)).toEqual([both, samePayer]);

    // The check of both rents, split: each lease is credited its rent that month.
    expect(await ok(w.admin.api.post('/api/rent-links', { transactionIds: [both] }))).toEqual({ linked: 1 });
    const split = await ok<typeof before>(w.admin.api.get(`/api/reports/rent-roll?from=${month(1)}&to=${month(1)}`));
    expect([received(split, lease.kim), received(split, lease.ortiz)]).toEqual([1200, 1350]);
    const trail = await ok<{ entries: { text?: string; via?: string }[] }>(
      w.admin.api.get(`/api/transactions/${byAmount}/activity`),
    );
    expect(JSON.stringify(trail)).toContain('rent_links');
  });

  it('refuses bad input and tenants', async () => {
    expect((await w.admin.api.post('/api/rent-links', { transactionIds: [] })).status).toBe(400);
    expect((await w.admin.api.post('/api/rent-links', {})).status).toBe(400);
    expect((await w.tenant.api.get('/api/rent-links')).status).toBe(403);
    expect(await ok(w.admin.api.post('/api/rent-links', { transactionIds: [randomUUID()] }))).toEqual({ linked: 0 });
  });
});
