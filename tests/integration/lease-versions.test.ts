import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { type Api, team } from '../support/members.js';

// In-process, the service runs against the same DynamoDB Local (support/members.js points the repositories at it).
const { updateLease } = await import('../../functions/src/services/tenancy/leases.js');
const { db } = await import('../../functions/src/data/client.js');
const { Conflict } = await import('../../functions/src/domain-errors.js');

/**
 * A lease change is conditional on the version the person saw (docs/tenants-and-maintenance.md "Changing a lease"):
 * every lease on the wire carries its `version`, a PATCH without it is a 400, a stale one a 409 that carries the
 * lease as it is now and changes nothing, and of two PATCHes sent at once with the same version exactly one wins.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let home: string;

beforeAll(async () => {
  t = await team();
  home = (await t.admin.api.post('/api/properties', { address: '5 Version Terrace' })).body.id as string;
});

let units = 0;
async function addLease() {
  const res = await t.manager.api.post(`/api/properties/${home}/leases`, {
    userId: t.tenant.userId,
    unitLabel: `Unit ${++units}`,
    leaseStart: '2025-01-01',
    leaseEnd: '2025-12-31',
    monthlyRent: 1500,
    securityDeposit: 3000,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.lease;
}

const patch = (api: Api, id: string, body: unknown) => api.patch(`/api/leases/${id}`, body);
const read = async (id: string) =>
  ((await t.admin.api.get(`/api/properties/${home}/leases`)).body.leases as { id: string }[]).find((l) => l.id === id);
const stored = async (id: string) => (await partition(`ORG#${t.orgId}`)).find((i) => i.SK === `TENANCY#${id}`);

describe('PATCH /api/leases/{id} is conditional on the version the person saw', () => {
  it('every lease on the wire carries its version: 1 when added, one more with each change', async () => {
    const lease = await addLease();
    expect(lease.version).toBe(1);
    expect(await read(lease.id)).toEqual(lease);
    const changed = await patch(t.admin.api, lease.id, { monthlyRent: 1550, version: 1 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.lease).toMatchObject({ monthlyRent: 1550, version: 2 });
    expect(await read(lease.id)).toEqual(changed.body.lease);
  });

  it('refuses a PATCH without a version (400 on `version`); nothing changes', async () => {
    const lease = await addLease();
    const before = await stored(lease.id);
    for (const api of [t.admin.api, t.landlord.api]) {
      const res = await patch(api, lease.id, { leaseEnd: '2025-06-30' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.error).toMatch(/^version is required/);
      expect(res.body.issues).toEqual([{ path: 'version', message: expect.stringMatching(/version is required/) }]);
    }
    for (const version of [null, '1', 0, 1.5]) {
      const res = await patch(t.admin.api, lease.id, { leaseEnd: '2025-06-30', version });
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['version']);
    }
    // A version and no term is still no change.
    const nothing = await patch(t.admin.api, lease.id, { version: 1 });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toMatch(/Change at least one term of the lease/);
    expect(await stored(lease.id)).toEqual(before);
  });

  it('answers a stale version with 409 and the lease as it is now; nothing changes', async () => {
    const seen = await addLease();
    const first = await patch(t.landlord.api, seen.id, { monthlyRent: 1600, rentDueDay: 5, version: 1 });
    expect(first.status).toBe(200);
    const now = first.body.lease;
    expect(now.version).toBe(2);
    const before = await stored(seen.id);

    // The admin ends the lease as they loaded it, before the landlord's change.
    const stale = await patch(t.admin.api, seen.id, { leaseEnd: '2025-06-30', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/changed by someone else/) });
    expect(stale.body.details.current).toEqual(now);
    expect(stale.body.details.current).toEqual(await read(seen.id));

    // A version from the future is just as stale.
    expect((await patch(t.admin.api, seen.id, { leaseEnd: '2025-06-30', version: 5 })).status).toBe(409);
    expect(await stored(seen.id)).toEqual(before);

    // With the version it now has, the same change goes through and keeps the landlord's.
    const retried = await patch(t.admin.api, seen.id, { leaseEnd: '2025-06-30', version: now.version });
    expect(retried.status).toBe(200);
    expect(retried.body.lease).toMatchObject({ monthlyRent: 1600, rentDueDay: 5, leaseEnd: '2025-06-30', version: 3 });
    expect(await read(seen.id)).toEqual(retried.body.lease);
  });

  it('of two PATCHes sent at once with the same version, exactly one is saved; the other is a 409 with the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const seen = await addLease();
      const [a, b] = await Promise.all([
        patch(t.admin.api, seen.id, { leaseEnd: '2025-06-30', version: 1 }),
        patch(t.landlord.api, seen.id, { monthlyRent: 1700 + round, version: 1 }),
      ]);
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      const saved = won.body.lease;
      expect(saved.version).toBe(2);
      expect(await read(seen.id)).toEqual(saved);
      expect(lost.body.code).toBe('CONFLICT');
      expect(lost.body.details.current).toEqual(saved);
    }
  });

  it('a change that loses the race after its version check (the write is conditioned on it) is the same 409', async () => {
    const seen = await addLease();
    const caller = { orgId: t.orgId, userId: t.admin.userId, role: 'ADMIN' as const };
    let winner: Awaited<ReturnType<typeof updateLease>> | undefined;
    // Someone else's change lands between the loser's read (version 1, the one it sent) and its write.
    let armed = true;
    const writesLease = (input: object) =>
      'TransactItems' in input &&
      (input.TransactItems as { Update?: { Key?: { SK?: string } } }[]).some(
        (item) => item.Update?.Key?.SK === `TENANCY#${seen.id}`,
      );
    db.middlewareStack.add(
      (next) => async (args) => {
        if (armed && writesLease(args.input as object)) {
          armed = false;
          winner = await updateLease(caller, seen.id, { monthlyRent: 160_000, version: 1 } as never);
        }
        return next(args);
      },
      { step: 'initialize', name: 'leaseRaceInBetween' },
    );
    try {
      const lost = await updateLease(caller, seen.id, { leaseEnd: '2025-06-30', version: 1 } as never).catch(
        (error: unknown) => error,
      );
      expect(lost).toBeInstanceOf(Conflict);
      expect((lost as InstanceType<typeof Conflict>).details?.current).toEqual(winner!.lease);
    } finally {
      db.middlewareStack.remove('leaseRaceInBetween');
    }
    expect(winner!.lease).toMatchObject({ monthlyRent: 1600, leaseEnd: '2025-12-31', version: 2 });
    expect(await read(seen.id)).toEqual(winner!.lease);
  });

  it('a lease deleted meanwhile is a 404, whatever the version', async () => {
    const lease = await addLease();
    expect((await t.admin.api.delete(`/api/leases/${lease.id}`)).status).toBe(200);
    expect((await patch(t.admin.api, lease.id, { monthlyRent: 1, version: 1 })).status).toBe(404);
  });
});
