import { LOAN_MESSAGES } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { client, newAdmin, signIn } from '../support/api.js';
import { partition } from '../support/db.js';

const fullProperty = {
  address: '14 Elm Court, Springfield, IL 62701',
  googlePlaceId: 'ChIJ-test-place',
  latitude: 39.8,
  longitude: -89.65,
  propertyType: 'SINGLE_FAMILY',
  numberOfUnits: 1,
  acquisitionDate: '2020-02-29',
  acquisitionPrice: 250000,
  approximateLoan: 180000.5,
  currentMarketValue: '310000.25',
  monthlyRent: 2150,
  downPayment: 50000,
  closingCosts: 4321.09,
  initialRepairs: 0,
  otherInitialCosts: null,
  landValue: null,
};

describe('properties', () => {
  it('creates, reads, lists, updates and deletes a property with every field', async () => {
    const { api } = await newAdmin();
    const created = await api.post('/api/properties', fullProperty);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...fullProperty,
      currentMarketValue: 310000.25,
      version: 1,
    });
    const id = created.body.id;

    expect((await api.get(`/api/properties/${id}`)).body).toEqual(created.body);
    expect((await api.get('/api/properties')).body).toEqual([created.body]);

    const updated = await api.put(`/api/properties/${id}`, { ...fullProperty, monthlyRent: 2200.1, version: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ monthlyRent: 2200.1, version: 2, createdAt: created.body.createdAt });

    const deleted = await api.delete(`/api/properties/${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id } });
    expect((await api.get(`/api/properties/${id}`)).status).toBe(404);
    expect((await api.get('/api/properties')).body).toEqual([]);
  });

  it('stores money as integer cents', async () => {
    const { api } = await newAdmin();
    const created = await api.post('/api/properties', {
      address: '1 Cent Way',
      monthlyRent: 0.1,
      acquisitionPrice: '1999.99',
      landValue: 400.5,
    });
    const org = (await api.get('/api/organization')).body.id;
    const item = (await partition(`ORG#${org}`)).find((i) => i.id === created.body.id);
    expect(item).toMatchObject({ monthlyRent: 10, acquisitionPrice: 199999, landValue: 40050 });
    expect(created.body).toMatchObject({ monthlyRent: 0.1, acquisitionPrice: 1999.99, landValue: 400.5 });
  });

  it.each([
    [{}, 'address'],
    [{ address: '   ' }, 'address'],
    [{ address: 'A', numberOfUnits: 0 }, 'numberOfUnits'],
    [{ address: 'A', numberOfUnits: 2.5 }, 'numberOfUnits'],
    [{ address: 'A', numberOfUnits: '2' }, 'numberOfUnits'],
    [{ address: 'A', monthlyRent: -5 }, 'monthlyRent'],
    [{ address: 'A', landValue: -1 }, 'landValue'],
    [{ address: 'A', monthlyRent: 12.345 }, 'monthlyRent'],
    [{ address: 'A', monthlyRent: 'lots' }, 'monthlyRent'],
    [{ address: 'A', acquisitionDate: '2023-02-30' }, 'acquisitionDate'],
    [{ address: 'A', acquisitionDate: '03/04/2023' }, 'acquisitionDate'],
    [{ address: 'A', latitude: 91 }, 'latitude'],
    [{ address: 'A', propertyType: 'CASTLE' }, 'propertyType'],
    [{ address: 'A', organizationId: 'other-org' }, 'body'],
  ])('refuses %j naming the field %s, and writes nothing', async (body, field) => {
    const { api } = await newAdmin();
    const org = (await api.get('/api/organization')).body.id;
    const before = await partition(`ORG#${org}`);
    const res = await api.post('/api/properties', body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(res.body.error.length).toBeGreaterThan(5);
    expect(await partition(`ORG#${org}`)).toEqual(before);
  });

  it('answers 409 to an edit based on a stale version, keeping the first edit', async () => {
    const { api } = await newAdmin();
    const { body: p } = await api.post('/api/properties', { address: '9 Race Street' });
    const first = await api.put(`/api/properties/${p.id}`, { address: '9 Race Street, Unit A', version: 1 });
    const second = await api.put(`/api/properties/${p.id}`, { address: '9 Race Street, Unit B', version: 1 });
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/changed by someone else/);
    expect((await api.get(`/api/properties/${p.id}`)).body.address).toBe('9 Race Street, Unit A');
  });

  it("answers 404 to another organization's property ids, for every verb", async () => {
    const owner = await newAdmin('owner');
    const intruder = await newAdmin('intruder');
    const { body: p } = await owner.api.post('/api/properties', { address: '1 Private Road' });
    expect((await intruder.api.get(`/api/properties/${p.id}`)).status).toBe(404);
    expect((await intruder.api.put(`/api/properties/${p.id}`, { address: 'Mine now', version: 1 })).status).toBe(404);
    expect((await intruder.api.delete(`/api/properties/${p.id}`)).status).toBe(404);
    expect((await intruder.api.get('/api/properties')).body).toEqual([]);
    expect((await owner.api.get(`/api/properties/${p.id}`)).body).toMatchObject({
      address: '1 Private Road',
      version: 1,
    });
  });

  it('refuses to delete a property that something still points to, and says what to do', async () => {
    const { idToken } = await signIn('lena.landlord@demo.rent.today');
    const res = await client(idToken).delete('/api/properties/prop-maple-12');
    expect(res.status).toBe(409);
    // Maple has a loan (and a lease, and transactions): the loan answer comes first; loans.test.ts and leases.test.ts
    // cover each alone, transactions.test.ts a property with transactions only.
    expect(res.body.error).toBe(LOAN_MESSAGES.propertyHasLoans);
    expect((await client(idToken).get('/api/properties/prop-maple-12')).status).toBe(200);
  });

  it('shows a tenant only the property they rent, and no property writes', async () => {
    const { idToken } = await signIn('tara.tenant@demo.rent.today');
    const tenant = client(idToken);
    const list = await tenant.get('/api/properties');
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual(['prop-maple-12']);
    expect((await tenant.get('/api/properties/prop-oak-48')).status).toBe(404);

    const before = await partition('ORG#demo-org');
    expect((await tenant.post('/api/properties', { address: 'Tenant house' })).status).toBe(403);
    expect((await tenant.put('/api/properties/prop-maple-12', { address: 'X', version: 1 })).status).toBe(403);
    expect((await tenant.delete('/api/properties/prop-oak-48')).status).toBe(403);
    expect(await partition('ORG#demo-org')).toEqual(before);
  });

  it('lets a property manager manage properties', async () => {
    const { idToken } = await signIn('pat.manager@demo.rent.today');
    const list = await client(idToken).get('/api/properties');
    expect(list.body.length).toBeGreaterThanOrEqual(5);
  });
});
