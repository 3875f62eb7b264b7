import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * s3rver checks no signatures, so what is signed is proven here: the presigned PUT covers exactly
 * one key under the organization's prefix, its Content-Type and Content-Length, for 5 minutes,
 * with no checksum parameters a browser could not satisfy.
 */
const ENV = {
  TABLE_NAME: 'test',
  RECEIPTS_BUCKET: 'unit-receipts',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'AKIDUNITTEST',
  AWS_SECRET_ACCESS_KEY: 'unit-secret',
  LOG_LEVEL: 'silent',
};

async function loadS3(extra: Record<string, string> = {}) {
  vi.resetModules();
  for (const [key, value] of Object.entries({ ...ENV, ...extra })) vi.stubEnv(key, value);
  vi.stubEnv('S3_ENDPOINT', undefined as unknown as string);
  if (!extra.S3_PUBLIC_ENDPOINT) vi.stubEnv('S3_PUBLIC_ENDPOINT', undefined as unknown as string);
  return import('../../functions/src/lib/s3.js');
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-14T12:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const KEY = 'receipts/org-1/txn-1/rcpt-1-invoice.png';

describe('presigned receipt upload (AWS)', () => {
  it('is a PUT of one key on the regional bucket endpoint, valid 300 s, content type and length signed', async () => {
    const { presignUpload } = await loadS3();
    const upload = await presignUpload(KEY, 'image/png', 1234);
    const url = new URL(upload.url);
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(url.origin).toBe('https://unit-receipts.s3.us-east-1.amazonaws.com');
    expect(url.pathname).toBe(`/${KEY}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Credential')).toBe('AKIDUNITTEST/20260314/us-east-1/s3/aws4_request');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20260314T120000Z');
    expect(upload.expiresAt).toBe('2026-03-14T12:05:00.000Z');
    const names = [...url.searchParams.keys()].map((k) => k.toLowerCase());
    expect(names.filter((k) => k.includes('checksum'))).toEqual([]);
    expect(names).not.toContain('x-amz-acl');
  });

  it('binds the signature to the type, the size and the key', async () => {
    const { presignUpload } = await loadS3();
    const signature = async (key: string, type: 'image/png' | 'image/jpeg', size: number) =>
      new URL((await presignUpload(key, type, size)).url).searchParams.get('X-Amz-Signature');
    const base = await signature(KEY, 'image/png', 1234);
    expect(await signature(KEY, 'image/png', 1234)).toBe(base);
    expect(await signature(KEY, 'image/jpeg', 1234)).not.toBe(base);
    expect(await signature(KEY, 'image/png', 1235)).not.toBe(base);
    expect(await signature('receipts/org-2/txn-1/rcpt-1-invoice.png', 'image/png', 1234)).not.toBe(base);
  });

  it('makes download links for 300 s that show the file inline with its stored type', async () => {
    const { presignDownload } = await loadS3();
    const { receiptDisposition } = await import('../../functions/src/lib/receiptFiles.js');
    const link = await presignDownload(KEY, 'application/pdf', receiptDisposition('invoice.pdf'));
    const url = new URL(link.url);
    expect(url.origin).toBe('https://unit-receipts.s3.us-east-1.amazonaws.com');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `inline; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`,
    );
    expect(link.expiresAt).toBe('2026-03-14T12:05:00.000Z');
  });
});

describe('presigned receipt links offline', () => {
  it('point at the local origin /s3 pass-through, path-style, so the browser stays same-origin', async () => {
    const { presignUpload } = await loadS3({ S3_PUBLIC_ENDPOINT: 'https://localhost:8443/s3' });
    const url = new URL((await presignUpload(KEY, 'image/webp', 10)).url);
    expect(url.origin).toBe('https://localhost:8443');
    expect(url.pathname).toBe(`/s3/unit-receipts/${KEY}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
  });
});

describe('requestReceiptUpload', () => {
  it("signs a PUT of the caller's pending key only; the receipt's own key is under the organization and the transaction", async () => {
    await loadS3();
    // The repositories' client (data/client.ts): its reads do not go through the SDK document client's send.
    const ddb = mockClient((await import('../../functions/src/data/client.js')).DocumentClient);
    ddb.on(TransactWriteCommand).resolves({});
    // The transaction it is for (its date is checked against the closed period; the books are open).
    ddb
      .on(GetCommand, { Key: { PK: 'ORG#org-1', SK: 'TXN#txn-9' } })
      .resolves({ Item: { type: 'Transaction', id: 'txn-9', date: '2026-03-01', amount: -1000 } });
    ddb.on(GetCommand, { Key: { PK: 'ORG#org-1', SK: 'ORG' } }).resolves({ Item: { type: 'Organization' } });
    const { requestReceiptUpload } = await import('../../functions/src/services/receipts/receipts.js');
    const caller = { userId: 'u1', email: 'a@example.com', name: null, orgId: 'org-1', role: 'ADMIN' as const };
    const { reference, upload } = await requestReceiptUpload(caller, {
      fileName: '../../org-2/secret.png',
      contentType: 'image/png',
      size: 2048,
      transactionId: 'txn-9',
    });
    const uploadKey = decodeURIComponent(new URL(upload.url).pathname.slice(1));
    expect(uploadKey).toBe(`receipts/pending/org-1/${reference}`);
    const key = `receipts/org-1/txn-9/${reference}-org-2_secret.png`;
    const [put, check] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put!.Item).toMatchObject({
      PK: 'ORG#org-1',
      SK: `RCPT#${reference}`,
      key,
      status: 'PENDING',
      contentType: 'image/png',
      size: 2048,
      userId: 'u1',
      transactionId: 'txn-9',
    });
    expect(Number(put!.Put!.Item!.ttl)).toBe(Math.floor(Date.parse('2026-03-14T12:00:00Z') / 1000) + 86_400);
    expect(check!.ConditionCheck!.Key).toEqual({ PK: 'ORG#org-1', SK: 'TXN#txn-9' });
    ddb.restore();
  });
});

describe('signLink', () => {
  // Keys as the app makes them, and with what a greedy path label must escape.
  const keys = [KEY, 'tax-packages/org-1/2025 package (final).zip', "receipts/org-1/a+b=c&d;e,f@g$h!i'j*k~l.png"];
  const endpoints: Record<string, string>[] = [{}, { S3_PUBLIC_ENDPOINT: 'https://localhost:8443/s3' }];

  it.each(endpoints)('signs the URL the SDK signs for the same GetObject and PutObject (%o)', async (extra) => {
    const { signLink, linkSigner } = await loadS3(extra);
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    const { GetObjectCommand, PutObjectCommand } = await import('@aws-sdk/client-s3');
    for (const key of keys) {
      const disposition = `attachment; filename="invoice.pdf"; filename*=UTF-8''na%C3%AFve.pdf`;
      expect(
        await signLink({
          operation: 'GetObject',
          key,
          query: { 'response-content-type': 'application/pdf', 'response-content-disposition': disposition },
          expiresIn: 300,
        }),
      ).toBe(
        await getSignedUrl(
          linkSigner(),
          new GetObjectCommand({
            Bucket: 'unit-receipts',
            Key: key,
            ResponseContentType: 'application/pdf',
            ResponseContentDisposition: disposition,
          }),
          { expiresIn: 300 },
        ),
      );
      expect(
        await signLink({
          operation: 'PutObject',
          key,
          headers: { 'content-type': 'image/png', 'content-length': '1234' },
          expiresIn: 900,
        }),
      ).toBe(
        await getSignedUrl(
          linkSigner(),
          new PutObjectCommand({ Bucket: 'unit-receipts', Key: key, ContentType: 'image/png', ContentLength: 1234 }),
          { expiresIn: 900, signableHeaders: new Set(['content-type', 'content-length']) },
        ),
      );
    }
  });
});
