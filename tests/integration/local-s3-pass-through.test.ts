import { randomUUID } from 'node:crypto';
import {
  CopyObjectCommand,
  GetObjectAclCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fetch } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api.js';
import { BUCKET, localSigner, objectExists } from './local-s3.js';
import { dispatcher, PNG_BYTES } from './receipt-upload.js';

/**
 * The local origin's /s3 pass-through verifies presigned requests as S3 does (s3rver checks no
 * signature). Before, any request carrying an X-Amz-Signature parameter reached s3rver: anyone
 * could list, read, overwrite and copy every organization's receipts, or have one served as HTML.
 */
const HTML = Buffer.from('<script>alert(document.domain)</script>');

const keyIn = (org: string) => `receipts/${org}/txn-${randomUUID()}/rcpt-${randomUUID()}-scan.png`;
const victimKey = keyIn(`victim-${randomUUID().slice(0, 8)}`);
const attackerKey = keyIn(`attacker-${randomUUID().slice(0, 8)}`);

async function send(url: string, init: { method?: string; body?: Buffer; headers?: Record<string, string> } = {}) {
  const res = await fetch(url, { ...init, dispatcher: dispatcher() });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

/** A presigned PUT exactly as the app signs one (type and length in the signature). */
const presignedPut = (
  key: string,
  contentType: string,
  size: number,
  options: { expiresIn?: number; signingDate?: Date } = {},
) =>
  getSignedUrl(
    localSigner(),
    new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: contentType, ContentLength: size }),
    {
      expiresIn: 300,
      signableHeaders: new Set(['content-type', 'content-length']),
      ...options,
    },
  );

/** A presigned GET exactly as the app signs one (stored type, inline disposition). */
const presignedGet = (key: string, options: { expiresIn?: number; signingDate?: Date } = {}) =>
  getSignedUrl(
    localSigner(),
    new GetObjectCommand({
      Bucket: BUCKET,
      Key: key,
      ResponseContentType: 'image/png',
      ResponseContentDisposition: 'inline; filename="scan.png"',
    }),
    { expiresIn: 300, ...options },
  );

/** S3's refusal: 403 with its XML error document, and nothing of the object. */
function expectRefused(res: Awaited<ReturnType<typeof send>>, code = /^(AccessDenied|SignatureDoesNotMatch)$/) {
  expect(res.status).toBe(403);
  expect(res.headers.get('content-type')).toBe('application/xml');
  expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>\w+<\/Code>/);
  expect(/<Code>(\w+)<\/Code>/.exec(res.text)![1]).toMatch(code);
  expect(res.bytes.includes(PNG_BYTES)).toBe(false);
}

/** Whether the victim's object is still the PNG it stored. */
async function victimIntact() {
  const res = await send(await presignedGet(victimKey));
  return res.status === 200 && res.bytes.equals(PNG_BYTES);
}

beforeAll(async () => {
  for (const key of [victimKey, attackerKey]) {
    const put = await send(await presignedPut(key, 'image/png', PNG_BYTES.length), {
      method: 'PUT',
      body: PNG_BYTES,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
  }
});

describe('the local /s3 pass-through accepts what the app presigns', () => {
  it('serves a presigned GET with the signed type and disposition', async () => {
    const res = await send(await presignedGet(victimKey));
    expect(res.status).toBe(200);
    expect(res.bytes.equals(PNG_BYTES)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="scan.png"');
  });

  it('stores a presigned PUT', async () => {
    const key = keyIn('org-put');
    expect(await objectExists(key)).toBe(false);
    const res = await send(await presignedPut(key, 'image/png', PNG_BYTES.length), {
      method: 'PUT',
      body: PNG_BYTES,
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status).toBe(200);
    expect(await objectExists(key)).toBe(true);
  });
});

describe('the local /s3 pass-through refuses, as S3 does', () => {
  it('an unsigned request that only names a signature parameter', async () => {
    expectRefused(await send(`${baseUrl()}/s3/${BUCKET}/${victimKey}?X-Amz-Signature=anything`));
    expectRefused(await send(`${baseUrl()}/s3/${BUCKET}/${victimKey}`));
  });

  it('a tampered signature', async () => {
    const url = new URL(await presignedGet(victimKey));
    const signature = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`);
    expectRefused(await send(url.toString()), /^SignatureDoesNotMatch$/);
  });

  it("another object's key under a valid signature", async () => {
    const url = new URL(await presignedGet(attackerKey));
    url.pathname = `/s3/${BUCKET}/${victimKey}`;
    expectRefused(await send(url.toString()), /^SignatureDoesNotMatch$/);
  });

  it('a presigned GET used to PUT, and a presigned PUT used to GET', async () => {
    const overwrite = await send(await presignedGet(victimKey), {
      method: 'PUT',
      body: HTML,
      headers: { 'content-type': 'text/html' },
    });
    expectRefused(overwrite, /^SignatureDoesNotMatch$/);
    expect(await victimIntact()).toBe(true);
    const read = await send(await presignedPut(victimKey, 'image/png', PNG_BYTES.length));
    expectRefused(read, /^SignatureDoesNotMatch$/);
  });

  it('a presigned PUT with another type or size than signed', async () => {
    const url = await presignedPut(victimKey, 'image/png', PNG_BYTES.length);
    const asHtml = await send(url, { method: 'PUT', body: PNG_BYTES, headers: { 'content-type': 'text/html' } });
    expectRefused(asHtml, /^SignatureDoesNotMatch$/);
    const longer = Buffer.concat([PNG_BYTES, HTML]);
    const resized = await send(url, { method: 'PUT', body: longer, headers: { 'content-type': 'image/png' } });
    expectRefused(resized, /^SignatureDoesNotMatch$/);
    expect(await victimIntact()).toBe(true);
  });

  it('an expired link, and one whose date was moved forward to look fresh', async () => {
    const url = await presignedGet(victimKey, { expiresIn: 300, signingDate: new Date(Date.now() - 301_000) });
    const res = await send(url);
    expectRefused(res, /^AccessDenied$/);
    expect(res.text).toContain('<Message>Request has expired</Message>');
    // s3rver itself checks the expiry, but not the signature over X-Amz-Date.
    const refreshed = new URL(url);
    const now = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    refreshed.searchParams.set('X-Amz-Date', now);
    const credential = refreshed.searchParams.get('X-Amz-Credential')!.split('/');
    refreshed.searchParams.set('X-Amz-Credential', [credential[0], now.slice(0, 8), ...credential.slice(2)].join('/'));
    expectRefused(await send(refreshed.toString()), /^SignatureDoesNotMatch$/);
  });

  it('a response-content-type the signer did not sign (attacker HTML from the app origin)', async () => {
    const html = keyIn('org-html');
    const url = new URL(await presignedGet(html));
    url.searchParams.set('response-content-type', 'text/html');
    expectRefused(await send(url.toString()), /^SignatureDoesNotMatch$/);
  });

  it('a bucket listing, even one validly signed', async () => {
    expectRefused(await send(`${baseUrl()}/s3/${BUCKET}/?list-type=2&X-Amz-Signature=anything`));
    const signed = await getSignedUrl(localSigner(), new ListObjectsV2Command({ Bucket: BUCKET }));
    const res = await send(signed);
    expectRefused(res);
    expect(res.text).not.toContain(victimKey);
  });

  it('a copy, by header on a presigned PUT or validly presigned as CopyObject', async () => {
    const headerCopy = await send(await presignedPut(attackerKey, 'image/png', 0), {
      method: 'PUT',
      body: Buffer.alloc(0),
      headers: { 'content-type': 'image/png', 'x-amz-copy-source': `/${BUCKET}/${victimKey}` },
    });
    expectRefused(headerCopy);
    const forgedCopy = await send(`${baseUrl()}/s3/${BUCKET}/${attackerKey}?X-Amz-Signature=anything`, {
      method: 'PUT',
      headers: { 'x-amz-copy-source': `/${BUCKET}/${victimKey}` },
    });
    expectRefused(forgedCopy);
    const signedCopy = await getSignedUrl(
      localSigner(),
      new CopyObjectCommand({ Bucket: BUCKET, Key: attackerKey, CopySource: `${BUCKET}/${victimKey}` }),
    );
    expectRefused(await send(signedCopy, { method: 'PUT' }));
  });

  it('a sub-resource such as ?acl, even validly signed', async () => {
    const signed = await getSignedUrl(localSigner(), new GetObjectAclCommand({ Bucket: BUCKET, Key: victimKey }));
    expectRefused(await send(signed));
  });

  it('a DELETE of an object', async () => {
    const url = new URL(await presignedGet(victimKey));
    expectRefused(await send(url.toString(), { method: 'DELETE' }));
    expect(await victimIntact()).toBe(true);
  });
});
