import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { type Api, joinAs, type Person, team } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';
import { dispatcher, PDF_BYTES, PNG_BYTES, putToPresignedUrl } from './receipt-upload.js';

/**
 * Maintenance photos (docs/tenants-and-maintenance.md "Photos"): uploaded like receipts, checked on
 * confirm; at most 10 per request; the reporter while the request is NEW or PENDING, staff always; another
 * tenant's request and another organization's are 404.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let other: Team;
let neighbour: Person;
let requestId: string;
let home: string;

async function upload(api: Api, id: string, bytes = PNG_BYTES, contentType = 'image/png') {
  const requested = await api.post(`/api/maintenance/${id}/photos`, {
    fileName: 'sink.png',
    contentType,
    size: bytes.length,
  });
  if (requested.status !== 201) return requested;
  const put = await putToPresignedUrl(requested.body.upload, bytes);
  expect(put.ok).toBe(true);
  return api.post(`/api/maintenance/${id}/photos/${requested.body.reference}/confirm`);
}

const photoItems = async (orgId: string) =>
  (await partition(`ORG#${orgId}`)).filter((item) => item.type === 'MaintenancePhoto');

beforeAll(async () => {
  [t, other] = await Promise.all([team(), team()]);
  home = (await t.admin.api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Photo Lane` })).body.id;
  const next = (await t.admin.api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Next Door` })).body
    .id;
  neighbour = await joinAs(t.orgId, 'TENANT', 'neighbour');
  await leaseTo(t.orgId, t.tenant.userId, home);
  await leaseTo(t.orgId, neighbour.userId, next);
  requestId = (await t.tenant.api.post('/api/maintenance', { title: 'Leaking sink', description: 'Drips' })).body
    .maintenanceRequest.id;
});

describe('maintenance photos', () => {
  it('the reporter adds a photo; staff and the reporter list it with a link that serves the image', async () => {
    const res = await upload(t.tenant.api, requestId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.photo).toMatchObject({ fileName: 'sink.png', contentType: 'image/png', size: PNG_BYTES.length });
    for (const who of [t.tenant, t.manager]) {
      const listed = await who.api.get(`/api/maintenance/${requestId}/photos`);
      expect(listed.status).toBe(200);
      expect(listed.body.photos.map((p: { id: string }) => p.id)).toEqual([res.body.photo.id]);
    }
    const { request } = await import('undici');
    const got = await request(res.body.photo.url, { dispatcher: dispatcher() });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.from(await got.body.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
  });

  it('a file that lies about its type is refused and deleted; HEIC and other types are refused up front', async () => {
    const lie = await upload(t.tenant.api, requestId, PDF_BYTES, 'image/png');
    expect(lie.status).toBe(400);
    expect(lie.body.error).toMatch(/not really a PNG image/);
    expect((await photoItems(t.orgId)).filter((p) => p.status === 'PENDING')).toEqual([]);
    const heic = await t.tenant.api.post(`/api/maintenance/${requestId}/photos`, {
      fileName: 'IMG_0001.HEIC',
      contentType: 'image/heic',
      size: 1000,
    });
    expect(heic.status).toBe(400);
    expect(JSON.stringify(heic.body)).toMatch(/Most Compatible/);
    const pdf = await t.tenant.api.post(`/api/maintenance/${requestId}/photos`, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 1000,
    });
    expect(pdf.status).toBe(400);
    const big = await t.tenant.api.post(`/api/maintenance/${requestId}/photos`, {
      fileName: 'big.png',
      contentType: 'image/png',
      size: 11 * 1024 * 1024,
    });
    expect(big.status).toBe(400);
  });

  it('refuses an eleventh photo', async () => {
    const staffRequest = (
      await t.admin.api.post('/api/maintenance', {
        title: 'Many photos',
        description: 'Walls',
        propertyId: home,
      })
    ).body.maintenanceRequest;
    expect(staffRequest?.id).toBeTruthy();
    for (let i = 0; i < 10; i++) expect((await upload(t.landlord.api, staffRequest.id)).status).toBe(200);
    const eleventh = await upload(t.landlord.api, staffRequest.id);
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.error).toMatch(/at most 10 photos/);
    expect((await t.landlord.api.get(`/api/maintenance/${staffRequest.id}/photos`)).body.photos).toHaveLength(10);
  });

  it("another tenant's request and another organization's are 404; a tenant cannot add to a request in progress", async () => {
    expect((await neighbour.api.get(`/api/maintenance/${requestId}/photos`)).status).toBe(404);
    expect((await upload(neighbour.api, requestId)).status).toBe(404);
    expect((await other.admin.api.get(`/api/maintenance/${requestId}/photos`)).status).toBe(404);
    expect((await upload(other.admin.api, requestId)).status).toBe(404);
    const current = (await t.admin.api.get(`/api/maintenance/${requestId}`)).body.maintenanceRequest;
    const moved = await t.admin.api.put(`/api/maintenance?id=${requestId}`, {
      title: current.title,
      description: current.description,
      propertyId: current.propertyId,
      issueType: current.issueType,
      status: 'IN_PROGRESS',
      preferredContactTimes: current.preferredContactTimes,
      version: current.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await upload(t.tenant.api, requestId)).status).toBe(403);
    expect((await upload(t.manager.api, requestId)).status).toBe(200);
  });
});
