import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { membershipItem, userItem } from '../../functions/src/data/people/items.js';
import { localSubFor } from '../../infra/local/demo-users.js';
import { client, newAdmin, refresh, signIn } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';

/**
 * Account and security: the person's own security log (GET /api/security-log) and "Sign out of all
 * devices" (POST /api/sign-out-everywhere): tokens issued up to it answer 401 on every route, the
 * stand-in refuses the old refresh tokens, and a new sign-in works.
 */
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

/** A person with `role` in a fresh organization (invitations come later: the membership is written directly). */
async function personWithRole(role: Role) {
  if (role === 'ADMIN') {
    const email = unique('admin');
    const tokens = await signIn(email);
    return { email, ...tokens, api: client(tokens.idToken) };
  }
  const owner = await newAdmin('owner');
  const orgId = (await owner.api.get('/api/organization')).body.id as string;
  const email = unique(role.toLowerCase());
  const userId = localSubFor(email);
  const now = new Date().toISOString();
  await db().send(
    new PutCommand({ TableName: TABLE_NAME, Item: userItem({ userId, email, name: role, image: null }, now) }),
  );
  await db().send(new PutCommand({ TableName: TABLE_NAME, Item: membershipItem({ orgId, userId, role }, now) }));
  const tokens = await signIn(email);
  return { email, ...tokens, api: client(tokens.idToken) };
}

async function logItems(userId: string) {
  return (await partition(`USER#${userId}`)).filter((item) => item.type === 'SecurityLog');
}

/** Waits until the wall clock is past `epochSeconds` (tokens carry whole seconds). */
async function afterSecond(epochSeconds: number) {
  while (Math.floor(Date.now() / 1000) <= epochSeconds) await new Promise((r) => setTimeout(r, 50));
}

const ROLES: Role[] = ['ADMIN', 'LANDLORD', 'PROPERTY_MANAGER', 'TENANT'];

describe.each(ROLES)('as %s', (role) => {
  it("reads only their own security log, with this session's sign-in, newest first", async () => {
    const person = await personWithRole(role);
    expect((await person.api.post('/api/logout')).status).toBe(200);
    const res = await person.api.get('/api/security-log');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['events', 'nextCursor']);
    expect(res.body.events.map((e: { action: string }) => e.action)).toEqual(['LOGOUT', 'SIGN_IN']);
    expect(res.body.events[1]).toMatchObject({
      success: true,
      details: expect.stringMatching(/^Signed in with Google/),
    });
    for (const event of res.body.events)
      expect(Object.keys(event).sort()).toEqual(['action', 'createdAt', 'details', 'id', 'success']);
    const own = (await logItems(subOf(person.idToken))).map((item) => item.id).sort();
    expect(res.body.events.map((e: { id: string }) => e.id).sort()).toEqual(own);
    expect(res.body.nextCursor).toBeNull();
  });

  it('signs out of all devices: their earlier tokens answer 401 everywhere, a later sign-in works', async () => {
    const person = await personWithRole(role);
    const other = await signIn(person.email); // a second device
    expect((await client(other.idToken).get('/api/properties')).status).toBe(200);

    const res = await person.api.post('/api/sign-out-everywhere');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, tokensValidAfter: expect.any(String) });

    for (const token of [person.idToken, other.idToken]) {
      const refused = await client(token).get('/api/organization');
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        code: 'UNAUTHORIZED',
        error: expect.stringMatching(/signed out of all devices/),
      });
    }
    expect((await refresh(other.refreshToken)).status).toBe(400);

    await afterSecond(Date.parse(res.body.tokensValidAfter) / 1000);
    const again = client((await signIn(person.email)).idToken);
    expect((await again.get('/api/organization')).status).toBe(200);
    const events = (await again.get('/api/security-log')).body.events as { action: string; createdAt: string }[];
    // Newest first: this sign-in, then the sign-out everywhere (logged at the instant of its cutoff).
    expect(events.slice(0, 2).map((e) => e.action)).toEqual(['SIGN_IN', 'SIGN_OUT_EVERYWHERE']);
    expect(events[1]!.createdAt.slice(0, 19)).toBe(res.body.tokensValidAfter.slice(0, 19));
  });
});

describe('sign out of all devices', () => {
  it('refuses tokens issued before it on every route, and the stand-in refuses the old refresh tokens', async () => {
    const email = unique('everywhere');
    const laptop = await signIn(email);
    const phone = await signIn(email);
    const phoneApi = client(phone.idToken);
    expect((await phoneApi.get('/api/organization')).status).toBe(200);
    const refreshed = await refresh(phone.refreshToken);
    expect(refreshed.status).toBe(200);

    const done = await client(laptop.idToken).post('/api/sign-out-everywhere');
    expect(done.status).toBe(200);
    const cutoff = Date.parse(done.body.tokensValidAfter) / 1000;

    // Another route, another token of the same person, a token refreshed before the sign-out: all 401.
    expect((await phoneApi.get('/api/properties')).status).toBe(401);
    expect((await client(refreshed.body.id_token!).get('/api/transactions')).status).toBe(401);
    expect((await client(laptop.idToken).get('/api/security-log')).status).toBe(401);
    expect((await client(laptop.idToken).post('/api/sign-out-everywhere')).status).toBe(401);
    for (const token of [laptop.refreshToken, phone.refreshToken]) {
      expect(await refresh(token)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    }

    // The cutoff is stored on the membership the identity lookup reads (and on the profile).
    const userId = subOf(laptop.idToken);
    const [profile] = (await partition(`USER#${userId}`)).filter((item) => item.SK === 'PROFILE');
    expect(profile?.tokensValidAfter).toBe(cutoff);

    await afterSecond(cutoff);
    const fresh = await signIn(email);
    expect((await client(fresh.idToken).get('/api/properties')).status).toBe(200);
    expect((await refresh(fresh.refreshToken)).status).toBe(200);
    const log = await logItems(userId);
    expect(log.filter((item) => item.action === 'SIGN_OUT_EVERYWHERE')).toEqual([
      expect.objectContaining({ success: true, userId }),
    ]);
  });

  it('keeps refusing old tokens after the person left every organization and created a new one', async () => {
    const email = unique('leaver-everywhere');
    const old = await signIn(email);
    const oldApi = client(old.idToken);
    const firstOrg = (await oldApi.get('/api/organization')).body.id as string;
    const cutoff = Date.parse((await oldApi.post('/api/sign-out-everywhere')).body.tokensValidAfter) / 1000;
    await afterSecond(cutoff);
    const fresh = client((await signIn(email)).idToken);
    expect((await fresh.post('/api/members/leave')).status).toBe(200);

    // Belonging to no organization, the old token is refused before anything else is said to it.
    expect((await oldApi.get('/api/organization')).status).toBe(401);
    expect((await oldApi.post('/api/organizations', { name: 'Old token org' })).status).toBe(401);
    const created = await fresh.post('/api/organizations', { name: 'Second start' });
    expect(created.status).toBe(201);
    const secondOrg = created.body.id as string;
    expect(secondOrg).not.toBe(firstOrg);
    // The new organization's membership carries the cutoff: the old token stays refused there too.
    expect((await oldApi.get('/api/organization')).status).toBe(401);
    expect((await fresh.get('/api/organization')).body.id).toBe(secondOrg);
  });

  it('leaves other people signed in', async () => {
    const leaver = await newAdmin('leaver');
    const bystander = await newAdmin('bystander');
    expect((await leaver.api.post('/api/sign-out-everywhere')).status).toBe(200);
    expect((await bystander.api.get('/api/organization')).status).toBe(200);
    expect((await leaver.api.get('/api/organization')).status).toBe(401);
  });
});

describe('security log', () => {
  it('records one sign-in per session, however many requests and refreshes it makes', async () => {
    const email = unique('once');
    const session = await signIn(email);
    const api = client(session.idToken);
    await Promise.all(Array.from({ length: 5 }, () => api.get('/api/organization')));
    const refreshed = await refresh(session.refreshToken);
    expect((await client(refreshed.body.id_token!).get('/api/properties')).status).toBe(200);
    const userId = subOf(session.idToken);
    expect((await logItems(userId)).filter((item) => item.action === 'SIGN_IN')).toHaveLength(1);

    const second = await signIn(email);
    expect((await client(second.idToken).get('/api/organization')).status).toBe(200);
    expect((await logItems(userId)).filter((item) => item.action === 'SIGN_IN')).toHaveLength(2);
  });

  it('pages newest first with signed cursors, and every event appears once', async () => {
    const { api, token } = await newAdmin('pager');
    for (let i = 0; i < 5; i++) expect((await api.post('/api/logout')).status).toBe(200);
    const all = (await api.get('/api/security-log?limit=100')).body.events as { id: string; createdAt: string }[];
    expect(all).toHaveLength(6);
    const times = all.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page = await api.get(`/api/security-log${query}`);
      expect(page.status).toBe(200);
      expect(page.body.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.events.map((e: { id: string }) => e.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(cursor).toBeNull();
    expect(seen).toEqual(all.map((e) => e.id));
    expect(subOf(token)).toBeTruthy();
  });

  it("refuses another person's cursor and bad paging input with a clear 400", async () => {
    const me = await newAdmin('me');
    const them = await newAdmin('them');
    for (let i = 0; i < 2; i++) await them.api.post('/api/logout');
    const theirCursor = (await them.api.get('/api/security-log?limit=1')).body.nextCursor as string;
    expect(typeof theirCursor).toBe('string');
    const [head, ...rest] = theirCursor;
    const cases = [
      `cursor=${encodeURIComponent(theirCursor)}`,
      `cursor=${encodeURIComponent(`${head === 'A' ? 'B' : 'A'}${rest.join('')}`)}`,
      'cursor=not-a-cursor!',
      `cursor=${'x'.repeat(501)}`,
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      'userId=someone-else',
    ];
    for (const query of cases) {
      const res = await me.api.get(`/api/security-log?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION');
      expect(typeof res.body.error, query).toBe('string');
    }
  });
});
