import { describe, expect, it } from 'vitest';
import { client, newAdmin, signIn } from '../support/api.js';
import { partition } from '../support/db.js';
import { forgeToken, tamper } from '../support/tokens.js';

describe('sign-in and identity', () => {
  it('provisions a first-time person with a new organization as ADMIN', async () => {
    const { api, email } = await newAdmin('first');
    const res = await api.get('/api/organization');
    expect(res.status).toBe(200);
    expect(res.body.userOrgRole).toBe('ADMIN');
    expect(res.body.name).toMatch(/Organization$/);
    const items = await partition(`ORG#${res.body.id}`);
    expect(items.map((i) => i.type).sort()).toEqual(['Membership', 'Organization']);
    expect(items.find((i) => i.type === 'Membership')?.role).toBe('ADMIN');
    expect(email).toContain('@example.com');
  });

  it('makes exactly one organization when a new person fires many first requests at once', async () => {
    const { idToken } = await signIn(`burst-${Date.now()}@example.com`);
    const api = client(idToken);
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.get('/api/organization')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  });

  it('answers 401 to no token, a tampered token, an expired token and a token for another client', async () => {
    const { idToken } = await signIn('tampering@example.com');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'x-1', email: 'x@example.com' };
    const tokens = [
      null,
      'not-a-jwt',
      tamper(idToken),
      await forgeToken(claims, { expiresAt: now - 60 }),
      await forgeToken(claims, { expiresAt: now + 600, audience: 'some-other-client' }),
    ];
    for (const token of tokens) {
      const res = await client(token).get('/api/organization');
      expect(res.status, String(token).slice(0, 20)).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('records a sign-out in the security log', async () => {
    const { idToken } = await signIn(`leaver-${Date.now()}@example.com`);
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub;
    const res = await client(idToken).post('/api/logout');
    expect(res.status).toBe(200);
    const logs = await partition(`USER#${sub}`);
    const logout = logs.find((i) => i.type === 'SecurityLog' && i.action === 'LOGOUT');
    expect(logout).toMatchObject({ action: 'LOGOUT', success: true, userId: sub });
    expect(Number(logout?.ttl)).toBeGreaterThan(Date.now() / 1000);
  });

  it('gives demo people their seeded roles in the demo organization', async () => {
    const roles: Record<string, string> = {};
    for (const email of [
      'lena.landlord@demo.rent.today',
      'pat.manager@demo.rent.today',
      'tara.tenant@demo.rent.today',
    ]) {
      const { idToken } = await signIn(email);
      const res = await client(idToken).get('/api/organization');
      expect(res.body.id).toBe('demo-org');
      roles[email] = res.body.userOrgRole;
    }
    expect(roles).toEqual({
      'lena.landlord@demo.rent.today': 'LANDLORD',
      'pat.manager@demo.rent.today': 'PROPERTY_MANAGER',
      'tara.tenant@demo.rent.today': 'TENANT',
    });
  });
});
