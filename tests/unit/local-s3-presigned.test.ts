import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { errorXml, type PresignPolicy, verifyPresignedRequest } from '../../infra/local/s3-presigned.js';

/**
 * The local /s3 pass-through's SigV4 check, against URLs the AWS SDK's presigner makes (the
 * reference implementation), signed as the handlers sign them offline.
 */
const ORIGIN = 'https://localhost:8443';
const HOST = 'localhost:8443';
const POLICY: PresignPolicy = {
  prefix: '/s3',
  bucket: 'receipts',
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'local-secret',
};
const SIGNED_AT = new Date('2026-03-14T12:00:00Z');
const KEY = "receipts/org-1/txn-1/rcpt-1-a b'(1)*!.png";

function signer(overrides: { accessKeyId?: string; secretAccessKey?: string; region?: string } = {}) {
  return new S3Client({
    region: overrides.region ?? POLICY.region,
    endpoint: `${ORIGIN}/s3`,
    forcePathStyle: true,
    credentials: {
      accessKeyId: overrides.accessKeyId ?? POLICY.accessKeyId,
      secretAccessKey: overrides.secretAccessKey ?? POLICY.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const getUrl = (options: { key?: string; expiresIn?: number; client?: S3Client } = {}) =>
  getSignedUrl(
    options.client ?? signer(),
    new GetObjectCommand({
      Bucket: POLICY.bucket,
      Key: options.key ?? KEY,
      ResponseContentType: 'image/png',
      ResponseContentDisposition: 'inline; filename="a b.png"',
    }),
    { expiresIn: options.expiresIn ?? 300, signingDate: SIGNED_AT },
  );

const putUrl = () =>
  getSignedUrl(
    signer(),
    new PutObjectCommand({ Bucket: POLICY.bucket, Key: KEY, ContentType: 'image/png', ContentLength: 1234 }),
    { expiresIn: 300, signingDate: SIGNED_AT, signableHeaders: new Set(['content-type', 'content-length']) },
  );

/** The request target as the browser sends it: path + query of the presigned URL. */
const target = (url: string | URL) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

function verify(
  url: string | URL,
  init: { method?: string; headers?: Record<string, string>; at?: Date } = {},
): ReturnType<typeof verifyPresignedRequest> {
  return verifyPresignedRequest(
    { method: init.method ?? 'GET', url: target(url), headers: { host: HOST, ...init.headers } },
    POLICY,
    init.at ?? new Date(SIGNED_AT.getTime() + 1000),
  );
}

const refusedWith = (code: string, status = 403) => expect.objectContaining({ ok: false, status, code });
const PUT_HEADERS = { 'content-type': 'image/png', 'content-length': '1234' };

describe('verifyPresignedRequest accepts what the SDK presigns', () => {
  it('a GET, passing the path and query on to the emulator without the public prefix', async () => {
    const url = await getUrl();
    expect(verify(url)).toEqual({ ok: true, upstream: target(url).slice('/s3'.length) });
  });

  it('a HEAD presigned as HeadObject', async () => {
    const url = await getSignedUrl(signer(), new HeadObjectCommand({ Bucket: POLICY.bucket, Key: KEY }), {
      signingDate: SIGNED_AT,
    });
    expect(verify(url, { method: 'HEAD' }).ok).toBe(true);
  });

  it('a PUT with the signed type and length', async () => {
    expect(verify(await putUrl(), { method: 'PUT', headers: PUT_HEADERS }).ok).toBe(true);
  });

  it('a URL whose query was re-serialised (spaces as "+")', async () => {
    const url = new URL(await getUrl());
    url.searchParams.sort();
    expect(url.search).toContain('+');
    expect(verify(url).ok).toBe(true);
  });

  it('until the last second of its validity', async () => {
    const url = await getUrl({ expiresIn: 60 });
    expect(verify(url, { at: new Date(SIGNED_AT.getTime() + 60_000) }).ok).toBe(true);
  });
});

describe('verifyPresignedRequest refuses, as S3 does', () => {
  it('a changed signature, key, method, host, signed header or query parameter', async () => {
    const url = new URL(await getUrl());
    const signature = url.searchParams.get('X-Amz-Signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set(
      'X-Amz-Signature',
      signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    expect(verify(tampered)).toEqual(refusedWith('SignatureDoesNotMatch'));
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace('org-1', 'org-2');
    expect(verify(otherKey)).toEqual(refusedWith('SignatureDoesNotMatch'));
    expect(verify(url, { method: 'HEAD' })).toEqual(refusedWith('SignatureDoesNotMatch'));
    expect(verify(url, { headers: { host: '127.0.0.1:8443' } })).toEqual(refusedWith('SignatureDoesNotMatch'));
    const html = new URL(url);
    html.searchParams.set('response-content-type', 'text/html');
    expect(verify(html)).toEqual(refusedWith('SignatureDoesNotMatch'));
    const put = await putUrl();
    expect(verify(put, { method: 'PUT', headers: { ...PUT_HEADERS, 'content-type': 'text/html' } })).toEqual(
      refusedWith('SignatureDoesNotMatch'),
    );
    expect(verify(put, { method: 'PUT', headers: { ...PUT_HEADERS, 'content-length': '99999' } })).toEqual(
      refusedWith('SignatureDoesNotMatch'),
    );
    expect(verify(put, { method: 'PUT', headers: { 'content-type': 'image/png' } })).toEqual(
      refusedWith('SignatureDoesNotMatch'),
    );
  });

  it('another secret, another access key, another region', async () => {
    expect(verify(await getUrl({ client: signer({ secretAccessKey: 'guess' }) }))).toEqual(
      refusedWith('SignatureDoesNotMatch'),
    );
    expect(verify(await getUrl({ client: signer({ accessKeyId: 'AKIAOTHER' }) }))).toEqual(
      refusedWith('InvalidAccessKeyId'),
    );
    expect(verify(await getUrl({ client: signer({ region: 'eu-west-1' }) }))).toEqual(
      refusedWith('AuthorizationQueryParametersError', 400),
    );
  });

  it('an expired link, and one dated too far in the future', async () => {
    const url = await getUrl({ expiresIn: 60 });
    const expired = verify(url, { at: new Date(SIGNED_AT.getTime() + 61_000) });
    expect(expired).toEqual({ ok: false, status: 403, code: 'AccessDenied', message: 'Request has expired' });
    const early = verify(url, { at: new Date(SIGNED_AT.getTime() - 16 * 60_000) });
    expect(early).toEqual({ ok: false, status: 403, code: 'AccessDenied', message: 'Request is not valid yet' });
  });

  it('X-Amz-Expires above seven days, or not a number', async () => {
    const url = new URL(await getUrl());
    for (const expires of ['604801', '0', '-5', '1e3', 'soon']) {
      url.searchParams.set('X-Amz-Expires', expires);
      expect(verify(url), expires).toEqual(refusedWith('AuthorizationQueryParametersError', 400));
    }
  });

  it('a request without the query authentication, or with another algorithm', async () => {
    expect(verify(`${ORIGIN}/s3/receipts/${encodeURI(KEY)}`)).toEqual(refusedWith('AccessDenied'));
    expect(verify(`${ORIGIN}/s3/receipts/k.png?X-Amz-Signature=abc`)).toEqual(refusedWith('AccessDenied'));
    const url = new URL(await getUrl());
    url.searchParams.delete('X-Amz-Credential');
    expect(verify(url)).toEqual(refusedWith('AccessDenied'));
    const v2 = new URL(await getUrl());
    v2.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA1');
    expect(verify(v2)).toEqual(refusedWith('AuthorizationQueryParametersError', 400));
  });

  it('signed headers without host, unsorted, or an x-amz-* header the signature does not cover', async () => {
    const url = new URL(await getUrl());
    url.searchParams.set('X-Amz-SignedHeaders', 'content-type');
    expect(verify(url)).toEqual(refusedWith('AccessDenied'));
    const put = new URL(await putUrl());
    put.searchParams.set('X-Amz-SignedHeaders', 'host;content-type;content-length');
    expect(verify(put, { method: 'PUT', headers: PUT_HEADERS })).toEqual(refusedWith('AccessDenied'));
    const copy = verify(await putUrl(), {
      method: 'PUT',
      headers: { ...PUT_HEADERS, 'x-amz-copy-source': '/receipts/receipts/org-2/x.png' },
    });
    expect(copy).toEqual({
      ok: false,
      status: 403,
      code: 'AccessDenied',
      message: 'There were headers present in the request which were not signed',
    });
  });

  it('an Authorization header besides the query signature', async () => {
    expect(verify(await getUrl(), { headers: { authorization: 'AWS4-HMAC-SHA256 Credential=x' } })).toEqual(
      refusedWith('InvalidArgument', 400),
    );
  });

  it('any method but GET, HEAD and PUT, even signed for it', async () => {
    for (const method of ['DELETE', 'POST', 'PATCH', 'OPTIONS']) {
      expect(verify(await getUrl(), { method }), method).toEqual(refusedWith('AccessDenied'));
    }
  });

  it('another bucket, the bucket itself (a listing), odd key segments', async () => {
    const valid = new URL(await getUrl());
    for (const path of [
      '/s3/other-bucket/receipts/org-1/x.png',
      '/s3/receipts/',
      '/s3/receipts',
      '/receipts/receipts/org-1/x.png',
      '/s3/receipts/receipts/org-1/../org-2/x.png',
      '/s3/receipts/receipts/org-1/%2e%2e/org-2/x.png',
      '/s3/receipts/receipts/org-1//x.png',
      '/s3/receipts/receipts/org-1%2Fx.png',
      '/s3/receipts/receipts/%E0%A4%A.png',
    ]) {
      const res = verifyPresignedRequest(
        { method: 'GET', url: `${path}${valid.search}`, headers: { host: HOST } },
        POLICY,
        SIGNED_AT,
      );
      expect(res, path).toEqual(refusedWith('AccessDenied'));
    }
  });

  it('sub-resources and unknown query parameters, even signed', async () => {
    for (const extra of ['acl', 'tagging', 'uploads', 'versionId=1', 'list-type=2', 'X-Amz-Security-Token=t']) {
      const url = await getUrl();
      const [name, value = ''] = extra.split('=');
      const command = new GetObjectCommand({ Bucket: POLICY.bucket, Key: KEY });
      command.middlewareStack.add(
        (next) => (args) => {
          (args.request as { query: Record<string, string> }).query[name!] = value;
          return next(args);
        },
        { step: 'build' },
      );
      const signed = await getSignedUrl(signer(), command, { signingDate: SIGNED_AT });
      expect(new URL(signed).searchParams.has(name!), extra).toBe(true);
      expect(verify(signed), extra).toEqual(refusedWith('AccessDenied'));
      expect(verify(url).ok).toBe(true);
    }
  });

  it('a query string that is not valid percent-encoding', async () => {
    expect(verify(`${await getUrl()}&response-content-type=%E0%A4%A`)).toEqual(
      refusedWith('AuthorizationQueryParametersError', 400),
    );
  });
});

describe("S3's XML error", () => {
  it('names the code and message, escaped', () => {
    expect(errorXml('AccessDenied', 'a <b> & "c"', 'R1')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>a &#60;b&#62; &#38; &#34;c&#34;</Message><RequestId>R1</RequestId></Error>',
    );
  });
});
