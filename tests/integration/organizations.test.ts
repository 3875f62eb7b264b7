import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { client, newAdmin, signIn } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { latestInviteToken } from '../support/invitations.js';
import { type Api, type Person, team } from '../support/members.js';

/**
 * Several organizations (docs/people.md "Several organizations"): X-Organization-Id picks the organization
 * of each request and is checked against the caller's memberships (one consistent GetItem); without it the
 * remembered choice or the earliest membership. Each test makes its own organizations and people.
 */
const HEADER = 'x-organization-id';
const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** The same signed-in person, naming an organization on every request. */
function inOrg(api: Api, orgId: string) {
  const headers = { [HEADER]: orgId };
  return {
    get: (path: string) => api.request('GET', path, { headers }),
    post: (path: string, json?: unknown) => api.request('POST', path, { json, headers }),
    put: (path: string, json?: unknown) => api.request('PUT', path, { json, headers }),
  };
}

async function membershipCount(userId: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :org)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':org': 'ORG#' },
    }),
  );
  return Items.length;
}

/**
 * A person with an organization of their own (ADMIN, with property "own-…") who accepts an invitation to a
 * second organization (`role` there, with property "theirs-…"): the person, both organizations and both teams.
 */
async function personInTwo(role: 'LANDLORD' | 'TENANT' | 'PROPERTY_MANAGER' = 'LANDLORD') {
  const tag = randomUUID().slice(0, 8);
  const me = await newAdmin('two-orgs');
  const person: Person = { ...me, userId: localSubFor(me.email) };
  const ownOrg = (await me.api.get('/api/organization')).body.id as string;
  const own = (await me.api.post('/api/properties', { address: `own-${tag} Street` })).body.id as string;
  const b = await team();
  const theirs = (await b.admin.api.post('/api/properties', { address: `theirs-${tag} Road` })).body.id as string;
  const invitation = await b.admin.api.post('/api/invitations', {
    email: me.email,
    role,
    ...(role === 'TENANT' && { propertyId: theirs, monthlyRent: 1500 }),
  });
  expect(invitation.status, JSON.stringify(invitation.body)).toBe(201);
  const accepted = await me.api.post('/api/invitations/accept', { token: await latestInviteToken(me.email) });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { tag, person, ownOrg, own, b, theirs, inOwn: inOrg(me.api, ownOrg), inB: inOrg(me.api, b.orgId) };
}

const addresses = (res: { body: { address: string }[] }) => res.body.map((p) => p.address).sort();

describe('the organization of a request', () => {
  it('a member of two organizations sees each one’s data only, with their role there', async () => {
    const t = await personInTwo('LANDLORD');
    expect(addresses(await t.inOwn.get('/api/properties'))).toEqual([`own-${t.tag} Street`]);
    expect(addresses(await t.inB.get('/api/properties'))).toEqual([`theirs-${t.tag} Road`]);
    expect((await t.inOwn.get('/api/organization')).body).toMatchObject({ id: t.ownOrg, userOrgRole: 'ADMIN' });
    expect((await t.inB.get('/api/organization')).body).toMatchObject({ id: t.b.orgId, userOrgRole: 'LANDLORD' });
    // Writes land in the organization named too.
    const created = await t.inOwn.post('/api/properties', { address: `own-${t.tag} Second` });
    expect(created.status).toBe(201);
    expect(addresses(await t.inB.get('/api/properties'))).toEqual([`theirs-${t.tag} Road`]);
    // Another organization's ids stay 404 from the other one.
    expect((await t.inB.get(`/api/properties/${t.own}`)).status).toBe(404);
  });

  it('refuses a header naming an organization the caller is not a member of (403 NOT_A_MEMBER), the same for one that does not exist', async () => {
    const t = await personInTwo();
    const stranger = await newAdmin('stranger');
    const strangersOrg = (await stranger.api.get('/api/organization')).body.id as string;
    const notMine = await inOrg(t.person.api, strangersOrg).get('/api/properties');
    const missing = await inOrg(t.person.api, 'no-such-organization').get('/api/properties');
    for (const res of [notMine, missing]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'NOT_A_MEMBER',
        error: 'You are not a member of that organization. Choose one of your organizations from the profile menu.',
      });
    }
    // Nothing was provisioned or joined.
    expect(await membershipCount(t.person.userId)).toBe(2);
    // A header that is not an id at all: 400.
    const malformed = await inOrg(t.person.api, 'ORG#x/../y').get('/api/properties');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain('x-organization-id');
  });

  it('a role change in organization B holds from the next request there, and A is untouched', async () => {
    const t = await personInTwo('LANDLORD');
    expect((await t.inB.get('/api/transactions')).status).toBe(200);
    const changed = await t.b.admin.api.patch(`/api/members/${t.person.userId}`, { role: 'TENANT' });
    expect(changed.status).toBe(200);
    expect((await t.inB.get('/api/transactions')).status).toBe(403);
    expect((await t.inB.get('/api/organization')).body.userOrgRole).toBe('TENANT');
    expect((await t.inOwn.get('/api/transactions')).status).toBe(200);
  });

  it('a removal from organization B holds from the next request there; A and the default still work', async () => {
    const t = await personInTwo('LANDLORD');
    expect((await t.inB.get('/api/properties')).status).toBe(200);
    expect((await t.b.admin.api.delete(`/api/members/${t.person.userId}`)).status).toBe(200);
    const refused = await t.inB.get('/api/properties');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_A_MEMBER');
    expect(addresses(await t.inOwn.get('/api/properties'))).toEqual([`own-${t.tag} Street`]);
    // Without the header: the remembered choice (B, from the acceptance) is gone, so the earliest membership.
    expect((await t.person.api.get('/api/organization')).body.id).toBe(t.ownOrg);
    expect(await membershipCount(t.person.userId)).toBe(1);
  });

  it('without a header: the remembered choice, else the earliest membership; never a new organization', async () => {
    const t = await personInTwo('PROPERTY_MANAGER');
    // Accepting remembered B.
    expect((await t.person.api.get('/api/organization')).body.id).toBe(t.b.orgId);
    const switched = await t.person.api.put('/api/organizations/current', { organizationId: t.ownOrg });
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({ id: t.ownOrg, name: expect.any(String), role: 'ADMIN', current: true });
    expect((await t.person.api.get('/api/organization')).body.id).toBe(t.ownOrg);
    // A new sign-in (a new token) finds the same choice and provisions nothing.
    const again = client((await signIn(t.person.email)).idToken);
    expect((await again.get('/api/organization')).body.id).toBe(t.ownOrg);
    expect(await membershipCount(t.person.userId)).toBe(2);
  });

  it('a first sign-in without an invitation provisions exactly one organization; later sign-ins none', async () => {
    const email = freshEmail('first');
    const first = client((await signIn(email)).idToken);
    const org = (await first.get('/api/organization')).body.id as string;
    const second = client((await signIn(email)).idToken);
    expect((await second.get('/api/organization')).body.id).toBe(org);
    expect((await second.get('/api/organization')).body.userOrganizations).toEqual([
      { id: org, name: expect.stringMatching(/Organization$/), role: 'ADMIN', current: true },
    ]);
    expect(await membershipCount(localSubFor(email))).toBe(1);
  });
});

describe('the caller’s organizations (GET /api/organization) and PUT /api/organizations/current', () => {
  it('lists the caller’s organizations with their role, the request’s one marked current', async () => {
    const t = await personInTwo('TENANT');
    const ownName = (await t.inOwn.get('/api/organization')).body.name;
    const bName = (await t.inB.get('/api/organization')).body.name;
    const fromOwn = (await t.inOwn.get('/api/organization')).body.userOrganizations;
    expect(fromOwn).toHaveLength(2);
    expect(fromOwn).toEqual(
      expect.arrayContaining([
        { id: t.ownOrg, name: ownName, role: 'ADMIN', current: true },
        { id: t.b.orgId, name: bName, role: 'TENANT', current: false },
      ]),
    );
    const fromB = (await t.inB.get('/api/organization')).body.userOrganizations;
    expect(fromB.find((o: { current: boolean }) => o.current).id).toBe(t.b.orgId);
    // Another person's list never shows these.
    const other = (await t.b.manager.api.get('/api/organization')).body.userOrganizations;
    expect(other.map((o: { id: string }) => o.id)).toEqual([t.b.orgId]);
  });

  it('switching to an organization one is not a member of is 403; bad bodies 400; nothing remembered', async () => {
    const t = await personInTwo();
    const stranger = await newAdmin('stranger');
    const strangersOrg = (await stranger.api.get('/api/organization')).body.id as string;
    const refused = await t.person.api.put('/api/organizations/current', { organizationId: strangersOrg });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_A_MEMBER');
    expect((await t.person.api.put('/api/organizations/current', { organizationId: 'a b' })).status).toBe(400);
    expect((await t.person.api.put('/api/organizations/current', {})).status).toBe(400);
    expect((await t.person.api.get('/api/organization')).body.id).toBe(t.b.orgId);
    const profile = (await partition(`USER#${t.person.userId}`)).find((i) => i.SK === 'PROFILE');
    expect(profile?.lastOrgId).toBe(t.b.orgId);
  });
});

describe('membership activity (Org Settings)', () => {
  it('ADMIN and LANDLORD read the organization’s membership events newest first, paged; others 403', async () => {
    const t = await team();
    const email = freshEmail('activity');
    const sent = await t.admin.api.post('/api/invitations', { email, role: 'PROPERTY_MANAGER' });
    expect(sent.status).toBe(201);
    const joiner = client((await signIn(email)).idToken);
    expect((await joiner.post('/api/invitations/accept', { token: await latestInviteToken(email) })).status).toBe(200);
    const joinerId = localSubFor(email);
    expect((await t.admin.api.patch(`/api/members/${joinerId}`, { role: 'LANDLORD' })).status).toBe(200);
    const other = freshEmail('revoked');
    const second = await t.admin.api.post('/api/invitations', { email: other, role: 'LANDLORD' });
    expect((await t.admin.api.post(`/api/invitations/${second.body.id}/revoke`)).status).toBe(200);
    expect((await t.admin.api.delete(`/api/members/${t.tenant.userId}`)).status).toBe(200);
    expect((await t.manager.api.post('/api/members/leave')).status).toBe(200);

    const all = (await t.landlord.api.get('/api/members/activity?limit=100')).body.events as {
      action: string;
      actor: string;
      details: string;
      createdAt: string;
    }[];
    expect(all.map((e) => e.action)).toEqual([
      'LEFT_ORGANIZATION',
      'MEMBER_REMOVED',
      'INVITATION_REVOKED',
      'INVITATION_SENT',
      'ROLE_CHANGED',
      'INVITATION_ACCEPTED',
      'INVITATION_SENT',
    ]);
    expect(all[2]!.details).toContain(other);
    expect(all[4]!.details).toContain('Property Manager to Landlord');
    expect(all[5]!.actor).toContain(email);
    expect(all[1]!.actor).toContain(t.admin.email);
    expect([...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(all);

    // Paged: two at a time, following the cursor, gives the same list.
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await t.admin.api.get(`/api/members/activity?limit=2${query}`);
      expect(page.status).toBe(200);
      expect(page.body.events.length).toBeLessThanOrEqual(2);
      paged.push(...page.body.events);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);

    // The organization's events only: another organization sees none of these.
    const outsider = await newAdmin('outsider');
    expect((await outsider.api.get('/api/members/activity')).body.events).toEqual([]);
    // A property manager and a tenant may not read it.
    const b = await team();
    expect((await b.manager.api.get('/api/members/activity')).status).toBe(403);
    expect((await b.tenant.api.get('/api/members/activity')).status).toBe(403);
    // A cursor of another organization is refused.
    const foreign = (await t.admin.api.get('/api/members/activity?limit=1')).body.nextCursor as string;
    expect((await b.admin.api.get(`/api/members/activity?cursor=${encodeURIComponent(foreign)}`)).status).toBe(400);
  });
});

describe('a TENANT invitation with lease dates', () => {
  it('creates the lease with those dates on acceptance', async () => {
    const t = await team();
    const email = freshEmail('leased');
    const home = (await t.admin.api.post('/api/properties', { address: `${email} Lease Lane` })).body.id as string;
    const sent = await t.admin.api.post('/api/invitations', {
      email,
      role: 'TENANT',
      propertyId: home,
      monthlyRent: 1400,
      leaseStart: '2026-04-01',
      leaseEnd: '2027-03-31',
    });
    expect(sent.status).toBe(201);
    const tenant = client((await signIn(email)).idToken);
    expect((await tenant.post('/api/invitations/accept', { token: await latestInviteToken(email) })).status).toBe(200);
    const leases = (await t.admin.api.get(`/api/properties/${home}/leases`)).body.leases;
    expect(leases).toEqual([
      expect.objectContaining({ userId: localSubFor(email), leaseStart: '2026-04-01', leaseEnd: '2027-03-31' }),
    ]);
  });
});
