import { randomUUID } from 'node:crypto';
import { ORGANIZATION_NAME_MAX } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { client, newAdmin, signIn } from '../support/api.js';
import { type Api, counters, joinAs, team } from '../support/members.js';

/**
 * Creating an organization and what a person with none sees (docs/people.md "Several organizations"): anyone signed in
 * creates one by name and is its ADMIN; it becomes their remembered choice; a person removed from their last
 * organization gets 403 NO_ORGANIZATION, never a new one made for them; a deleted account's token is told so.
 */
const HEADER = 'x-organization-id';
const inOrg = (api: Api, orgId: string) => ({
  get: (path: string) => api.request('GET', path, { headers: { [HEADER]: orgId } }),
});
const create = (api: Api, name: string) => api.post('/api/organizations', { name });

describe('POST /api/organizations', () => {
  it('any role creates one by name and is its ADMIN; it is their choice from then on; switching goes back', async () => {
    const t = await team();
    for (const person of [t.tenant, t.manager]) {
      const name = `Second ${randomUUID().slice(0, 6)}`;
      const res = await create(person.api, `  ${name}  `);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), name, role: 'ADMIN', current: true });
      // Without a header the new one is where requests act; the switcher lists both.
      const now = (await person.api.get('/api/organization')).body;
      expect(now).toMatchObject({ id: res.body.id, name, userOrgRole: 'ADMIN' });
      expect(now.userOrganizations.map((o: { id: string }) => o.id).sort()).toEqual([t.orgId, res.body.id].sort());
      expect(await counters(res.body.id)).toEqual({
        stored: { memberCount: 1, adminCount: 1 },
        actual: { memberCount: 1, adminCount: 1 },
      });
      // It starts empty: none of the first organization's properties.
      expect((await person.api.get('/api/properties')).body).toEqual([]);
      // Switching back is remembered as the new one was.
      expect((await person.api.put('/api/organizations/current', { organizationId: t.orgId })).status).toBe(200);
      expect((await person.api.get('/api/organization')).body.id).toBe(t.orgId);
    }
    // The first organization is unchanged: same members, same roles.
    expect(await counters(t.orgId)).toMatchObject({ stored: { memberCount: 4, adminCount: 1 } });
  });

  it('answers 400 to a missing, blank, too long or multi-line name, or another field; 401 without a token', async () => {
    const me = await newAdmin('creator');
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(ORGANIZATION_NAME_MAX + 1) },
      { name: 'Two\nlines' },
      { name: 7 },
      { name: 'Fine', role: 'ADMIN' },
    ]) {
      const res = await me.api.post('/api/organizations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect((await client(null).post('/api/organizations', { name: 'Nobody' })).status).toBe(401);
  });
});

describe('a person in no organization', () => {
  it('removed from their only organization: 403 NO_ORGANIZATION everywhere, nothing made; then they create one', async () => {
    const t = await team();
    const removed = await joinAs(t.orgId, 'PROPERTY_MANAGER', 'removed');
    expect((await removed.api.get('/api/properties')).status).toBe(200);
    expect((await t.admin.api.delete(`/api/members/${removed.userId}`)).status).toBe(200);

    const named = await inOrg(removed.api, t.orgId).get('/api/organization');
    expect(named.body.code).toBe('NOT_A_MEMBER');
    for (const path of ['/api/organization', '/api/properties', '/api/maintenance']) {
      const res = await removed.api.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('NO_ORGANIZATION');
      expect(res.body.error).toMatch(/Create an organization, or accept an invitation/);
    }
    // A new sign-in changes nothing: still no organization of their own.
    const again = client((await signIn(removed.email)).idToken);
    expect((await again.get('/api/organization')).body.code).toBe('NO_ORGANIZATION');

    const made = await create(again, 'Fresh start');
    expect(made.status).toBe(201);
    expect((await again.get('/api/organization')).body).toMatchObject({ name: 'Fresh start', userOrgRole: 'ADMIN' });
  });

  it('a first sign-in still gets an organization of its own, exactly once', async () => {
    const email = `first-${randomUUID().slice(0, 8)}@example.com`;
    const api = client((await signIn(email)).idToken);
    const first = await api.get('/api/organization');
    expect(first.status).toBe(200);
    expect(first.body.userOrgRole).toBe('ADMIN');
    expect((await api.get('/api/organization')).body.id).toBe(first.body.id);
  });

  it("a deleted account's token is told the account was deleted, not that it signed out everywhere", async () => {
    const me = await newAdmin('deleted');
    expect((await me.api.get('/api/organization')).status).toBe(200);
    const deleted = await me.api.post('/api/account/delete', {
      reason: 'NOT_USING',
      details: 'Bye',
      confirmation: 'DELETE',
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const after = await me.api.get('/api/organization');
    expect(after.status).toBe(401);
    expect(after.body.error).toMatch(/This account was deleted/);
    expect((await create(me.api, 'After')).status).toBe(401);
    expect(localSubFor(me.email)).toBeTruthy();
  });
});
