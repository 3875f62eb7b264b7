import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { newAdmin } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { counters, joinAs, type Person, securityLog, team } from '../support/members.js';

/**
 * Members and roles (docs/people.md "Members and roles"): every route x every role, another
 * organization's people, bad input, each rule of the policy, two demotions at once, and that a change
 * holds from the affected person's very next request.
 */
const member = (userId: string) => `/api/members/${userId}`;

async function orgOf(person: Person) {
  const res = await person.api.get('/api/organization');
  expect(res.status).toBe(200);
  return res.body as { id: string; userOrgRole: string };
}

/** A person in no organization any more: nothing is made for them (403 NO_ORGANIZATION, no membership written). */
async function expectNoOrganization(person: Pick<Person, 'api'>) {
  const res = await person.api.get('/api/organization');
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('NO_ORGANIZATION');
}

async function unchanged(orgId: string, action: () => Promise<void>) {
  const before = await partition(`ORG#${orgId}`);
  await action();
  expect(await partition(`ORG#${orgId}`)).toEqual(before);
}

describe('GET /api/members', () => {
  it('lists every member with name, email, role and joined date for ADMIN, LANDLORD and PROPERTY_MANAGER', async () => {
    const t = await team();
    const expected = [t.admin, t.landlord, t.manager, t.tenant].map((p) => p.userId).sort();
    for (const person of [t.admin, t.landlord, t.manager]) {
      const res = await person.api.get('/api/members');
      expect(res.status).toBe(200);
      expect(res.body.members.map((m: { userId: string }) => m.userId).sort()).toEqual(expected);
    }
    const { members } = (await t.admin.api.get('/api/members')).body;
    expect(members.find((m: { userId: string }) => m.userId === t.tenant.userId)).toEqual({
      userId: t.tenant.userId,
      email: t.tenant.email,
      name: `tenant ${t.tenant.userId.slice(0, 4)}`,
      role: 'TENANT',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(members.find((m: { userId: string }) => m.userId === t.admin.userId)).toMatchObject({
      email: t.admin.email,
      role: 'ADMIN',
    });
  });

  it('refuses a TENANT (403): tenants do not see the other people of the organization', async () => {
    const t = await team();
    const res = await t.tenant.api.get('/api/members');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it("never lists another organization's people", async () => {
    const [a, b] = await Promise.all([team(), team()]);
    const ids = (await a.admin.api.get('/api/members')).body.members.map((m: { userId: string }) => m.userId);
    for (const person of [b.admin, b.landlord, b.manager, b.tenant]) expect(ids).not.toContain(person.userId);
  });
});

describe('PATCH /api/members/{userId}', () => {
  it('an ADMIN changes any role, grants ADMIN and takes it away; each change is in the affected security log', async () => {
    const t = await team();
    const toManager = await t.admin.api.patch(member(t.tenant.userId), { role: 'PROPERTY_MANAGER' });
    expect(toManager.status).toBe(200);
    expect(toManager.body).toMatchObject({ userId: t.tenant.userId, role: 'PROPERTY_MANAGER', email: t.tenant.email });
    expect((await t.admin.api.patch(member(t.landlord.userId), { role: 'ADMIN' })).status).toBe(200);
    expect((await t.admin.api.patch(member(t.landlord.userId), { role: 'LANDLORD' })).status).toBe(200);

    const roles = Object.fromEntries(
      (await t.admin.api.get('/api/members')).body.members.map((m: { userId: string; role: string }) => [
        m.userId,
        m.role,
      ]),
    );
    expect(roles[t.tenant.userId]).toBe('PROPERTY_MANAGER');
    expect(roles[t.landlord.userId]).toBe('LANDLORD');
    const log = await securityLog(t.tenant.userId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'ROLE_CHANGED', success: true });
    expect(log[0]!.details).toContain('from Tenant to Property Manager');
    expect(log[0]!.details).toContain(t.admin.email);
    expect((await securityLog(t.landlord.userId)).map((e) => e.action)).toEqual(['ROLE_CHANGED', 'ROLE_CHANGED']);
    const { stored, actual } = await counters(t.orgId);
    expect(stored).toEqual(actual);
    expect(actual).toEqual({ memberCount: 4, adminCount: 1 });
  });

  it('a LANDLORD changes roles other than ADMIN, but neither grants nor removes ADMIN (403)', async () => {
    const t = await team();
    expect((await t.landlord.api.patch(member(t.manager.userId), { role: 'TENANT' })).status).toBe(200);
    await unchanged(t.orgId, async () => {
      const grant = await t.landlord.api.patch(member(t.tenant.userId), { role: 'ADMIN' });
      expect(grant.status).toBe(403);
      expect(grant.body).toMatchObject({
        code: 'ADMIN_ONLY',
        error: 'Only an admin can grant or remove the Admin role.',
      });
      const demote = await t.landlord.api.patch(member(t.admin.userId), { role: 'LANDLORD' });
      expect(demote.status).toBe(403);
      expect(demote.body.code).toBe('ADMIN_ONLY');
    });
  });

  it('a LANDLORD neither demotes nor changes another LANDLORD (403); an ADMIN does', async () => {
    const t = await team();
    const coOwner = await joinAs(t.orgId, 'LANDLORD', 'co-owner');
    await unchanged(t.orgId, async () => {
      for (const role of ['PROPERTY_MANAGER', 'TENANT', 'LANDLORD', 'ADMIN'] as const) {
        const res = await t.landlord.api.patch(member(coOwner.userId), { role });
        expect(res.status, role).toBe(403);
        expect(res.body, role).toMatchObject({
          code: 'ADMIN_ONLY',
          error: "Only an admin can change a landlord's role.",
        });
      }
    });
    expect((await securityLog(coOwner.userId)).map((e) => e.action)).toEqual([]);
    // A LANDLORD may still make a manager a LANDLORD, but not take it back.
    expect((await t.landlord.api.patch(member(t.manager.userId), { role: 'LANDLORD' })).status).toBe(200);
    expect((await t.landlord.api.patch(member(t.manager.userId), { role: 'PROPERTY_MANAGER' })).status).toBe(403);

    const demoted = await t.admin.api.patch(member(coOwner.userId), { role: 'PROPERTY_MANAGER' });
    expect(demoted).toMatchObject({ status: 200, body: { role: 'PROPERTY_MANAGER' } });
    expect((await orgOf(coOwner)).userOrgRole).toBe('PROPERTY_MANAGER');
  });

  it('the last ADMIN can be demoted by nobody: not by a LANDLORD (403) nor by themselves (403)', async () => {
    const t = await team();
    await unchanged(t.orgId, async () => {
      const byLandlord = await t.landlord.api.patch(member(t.admin.userId), { role: 'LANDLORD' });
      expect(byLandlord).toMatchObject({ status: 403, body: { code: 'ADMIN_ONLY' } });
      const bySelf = await t.admin.api.patch(member(t.admin.userId), { role: 'LANDLORD' });
      expect(bySelf).toMatchObject({ status: 403, body: { code: 'OWN_ROLE' } });
      for (const person of [t.manager, t.tenant]) {
        expect((await person.api.patch(member(t.admin.userId), { role: 'TENANT' })).status).toBe(403);
      }
    });
    expect(await counters(t.orgId)).toMatchObject({ stored: { adminCount: 1 }, actual: { adminCount: 1 } });
  });

  it('refuses PROPERTY_MANAGER and TENANT (403), whatever the body', async () => {
    const t = await team();
    await unchanged(t.orgId, async () => {
      for (const person of [t.manager, t.tenant]) {
        for (const body of [{ role: 'TENANT' }, { role: 'nonsense' }]) {
          const res = await person.api.patch(member(t.landlord.userId), body);
          expect(res.status).toBe(403);
          expect(res.body.error).toBe('Your role does not allow this.');
        }
      }
    });
  });

  it('nobody changes their own role (403), not even an ADMIN among several', async () => {
    const t = await team();
    await t.admin.api.patch(member(t.landlord.userId), { role: 'ADMIN' });
    await unchanged(t.orgId, async () => {
      for (const [person, role] of [
        [t.admin, 'TENANT'],
        [t.landlord, 'TENANT'],
      ] as const) {
        const res = await person.api.patch(member(person.userId), { role });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'OWN_ROLE', error: 'You cannot change your own role.' });
      }
    });
  });

  it("answers 404 to an unknown person and to another organization's people, and writes nothing", async () => {
    const [t, other] = await Promise.all([team(), team()]);
    await unchanged(other.orgId, async () => {
      for (const person of [t.admin, t.landlord]) {
        for (const id of ['no-such-user', other.tenant.userId, other.admin.userId]) {
          const res = await person.api.patch(member(id), { role: 'TENANT' });
          expect(res.status, id).toBe(404);
          expect(res.body.error).toBe('Member was not found.');
        }
      }
    });
    expect((await orgOf(other.tenant)).userOrgRole).toBe('TENANT');
  });

  it.each([
    [{ role: 'OWNER' }, 'Choose a role: ADMIN, LANDLORD, PROPERTY_MANAGER or TENANT'],
    [{ role: 'admin' }, 'Choose a role: ADMIN, LANDLORD, PROPERTY_MANAGER or TENANT'],
    [{ role: 7 }, 'Choose a role: ADMIN, LANDLORD, PROPERTY_MANAGER or TENANT'],
    [{}, 'Choose a role: ADMIN, LANDLORD, PROPERTY_MANAGER or TENANT'],
    [{ role: 'TENANT', userId: 'x' }, 'Unknown field(s): userId'],
  ])('answers 400 to %j', async (body, message) => {
    const t = await team();
    await unchanged(t.orgId, async () => {
      const res = await t.admin.api.patch(member(t.manager.userId), body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', error: message });
    });
  });

  it('answers 400 to an id that is not an id', async () => {
    const t = await team();
    const res = await t.admin.api.patch('/api/members/a%2Fb', { role: 'TENANT' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('userId');
  });

  it('a demotion holds from the very next request of the person demoted', async () => {
    const t = await team();
    expect((await t.landlord.api.get('/api/transactions')).status).toBe(200);
    expect((await t.admin.api.patch(member(t.landlord.userId), { role: 'TENANT' })).status).toBe(200);
    const next = await t.landlord.api.get('/api/transactions');
    expect(next.status).toBe(403);
    expect((await orgOf(t.landlord)).userOrgRole).toBe('TENANT');
    expect((await t.landlord.api.patch(member(t.manager.userId), { role: 'TENANT' })).status).toBe(403);
  });
});

describe('DELETE /api/members/{userId}', () => {
  it('removes a tenant: their access ends at once, and they are put in no organization of their own', async () => {
    const t = await team();
    expect((await t.tenant.api.get('/api/properties')).status).toBe(200);
    const res = await t.admin.api.delete(member(t.tenant.userId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: t.tenant.userId });

    // With the header the web still sends: not a member. Without: no organization, and none is made for them.
    const named = await t.tenant.api.request('GET', '/api/organization', { headers: { 'x-organization-id': t.orgId } });
    expect(named.status).toBe(403);
    expect(named.body.code).toBe('NOT_A_MEMBER');
    await expectNoOrganization(t.tenant);
    expect((await t.tenant.api.get('/api/properties')).status).toBe(403);
    const ids = (await t.admin.api.get('/api/members')).body.members.map((m: { userId: string }) => m.userId);
    expect(ids).not.toContain(t.tenant.userId);
    const log = await securityLog(t.tenant.userId);
    expect(log.map((e) => e.action)).toEqual(['MEMBER_REMOVED']);
    expect(log[0]!.details).toContain('was Tenant');
    const { stored, actual } = await counters(t.orgId);
    expect(stored).toEqual(actual);
    expect(actual).toEqual({ memberCount: 3, adminCount: 1 });
  });

  it('a LANDLORD removes managers and tenants but not an ADMIN (403)', async () => {
    const t = await team();
    expect((await t.landlord.api.delete(member(t.manager.userId))).status).toBe(200);
    await unchanged(t.orgId, async () => {
      const res = await t.landlord.api.delete(member(t.admin.userId));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ADMIN_ONLY', error: 'Only an admin can remove an admin.' });
    });
  });

  it('a LANDLORD does not remove another LANDLORD (403); an ADMIN does', async () => {
    const t = await team();
    const coOwner = await joinAs(t.orgId, 'LANDLORD', 'co-owner');
    await unchanged(t.orgId, async () => {
      const res = await t.landlord.api.delete(member(coOwner.userId));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ADMIN_ONLY', error: 'Only an admin can remove a landlord.' });
    });
    expect((await orgOf(coOwner)).id).toBe(t.orgId);
    expect((await t.admin.api.delete(member(coOwner.userId))).status).toBe(200);
    await expectNoOrganization(coOwner);
  });

  it('an ADMIN removes another ADMIN', async () => {
    const t = await team();
    await t.admin.api.patch(member(t.landlord.userId), { role: 'ADMIN' });
    expect((await t.admin.api.delete(member(t.landlord.userId))).status).toBe(200);
    expect(await counters(t.orgId)).toMatchObject({ stored: { memberCount: 3, adminCount: 1 } });
  });

  it('refuses PROPERTY_MANAGER and TENANT (403), and anyone removing themselves (403, use leave)', async () => {
    const t = await team();
    await unchanged(t.orgId, async () => {
      for (const person of [t.manager, t.tenant]) {
        const res = await person.api.delete(member(t.landlord.userId));
        expect(res.status).toBe(403);
      }
      for (const person of [t.admin, t.landlord]) {
        const res = await person.api.delete(member(person.userId));
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('USE_LEAVE');
      }
    });
  });

  it("answers 404 to an unknown person and to another organization's people", async () => {
    const [t, other] = await Promise.all([team(), team()]);
    await unchanged(other.orgId, async () => {
      for (const id of ['no-such-user', other.tenant.userId, other.admin.userId]) {
        const res = await t.admin.api.delete(member(id));
        expect(res.status, id).toBe(404);
      }
    });
    expect((await orgOf(other.tenant)).id).toBe(other.orgId);
  });
});

describe('POST /api/members/leave', () => {
  it.each(['LANDLORD', 'PROPERTY_MANAGER', 'TENANT'] as const)(
    'a %s leaves; their next request finds no organization, and none is made for them',
    async (role) => {
      const t = await team();
      const person = { LANDLORD: t.landlord, PROPERTY_MANAGER: t.manager, TENANT: t.tenant }[role];
      const res = await person.api.post('/api/members/leave');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      await expectNoOrganization(person);
      expect((await securityLog(person.userId)).map((e) => e.action)).toEqual(['LEFT_ORGANIZATION']);
      expect(await counters(t.orgId)).toMatchObject({ stored: { memberCount: 3, adminCount: 1 } });
    },
  );

  it('the last ADMIN may not leave while others remain (409), but may once another ADMIN exists', async () => {
    const t = await team();
    await unchanged(t.orgId, async () => {
      const res = await t.admin.api.post('/api/members/leave');
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('LAST_ADMIN');
      expect(res.body.error).toMatch(/last admin/);
    });
    await t.admin.api.patch(member(t.landlord.userId), { role: 'ADMIN' });
    expect((await t.admin.api.post('/api/members/leave')).status).toBe(200);
    await expectNoOrganization(t.admin);
    expect((await orgOf(t.landlord)).userOrgRole).toBe('ADMIN');
    expect(await counters(t.orgId)).toMatchObject({ stored: { memberCount: 3, adminCount: 1 } });
  });

  it('the only member of an organization may leave it', async () => {
    const alone = await newAdmin('alone');
    const before = await orgOf({ ...alone, userId: localSubFor(alone.email) });
    expect((await alone.api.post('/api/members/leave')).status).toBe(200);
    await expectNoOrganization(alone);
    expect(await counters(before.id)).toMatchObject({ stored: { memberCount: 0, adminCount: 0 } });
  });
});

describe('the last ADMIN under concurrency', () => {
  it('two ADMINs demoting each other at the same moment leave exactly one ADMIN', async () => {
    for (let round = 0; round < 4; round++) {
      const first = await newAdmin('first');
      const orgId = (await first.api.get('/api/organization')).body.id as string;
      const a: Person = { ...first, userId: localSubFor(first.email) };
      const b = await joinAs(orgId, 'ADMIN', 'second');
      const answers = await Promise.all([
        a.api.patch(member(b.userId), { role: 'LANDLORD' }),
        b.api.patch(member(a.userId), { role: 'LANDLORD' }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses[0], JSON.stringify(answers.map((r) => r.body))).toBe(200);
      expect([409, 403, 503]).toContain(statuses[1]);
      const { stored, actual } = await counters(orgId);
      expect(actual).toEqual({ memberCount: 2, adminCount: 1 });
      expect(stored).toEqual(actual);
    }
  });

  it('an organization made before the counters gets them counted on first use, and the rules hold', async () => {
    const t = await team();
    await db().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: `ORG#${t.orgId}`, SK: 'ORG' },
        UpdateExpression: 'REMOVE memberCount, adminCount',
      }),
    );
    expect((await t.admin.api.post('/api/members/leave')).status).toBe(409);
    expect(await counters(t.orgId)).toMatchObject({ stored: { memberCount: 4, adminCount: 1 } });
    expect((await t.admin.api.delete(member(t.tenant.userId))).status).toBe(200);
    expect(await counters(t.orgId)).toMatchObject({ stored: { memberCount: 3, adminCount: 1 } });
  });
});
