import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { countObjects } from '../support/public.js';
import { objectExists, storeObject } from './local-s3.js';
import { dispatcher, PNG_BYTES, putToPresignedUrl } from './receipt-upload.js';

/**
 * The verified upload's confirm (functions/src/lib/verifiedUpload.ts), sent many times at once: one confirm
 * claims the record and does the work, the others wait for it and answer the same; nothing answers 500 and the
 * upload is never lost. Before the claim, ten parallel confirms of one receipt answered 400 x7 + 500 x3 and lost
 * the receipt; of one photo, 500 x9 (NoSuchKey in the copy), and the photo was gone.
 *
 * And maintenance photos' own prefix: new photos live under maintenance-photos/<org>/, photos stored before it
 * under receipts/<org>/maintenance/ keep working (a photo is read from the key its record names).
 */
type Api = Awaited<ReturnType<typeof newAdmin>>['api'];
const CONFIRMS = 10;

const orgIdOf = async (api: Api): Promise<string> => (await api.get('/api/organization')).body.id;

const itemsOf = async (orgId: string, type: string) =>
  (await partition(`ORG#${orgId}`)).filter((item) => item.type === type);

async function bytesAt(url: string) {
  const res = await fetch(url, { dispatcher: dispatcher() });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function maintenanceRequest(api: Api) {
  const propertyId = (await api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Upload Lane` })).body
    .id;
  const created = await api.post('/api/maintenance', { title: 'Leak', description: 'Drips', propertyId });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.maintenanceRequest.id as string;
}

describe('confirming one upload many times at once', () => {
  it('a receipt: every confirm answers the receipt, which is kept, counted once and serves the bytes', async () => {
    const { api } = await newAdmin();
    const transaction = (
      await api.post('/api/transactions', { name: 'Rossi Plumbing', date: '2026-03-14', amount: -5 })
    ).body.transaction;
    const { body } = await api.post('/api/receipts/upload-receipts', {
      fileName: 'race.png',
      contentType: 'image/png',
      size: PNG_BYTES.length,
      transactionId: transaction.id,
    });
    expect((await putToPresignedUrl(body.upload, PNG_BYTES)).status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: CONFIRMS }, () => api.post(`/api/receipts/${body.reference}/confirm`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(CONFIRMS).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);

    const orgId = transaction.organizationId;
    expect(await itemsOf(orgId, 'Receipt')).toMatchObject([{ status: 'READY' }]);
    expect((await itemsOf(orgId, 'Transaction'))[0]).toMatchObject({ receiptCount: 1, hasReceipt: true });
    const link = await api.get(`/api/receipts/get-receipt-url?reference=${body.reference}`);
    expect(await bytesAt(link.body.url)).toEqual(PNG_BYTES);
    // The upload is gone once its checked copy is the receipt; a later confirm still answers the receipt.
    expect(await objectExists(`receipts/pending/${orgId}/${body.reference}`)).toBe(false);
    expect((await api.post(`/api/receipts/${body.reference}/confirm`)).body).toEqual(answers[0]!.body);
  });

  it('a maintenance photo: every confirm answers the photo, kept under maintenance-photos/ and counted once', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const requestId = await maintenanceRequest(api);
    const requested = await api.post(`/api/maintenance/${requestId}/photos`, {
      fileName: 'sink.png',
      contentType: 'image/png',
      size: PNG_BYTES.length,
    });
    expect(requested.status).toBe(201);
    const photoId = requested.body.reference as string;
    expect(decodeURIComponent(new URL(requested.body.upload.url).pathname)).toMatch(
      new RegExp(`/maintenance-photos/pending/${orgId}/${photoId}$`),
    );
    expect((await putToPresignedUrl(requested.body.upload, PNG_BYTES)).status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: CONFIRMS }, () => api.post(`/api/maintenance/${requestId}/photos/${photoId}/confirm`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(CONFIRMS).fill(200));
    for (const answer of answers) {
      const { url, ...photo } = answer.body.photo;
      const { url: _, ...first } = answers[0]!.body.photo;
      expect(photo).toEqual(first);
    }

    const [item] = await itemsOf(orgId, 'MaintenancePhoto');
    expect(item).toMatchObject({ id: photoId, status: 'READY' });
    expect(item!.key).toBe(`maintenance-photos/${orgId}/${requestId}/${photoId}-sink.png`);
    expect((await partition(`ORG#${orgId}`)).find((i) => i.SK === `MAINT#${requestId}`)?.photoCount).toBe(1);
    const listed = await api.get(`/api/maintenance/${requestId}/photos`);
    expect(listed.body.photos.map((p: { id: string }) => p.id)).toEqual([photoId]);
    expect(await bytesAt(listed.body.photos[0].url)).toEqual(PNG_BYTES);
    expect(await objectExists(`maintenance-photos/pending/${orgId}/${photoId}`)).toBe(false);
    expect(await countObjects(`receipts/${orgId}/`)).toBe(0);
  });
});

describe('maintenance photos stored before they had their own prefix', () => {
  it('are listed and served from the key their record names', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const requestId = await maintenanceRequest(api);
    const photoId = randomUUID();
    const key = `receipts/${orgId}/maintenance/${requestId}/${photoId}-old.png`;
    await storeObject(key, PNG_BYTES, 'image/png');
    await db().send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          PK: `ORG#${orgId}`,
          SK: `MAINTPHOTO#${requestId}#${photoId}`,
          type: 'MaintenancePhoto',
          id: photoId,
          organizationId: orgId,
          requestId,
          userId: 'someone',
          fileName: 'old.png',
          contentType: 'image/png',
          size: PNG_BYTES.length,
          key,
          status: 'READY',
          createdAt: '2026-01-01T00:00:00.000Z',
          uploadedAt: '2026-01-01T00:00:01.000Z',
        },
      }),
    );
    const listed = await api.get(`/api/maintenance/${requestId}/photos`);
    expect(listed.body.photos.map((p: { id: string }) => p.id)).toEqual([photoId]);
    expect(await bytesAt(listed.body.photos[0].url)).toEqual(PNG_BYTES);
  });

  it('one still waiting in receipts/pending/ when its record names no pending key is confirmed from there', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const requestId = await maintenanceRequest(api);
    const photoId = randomUUID();
    const key = `receipts/${orgId}/maintenance/${requestId}/${photoId}-waiting.png`;
    await storeObject(`receipts/pending/${orgId}/${photoId}`, PNG_BYTES, 'image/png');
    await db().send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          PK: `ORG#${orgId}`,
          SK: `MAINTPHOTO#${requestId}#${photoId}`,
          type: 'MaintenancePhoto',
          id: photoId,
          organizationId: orgId,
          requestId,
          userId: 'someone',
          fileName: 'waiting.png',
          contentType: 'image/png',
          size: PNG_BYTES.length,
          key,
          status: 'PENDING',
          createdAt: new Date().toISOString(),
          uploadedAt: null,
          ttl: Math.floor(Date.now() / 1000) + 3600,
        },
      }),
    );
    const confirmed = await api.post(`/api/maintenance/${requestId}/photos/${photoId}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await bytesAt(confirmed.body.photo.url)).toEqual(PNG_BYTES);
    expect(await objectExists(key)).toBe(true);
    expect(await objectExists(`receipts/pending/${orgId}/${photoId}`)).toBe(false);
  });
});
