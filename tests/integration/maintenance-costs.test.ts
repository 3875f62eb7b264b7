import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Person, team } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';
import { editable } from './rules-helpers.js';

/**
 * Repair costs (docs/tenants-and-maintenance.md "Repair costs"): staff add an expense that names a
 * maintenance request; the request lists its costs and their total. Another organization's request is a 404,
 * tenants see no costs, and a transaction moved to another request, unlinked or deleted leaves the list.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let other: Team;
let home: string;
let requestId: string;

async function expense(who: Person, over: Record<string, unknown> = {}) {
  const res = await who.api.post('/api/transactions', {
    name: `Plumber invoice ${randomUUID().slice(0, 6)}`,
    date: '2026-03-10',
    amount: -240,
    category: 'repairs',
    propertyId: home,
    notes: 'Maintenance request: Leaking sink',
    ...over,
  });
  return res;
}

const costsOf = async (who: Person, id = requestId) => who.api.get(`/api/maintenance/${id}/costs`);

beforeAll(async () => {
  [t, other] = await Promise.all([team(), team()]);
  home = (await t.admin.api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Repair Row` })).body.id;
  await leaseTo(t.orgId, t.tenant.userId, home);
  const reported = await t.tenant.api.post('/api/maintenance', { title: 'Leaking sink', description: 'Drips' });
  expect(reported.status).toBe(201);
  requestId = reported.body.maintenanceRequest.id;
});

describe('repair costs of a maintenance request', () => {
  it('lists the expenses that name the request, with their total in cents', async () => {
    const first = await expense(t.landlord, { maintenanceRequestId: requestId });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.transaction.maintenanceRequestId).toBe(requestId);
    const second = await expense(t.manager, { maintenanceRequestId: requestId, amount: -59.99, date: '2026-03-12' });
    expect(second.status).toBe(201);
    const refund = await expense(t.admin, { maintenanceRequestId: requestId, amount: 10.01, date: '2026-03-15' });
    expect(refund.status).toBe(201);
    const res = await costsOf(t.landlord);
    expect(res.status).toBe(200);
    expect(res.body.costs.map((c: { amount: number }) => c.amount)).toEqual([-240, -59.99, 10.01]);
    expect(res.body.total).toBe(289.98);
  });

  it('follows edits: a transaction unlinked or moved to another request leaves the list; deleted ones too', async () => {
    const made = (await expense(t.admin, { maintenanceRequestId: requestId, amount: -75 })).body.transaction;
    const before = (await costsOf(t.admin)).body.costs.length;
    const other2 = (
      await t.admin.api.post('/api/maintenance', { title: 'Door', description: 'Sticks', propertyId: home })
    ).body.maintenanceRequest.id;
    const moved = await t.admin.api.put(
      `/api/transactions/${made.id}`,
      editable(made, { maintenanceRequestId: other2 }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await costsOf(t.admin)).body.costs).toHaveLength(before - 1);
    expect((await costsOf(t.admin, other2)).body.costs.map((c: { id: string }) => c.id)).toEqual([made.id]);
    // An edit that does not name a request keeps the link.
    const kept = await t.admin.api.put(
      `/api/transactions/${made.id}`,
      editable(moved.body.transaction, { notes: 'ok' }),
    );
    expect(kept.body.transaction.maintenanceRequestId).toBe(other2);
    const unlinked = await t.admin.api.put(
      `/api/transactions/${made.id}`,
      editable(kept.body.transaction, { maintenanceRequestId: null }),
    );
    expect(unlinked.body.transaction.maintenanceRequestId).toBeNull();
    expect((await costsOf(t.admin, other2)).body).toEqual({ costs: [], total: 0 });
    const gone = (await expense(t.admin, { maintenanceRequestId: other2 })).body.transaction;
    expect((await t.admin.api.delete(`/api/transactions/${gone.id}`)).status).toBe(200);
    expect((await costsOf(t.admin, other2)).body.costs).toEqual([]);
  });

  it("refuses another organization's or an unknown request (404, nothing written); tenants get 403", async () => {
    const theirs = await expense(other.admin, { maintenanceRequestId: requestId, propertyId: null });
    expect(theirs.status).toBe(404);
    expect((await other.admin.api.get('/api/transactions?search=plumber')).body.transactions).toEqual([]);
    expect((await expense(t.admin, { maintenanceRequestId: randomUUID() })).status).toBe(404);
    expect((await expense(t.admin, { maintenanceRequestId: 'not an id!' })).status).toBe(400);
    expect((await costsOf(other.admin)).status).toBe(404);
    expect((await costsOf(t.tenant)).status).toBe(403);
    expect((await costsOf(t.admin, randomUUID())).status).toBe(404);
  });
});
