import type { Role } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Person, team } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';

// In-process, the service runs against the same DynamoDB Local (support/members.js points the repositories at it).
const { updateRequest } = await import('../../functions/src/services/maintenance/requests.js');
const { db } = await import('../../functions/src/data/client.js');
const { Conflict } = await import('../../functions/src/domain-errors.js');

/**
 * A maintenance update is conditional on the version the person saw (docs/tenants-and-maintenance.md "Changing a
 * request"): a PUT without `version` is a 400, a stale one a 409 that carries the request as it is now and changes
 * nothing, and of two PUTs sent at once with the same version exactly one wins.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let home: string;

beforeAll(async () => {
  t = await team();
  home = (await t.admin.api.post('/api/properties', { address: '3 Version Row' })).body.id as string;
  await leaseTo(t.orgId, t.tenant.userId, home);
});

async function report(api: Api = t.tenant.api) {
  const res = await api.post('/api/maintenance', { title: 'Dripping tap', description: 'Bathroom sink' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.maintenanceRequest;
}

/** The PUT body of a request as read (with its version), with changes. */
const bodyOf = (r: Record<string, any>, changes: Record<string, unknown> = {}) => ({
  title: r.title,
  description: r.description,
  propertyId: r.propertyId,
  issueType: r.issueType,
  status: r.status,
  preferredContactTimes: r.preferredContactTimes,
  version: r.version,
  ...changes,
});
const put = (api: Api, id: string, body: unknown) => api.put(`/api/maintenance?id=${encodeURIComponent(id)}`, body);
const read = async (api: Api, id: string) => (await api.get(`/api/maintenance/${id}`)).body.maintenanceRequest;
const activity = async (id: string) => (await t.admin.api.get(`/api/maintenance/${id}/activity`)).body.events;

describe('PUT /api/maintenance?id= is conditional on the version the person saw', () => {
  it('refuses a PUT without a version (400 on `version`), for staff and the tenant alike; nothing changes', async () => {
    const request = await report();
    const { version: _, ...noVersion } = bodyOf(request, { title: 'Overwritten', status: 'PENDING' });
    for (const api of [t.admin.api, t.tenant.api]) {
      const res = await put(api, request.id, noVersion);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.error).toMatch(/^version is required/);
      expect(res.body.issues).toEqual([{ path: 'version', message: expect.stringMatching(/version is required/) }]);
    }
    for (const version of [null, '1', 0, 1.5]) {
      const res = await put(t.admin.api, request.id, bodyOf(request, { version }));
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['version']);
    }
    expect(await read(t.admin.api, request.id)).toEqual(request);
  });

  it('answers a stale version with 409 and the request as it is now (as the caller may see it); nothing changes', async () => {
    const seen = await report();
    const first = await put(t.manager.api, seen.id, {
      ...bodyOf(seen, { status: 'PENDING' }),
      assignedToId: t.manager.userId,
      notes: 'Washer ordered',
    });
    expect(first.status).toBe(200);
    const now = first.body.maintenanceRequest;
    expect(now.version).toBe(2);
    const eventsBefore = await activity(seen.id);

    // The landlord saves over what they loaded before the manager's change.
    const stale = await put(t.landlord.api, seen.id, { ...bodyOf(seen, { status: 'RESOLVED' }), assignedToId: null });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/changed by someone else/) });
    expect(stale.body.details.current).toEqual(now);

    // The tenant's stale edit: the current request as the tenant sees it, so staff's notes stay out.
    const tenantStale = await put(t.tenant.api, seen.id, bodyOf(seen, { description: 'Now it pours' }));
    expect(tenantStale.status).toBe(409);
    expect(tenantStale.body.details.current).toEqual({ ...now, notes: null });
    expect(tenantStale.body.details.current).toEqual(await read(t.tenant.api, seen.id));

    // A version from the future is just as stale.
    expect((await put(t.landlord.api, seen.id, bodyOf(now, { version: 7 }))).status).toBe(409);

    expect(await read(t.admin.api, seen.id)).toEqual(now);
    expect(await activity(seen.id)).toEqual(eventsBefore);
    const counts = (await t.admin.api.get('/api/maintenance')).body.counts;
    expect(counts.RESOLVED).toBe(0);

    // With the version it now has, the same change goes through.
    const retried = await put(t.landlord.api, seen.id, { ...bodyOf(now, { status: 'RESOLVED' }), assignedToId: null });
    expect(retried.status).toBe(200);
    expect(retried.body.maintenanceRequest).toMatchObject({ status: 'RESOLVED', assignedToId: null, version: 3 });
  });

  it('of two PUTs sent at once with the same version, exactly one is saved; the other is a 409 with the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const seen = await report();
      const [a, b] = await Promise.all([
        put(t.admin.api, seen.id, bodyOf(seen, { title: `Admin ${round}`, status: 'IN_PROGRESS' })),
        put(t.landlord.api, seen.id, bodyOf(seen, { title: `Landlord ${round}`, status: 'RESOLVED' })),
      ]);
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      const saved = won.body.maintenanceRequest;
      expect(saved.version).toBe(2);
      expect(await read(t.admin.api, seen.id)).toEqual(saved);
      // The loser is told what won (when its request was refused before its write, or by the write's condition).
      expect(lost.body.code).toBe('CONFLICT');
      expect(lost.body.details.current).toEqual(saved);
      // One status change in the activity: the loser's was not recorded either.
      const statusEvents = (await activity(seen.id)).filter((e: { kind: string }) => e.kind === 'STATUS');
      expect(statusEvents.map((e: { to: string }) => e.to)).toEqual([saved.status]);
    }
  });

  it('a save that loses the race after its version check (the write is conditioned on it) is the same 409', async () => {
    const seen = await report();
    const caller = (person: Person, role: Role) => ({
      orgId: t.orgId,
      userId: person.userId,
      email: person.email,
      name: null,
      role,
    });
    const winnerBody = bodyOf(seen, { title: 'Saved first' });
    let winner: Awaited<ReturnType<typeof updateRequest>> | undefined;
    // Someone else's save lands between the loser's read (version 1, the one it sent) and its write.
    let armed = true;
    const step = 'initialize';
    db.middlewareStack.add(
      (next) => async (args) => {
        if (armed && 'TransactItems' in (args.input as object)) {
          armed = false;
          winner = await updateRequest(caller(t.admin, 'ADMIN'), seen.id, winnerBody as never);
        }
        return next(args);
      },
      { step, name: 'maintenanceRaceInBetween' },
    );
    try {
      const lost = await updateRequest(
        caller(t.tenant, 'TENANT'),
        seen.id,
        bodyOf(seen, { description: 'Lost in the race' }) as never,
      ).catch((error: unknown) => error);
      expect(lost).toBeInstanceOf(Conflict);
      expect((lost as InstanceType<typeof Conflict>).details?.current).toEqual({
        ...winner!.maintenanceRequest,
        notes: null,
      });
    } finally {
      db.middlewareStack.remove('maintenanceRaceInBetween');
    }
    expect(await read(t.admin.api, seen.id)).toEqual(winner!.maintenanceRequest);
    expect(winner!.maintenanceRequest).toMatchObject({
      title: 'Saved first',
      description: 'Bathroom sink',
      version: 2,
    });
  });
});
