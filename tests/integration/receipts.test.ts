import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { membershipItem, userItem } from '../../functions/src/data/people/items.js';
import { localSubFor } from '../../infra/local/demo-users.js';
import { baseUrl, client, newAdmin, signIn } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { orgIdOf } from './ledger-helpers.js';
import { objectExists, storeObject } from './local-s3.js';
import { dispatcher, PDF_BYTES, PNG_BYTES, putToPresignedUrl, uploadReceipt } from './receipt-upload.js';

type Api = Awaited<ReturnType<typeof newAdmin>>['api'];
const BUCKET = 'rent-today-receipts';
const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

async function newTransaction(api: Api, extra: Record<string, unknown> = {}) {
  const res = await api.post('/api/transactions', {
    name: 'Rossi Plumbing',
    date: '2026-03-14',
    amount: -385.5,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.transaction as { id: string; organizationId: string; hasReceipt: boolean };
}

const hasReceipt = async (api: Api, id: string) =>
  (await api.get(`/api/transactions/${id}`)).body.transaction.hasReceipt;

describe('receipts: the upload, view and delete flow', () => {
  it('uploads through a presigned PUT, confirms, lists, links and deletes; hasReceipt follows its receipts', async () => {
    const { api, token } = await newAdmin();
    const t = await newTransaction(api);
    const png = await uploadReceipt(api, { transactionId: t.id, fileName: 'Kitchen leak – invoice.png' });
    expect(png.status).toBe(200);
    const receipt = png.body.receipt;
    expect(png.body.reference).toBe(receipt.id);
    expect(receipt).toMatchObject({
      reference: receipt.id,
      transactionId: t.id,
      fileName: 'Kitchen leak – invoice.png',
      contentType: 'image/png',
      size: PNG_BYTES.length,
      userId: JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub,
      fileUrl: `receipts/${t.organizationId}/${t.id}/${receipt.id}-Kitchen_leak_invoice.png`,
    });
    expect(await hasReceipt(api, t.id)).toBe(true);
    const pdf = await uploadReceipt(api, { transactionId: t.id, bytes: PDF_BYTES, contentType: 'application/pdf' });
    expect(pdf.status).toBe(200);

    const listed = await api.get(`/api/receipts/my-receipts?transactionId=${t.id}`);
    expect(listed.body.receipts.map((r: { id: string }) => r.id).sort()).toEqual(
      [receipt.id, pdf.body.receipt.id].sort(),
    );

    for (const path of ['/api/receipts/get-receipt-url', '/api/get-receipt-url']) {
      const link = await api.get(`${path}?reference=${receipt.id}`);
      expect(link.status).toBe(200);
      expect(link.body.url.startsWith(`${baseUrl()}/s3/${BUCKET}/receipts/${t.organizationId}/`)).toBe(true);
      expect(new URL(link.body.url).searchParams.get('X-Amz-Expires')).toBe('300');
      const file = await fetch(link.body.url, { dispatcher: dispatcher() });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('content-disposition')).toBe(
        `inline; filename="Kitchen_leak_invoice.png"; filename*=UTF-8''Kitchen%20leak%20%E2%80%93%20invoice.png`,
      );
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_BYTES);
    }

    expect(await api.delete(`/api/receipts/${receipt.id}`)).toMatchObject({ status: 200, body: { id: receipt.id } });
    expect(await objectExists(receipt.fileUrl)).toBe(false);
    expect(await hasReceipt(api, t.id)).toBe(true);
    expect((await api.get(`/api/receipts/get-receipt-url?reference=${receipt.id}`)).status).toBe(404);
    expect((await api.delete(`/api/receipts/${receipt.id}`)).status).toBe(404);

    expect((await api.delete(`/api/receipts/${pdf.body.receipt.id}`)).status).toBe(200);
    expect(await hasReceipt(api, t.id)).toBe(false);
    expect((await api.get(`/api/receipts/my-receipts?transactionId=${t.id}`)).body.receipts).toEqual([]);
  });

  it("hands out a PUT for the receipt's pending key only, content type and size signed, for 5 minutes", async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const t = await newTransaction(api);
    const res = await api.post('/api/receipts/upload-receipts', {
      fileName: '../../etc/passwd.png',
      contentType: 'image/png',
      size: PNG_BYTES.length,
      transactionId: t.id,
    });
    expect(res.status).toBe(201);
    const { reference, upload } = res.body;
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png' });
    const url = new URL(upload.url);
    expect(url.origin).toBe(baseUrl());
    // The browser writes only the pending key; the receipt is served from a key no PUT ever names.
    expect(decodeURIComponent(url.pathname)).toBe(`/s3/${BUCKET}/receipts/pending/${orgId}/${reference}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const expiresIn = Date.parse(upload.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
    // Nothing is visible until the upload is confirmed.
    expect((await api.get(`/api/receipts/my-receipts?transactionId=${t.id}`)).body.receipts).toEqual([]);
    expect((await api.get(`/api/receipts/get-receipt-url?reference=${reference}`)).status).toBe(404);
    expect(await hasReceipt(api, t.id)).toBe(false);
  });

  it('answers 400 to a confirm before the file arrived, and accepts it once it has; confirming twice is harmless', async () => {
    const { api } = await newAdmin();
    const t = await newTransaction(api);
    const { body } = await api.post('/api/receipts/upload-receipts', {
      fileName: 'late.png',
      contentType: 'image/png',
      size: PNG_BYTES.length,
      transactionId: t.id,
    });
    const early = await api.post(`/api/receipts/${body.reference}/confirm`);
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('The file has not arrived yet. Upload it, then confirm again.');
    expect((await putToPresignedUrl(body.upload, PNG_BYTES)).status).toBe(200);
    const confirmed = await api.post(`/api/receipts/${body.reference}/confirm`);
    expect(confirmed.status).toBe(200);
    const again = await api.post(`/api/receipts/${body.reference}/confirm`);
    expect(again.body).toEqual(confirmed.body);
    const items = await partition(`ORG#${t.organizationId}`);
    expect(items.find((i) => i.type === 'Transaction')).toMatchObject({ receiptCount: 1, hasReceipt: true });
  });

  it.each([
    ['JPEG', JPEG_BYTES, 'image/jpeg'],
    ['WebP', WEBP_BYTES, 'image/webp'],
    ['PDF', PDF_BYTES, 'application/pdf'],
  ])('accepts a real %s', async (_, bytes, contentType) => {
    const { api } = await newAdmin();
    const res = await uploadReceipt(api, { bytes, contentType, fileName: `file.${contentType.split('/')[1]}` });
    expect(res.status).toBe(200);
    expect(res.body.receipt.contentType).toBe(contentType);
  });
});

describe('receipts: uploads that lie are refused and removed', () => {
  async function attempt(
    api: Api,
    declared: { contentType: string; size: number },
    sent: { bytes: Buffer; headers?: Record<string, string> },
  ) {
    const t = await newTransaction(api);
    const { body } = await api.post('/api/receipts/upload-receipts', {
      fileName: 'claimed.png',
      ...declared,
      transactionId: t.id,
    });
    const put = await putToPresignedUrl(body.upload, sent.bytes, sent.headers ?? body.upload.headers);
    const key = new URL(body.upload.url).pathname.slice(`/s3/${BUCKET}/`.length);
    // S3 (and the local /s3 pass-through) refuses a type or size other than signed...
    const type = sent.headers?.['Content-Type'] ?? declared.contentType;
    const asSigned = type === declared.contentType && sent.bytes.length === declared.size;
    expect(put.status).toBe(asSigned ? 200 : 403);
    // ...but confirm must not rely on it: store the bytes anyway, as any other bucket writer could.
    if (!asSigned) await storeObject(decodeURIComponent(key), sent.bytes, type);
    expect(await objectExists(decodeURIComponent(key))).toBe(true);
    const confirm = await api.post(`/api/receipts/${body.reference}/confirm`);
    return { t, confirm, key: decodeURIComponent(key), reference: body.reference as string };
  }

  it.each([
    [
      'PDF bytes declared as a PNG',
      { contentType: 'image/png', size: PDF_BYTES.length },
      { bytes: PDF_BYTES },
      'That file is not really a PNG image. Upload a JPEG, PNG, WebP or PDF file.',
    ],
    [
      'a script declared as a JPEG',
      { contentType: 'image/jpeg', size: 24 },
      { bytes: Buffer.from('<script>alert(1)</script>').subarray(0, 24) },
      'That file is not really a JPEG image. Upload a JPEG, PNG, WebP or PDF file.',
    ],
    [
      'a PNG sent with another content type than declared',
      { contentType: 'image/png', size: PNG_BYTES.length },
      { bytes: PNG_BYTES, headers: { 'Content-Type': 'text/html' } },
      'The file was not uploaded as a PNG image. Upload it again.',
    ],
    [
      'more bytes than declared',
      { contentType: 'image/png', size: 10 },
      { bytes: PNG_BYTES },
      'The uploaded file is not the size that was announced. Upload it again.',
    ],
    [
      'more than 10 MB',
      { contentType: 'image/png', size: 1024 },
      { bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]) },
      'The file is larger than 10 MB.',
    ],
  ])('%s: 400, the object and the record are deleted', async (_, declared, sent, message) => {
    const { api } = await newAdmin();
    const { t, confirm, key, reference } = await attempt(api, declared, sent);
    expect(confirm.status).toBe(400);
    expect(confirm.body.error).toBe(message);
    expect(await objectExists(key)).toBe(false);
    expect((await partition(`ORG#${t.organizationId}`)).filter((i) => i.type === 'Receipt')).toEqual([]);
    expect(await hasReceipt(api, t.id)).toBe(false);
    expect((await api.post(`/api/receipts/${reference}/confirm`)).status).toBe(404);
  });
});

describe('receipts: the upload request is validated', () => {
  const good = { fileName: 'receipt.png', contentType: 'image/png', size: 1000 };
  it.each([
    [{ ...good, contentType: 'image/gif' }, 'contentType'],
    [{ ...good, contentType: 'text/html' }, 'contentType'],
    [{ ...good, size: 0 }, 'size'],
    [{ ...good, size: 10 * 1024 * 1024 + 1 }, 'size'],
    [{ ...good, size: 1.5 }, 'size'],
    [{ ...good, size: '1000' }, 'size'],
    [{ ...good, fileName: '   ' }, 'fileName'],
    [{ ...good, fileName: 'x'.repeat(201) }, 'fileName'],
    [{ ...good, transactionId: 'bad/id' }, 'transactionId'],
    [{ ...good, bucket: 'elsewhere' }, 'body'],
    [{ ...good, key: 'receipts/other-org/x.png' }, 'body'],
  ])('refuses %j naming %s, writing nothing', async (body, field) => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const before = await partition(`ORG#${orgId}`);
    const res = await api.post('/api/receipts/upload-receipts', body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
  });

  it("answers 404 for a transaction that is unknown or not the organization's, writing nothing", async () => {
    const owner = await newAdmin('owner');
    const other = await newAdmin('other');
    const theirs = await newTransaction(other.api);
    const orgId = await orgIdOf(owner.api);
    const before = await partition(`ORG#${orgId}`);
    for (const transactionId of [theirs.id, 'no-such-transaction']) {
      const res = await owner.api.post('/api/receipts/upload-receipts', { ...good, transactionId });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Transaction was not found.');
    }
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
  });
});

describe('receipts: isolation', () => {
  it('cannot be read, listed, confirmed or deleted from another organization', async () => {
    const owner = await newAdmin('owner');
    const intruder = await newAdmin('intruder');
    const t = await newTransaction(owner.api);
    const { body } = await uploadReceipt(owner.api, { transactionId: t.id });
    const id = body.receipt.id;
    const before = await partition(`ORG#${t.organizationId}`);
    for (const path of ['/api/receipts/get-receipt-url', '/api/get-receipt-url']) {
      const res = await intruder.api.get(`${path}?reference=${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Receipt was not found.');
    }
    expect((await intruder.api.get(`/api/receipts/my-receipts?transactionId=${t.id}`)).status).toBe(404);
    expect((await intruder.api.get('/api/receipts/my-receipts')).body.receipts).toEqual([]);
    expect((await intruder.api.post(`/api/receipts/${id}/confirm`)).status).toBe(404);
    expect((await intruder.api.delete(`/api/receipts/${id}`)).status).toBe(404);
    const attach = await intruder.api.post('/api/transactions', {
      name: 'Mine now',
      date: '2026-01-01',
      amount: 1,
      receiptIds: [id],
    });
    expect(attach.status).toBe(400);
    expect(await partition(`ORG#${t.organizationId}`)).toEqual(before);
    expect(await objectExists(body.receipt.fileUrl)).toBe(true);
  });

  it('cannot be read or deleted by a tenant', async () => {
    const { idToken } = await signIn('tara.tenant@demo.rent.today');
    const tenant = client(idToken);
    expect((await tenant.get('/api/receipts/get-receipt-url?reference=demo-rcpt-0012')).status).toBe(403);
    expect((await tenant.get('/api/get-receipt-url?reference=demo-rcpt-0012')).status).toBe(403);
    expect((await tenant.get('/api/receipts/my-receipts?transactionId=demo-txn-0012')).status).toBe(403);
    expect((await tenant.delete('/api/receipts/demo-rcpt-0012')).status).toBe(403);
  });
});

describe('receipts: before the transaction exists', () => {
  /** A second staff member in the admin's organization (invitations come later: written directly). */
  async function colleagueOf(orgId: string) {
    const email = `colleague-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    const userId = localSubFor(email);
    const now = new Date().toISOString();
    await db().send(
      new PutCommand({ TableName: TABLE_NAME, Item: userItem({ userId, email, name: 'Colleague', image: null }, now) }),
    );
    await db().send(
      new PutCommand({ TableName: TABLE_NAME, Item: membershipItem({ orgId, userId, role: 'PROPERTY_MANAGER' }, now) }),
    );
    return client((await signIn(email)).idToken);
  }

  it("keeps an unattached upload in its uploader's list until a new transaction attaches it", async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const colleague = await colleagueOf(orgId);
    expect((await colleague.get('/api/organization')).body.id).toBe(orgId);

    const { body } = await uploadReceipt(api, { transactionId: null });
    expect(body.receipt).toMatchObject({ transactionId: null });
    expect(body.receipt.fileUrl).toMatch(new RegExp(`^receipts/${orgId}/unattached/`));
    expect((await api.get('/api/receipts/my-receipts')).body.receipts).toEqual([body.receipt]);
    expect((await colleague.get('/api/receipts/my-receipts')).body.receipts).toEqual([]);

    const before = await partition(`ORG#${orgId}`);
    const stolen = await colleague.post('/api/transactions', {
      name: 'Not my receipt',
      date: '2026-01-01',
      amount: -5,
      receiptIds: [body.receipt.id],
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.issues[0].path).toBe('receiptIds');
    expect(await partition(`ORG#${orgId}`)).toEqual(before);

    const created = await api.post('/api/transactions', {
      name: 'Home Depot',
      date: '2026-01-02',
      amount: -48.12,
      receiptIds: [body.receipt.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.transaction.hasReceipt).toBe(true);
    const t = created.body.transaction.id;
    expect((await api.get(`/api/receipts/my-receipts?transactionId=${t}`)).body.receipts).toEqual([
      { ...body.receipt, transactionId: t },
    ]);
    expect((await api.get('/api/receipts/my-receipts')).body.receipts).toEqual([]);
    const twice = await api.post('/api/transactions', {
      name: 'Again',
      date: '2026-01-02',
      amount: -1,
      receiptIds: [body.receipt.id],
    });
    expect(twice.status).toBe(400);
  });
});

describe('receipts and their transaction', () => {
  it('deleting a transaction deletes its receipts and their files', async () => {
    const { api } = await newAdmin();
    const t = await newTransaction(api);
    const first = (await uploadReceipt(api, { transactionId: t.id })).body.receipt;
    const second = (await uploadReceipt(api, { transactionId: t.id, bytes: PDF_BYTES, contentType: 'application/pdf' }))
      .body.receipt;
    expect((await api.delete(`/api/transactions/${t.id}`)).status).toBe(200);
    for (const receipt of [first, second]) {
      expect(await objectExists(receipt.fileUrl)).toBe(false);
      expect((await api.get(`/api/receipts/get-receipt-url?reference=${receipt.id}`)).status).toBe(404);
    }
    expect(
      (await partition(`ORG#${t.organizationId}`)).filter(
        (i) => i.type !== 'Organization' && i.type !== 'Membership' && i.type !== 'Rollup',
      ),
    ).toEqual([]);
  });

  it('keeps receiptCount and hasReceipt right when receipts come and go at the same time', async () => {
    const { api } = await newAdmin();
    const t = await newTransaction(api);
    const uploaded = await Promise.all([1, 2, 3, 4].map(() => uploadReceipt(api, { transactionId: t.id })));
    expect(uploaded.every((u) => u.status === 200)).toBe(true);
    const item = async () => (await partition(`ORG#${t.organizationId}`)).find((i) => i.type === 'Transaction')!;
    expect(await item()).toMatchObject({ receiptCount: 4, hasReceipt: true, version: 1 });
    const deleted = await Promise.all(uploaded.map((u) => api.delete(`/api/receipts/${u.body.receipt.id}`)));
    expect(deleted.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    expect(await item()).toMatchObject({ receiptCount: 0, hasReceipt: false, version: 1 });
  });

  it('does not turn an edit in progress into a conflict when a receipt is added meanwhile', async () => {
    const { api } = await newAdmin();
    const t = await newTransaction(api);
    await uploadReceipt(api, { transactionId: t.id });
    const edit = await api.put(`/api/transactions/${t.id}`, {
      name: 'Edited',
      date: '2026-03-14',
      amount: -1,
      version: 1,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.transaction).toMatchObject({ hasReceipt: true, version: 2 });
  });
});
