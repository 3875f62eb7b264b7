import { describe, expect, it } from 'vitest';
import { client, newAdmin, signIn } from '../support/api.js';
import { partition } from '../support/db.js';

describe('organization', () => {
  it('renames the organization and answers with the new name', async () => {
    const { api } = await newAdmin();
    const before = await api.get('/api/organization');
    const res = await api.put('/api/organization', { name: '  Oak Street Holdings  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: before.body.id, name: 'Oak Street Holdings', userOrgRole: 'ADMIN' });
    expect(res.body.updatedAt >= before.body.updatedAt).toBe(true);
    expect((await api.get('/api/organization')).body.name).toBe('Oak Street Holdings');
  });

  it.each([
    [{ name: '' }, 'Organization name is required'],
    [{ name: '   ' }, 'Organization name is required'],
    [{ name: 'x'.repeat(101) }, 'Organization name must be at most 100 characters'],
    [{ name: 42 }, 'Organization name is required'],
    [{}, 'Organization name is required'],
    [{ name: 'Fine', id: 'someone-else' }, 'Unknown field(s): id'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const { api } = await newAdmin();
    const before = await api.get('/api/organization');
    const res = await api.put('/api/organization', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.error).toBe(message);
    expect((await api.get('/api/organization')).body.name).toBe(before.body.name);
  });

  it('lets only admins and landlords rename it', async () => {
    for (const email of ['tara.tenant@demo.rent.today', 'pat.manager@demo.rent.today']) {
      const { idToken } = await signIn(email);
      const before = await partition('ORG#demo-org');
      const res = await client(idToken).put('/api/organization', { name: 'Taken over' });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Your role does not allow this.');
      expect(await partition('ORG#demo-org')).toEqual(before);
    }
  });
});
