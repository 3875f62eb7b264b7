import { describe, expect, it } from 'vitest';
import { apiGatewayEvent, requestTime } from '../../infra/local/apigw-event.js';
import { apiEvent } from './support.js';

const NOW = new Date('2026-03-14T09:05:03.250Z');

describe('the one API Gateway v2 event factory', () => {
  const event = apiGatewayEvent({
    method: 'PUT',
    rawPath: '/api/properties/p%201',
    rawQueryString: 'a=1&b=x%20y&a=2',
    routeKey: 'PUT /api/properties/{id}',
    pathParameters: { id: 'p 1' },
    headers: {
      Host: 'localhost:8443',
      'Content-Type': 'application/json',
      'User-Agent': 'Browser/1.0',
      Accept: ['text/html', 'application/json'],
      Cookie: 'a=1; b=2',
      'X-Absent': undefined,
    },
    body: Buffer.from('{"address":"1 Main St"}'),
    claims: {
      sub: 'user-1',
      email_verified: true,
      auth_time: 1_773_478_800,
      'cognito:groups': ['pool_Google', 'admins'],
      identities: [{ providerName: 'Google' }],
    },
    sourceIp: '10.0.0.7',
    requestId: 'req-1',
    now: NOW,
  });

  it('has the payload-2.0 top level API Gateway sends', () => {
    expect(event).toEqual({
      version: '2.0',
      routeKey: 'PUT /api/properties/{id}',
      rawPath: '/api/properties/p%201',
      rawQueryString: 'a=1&b=x%20y&a=2',
      cookies: ['a=1', 'b=2'],
      headers: {
        host: 'localhost:8443',
        'content-type': 'application/json',
        'user-agent': 'Browser/1.0',
        accept: 'text/html,application/json',
      },
      queryStringParameters: { a: '1,2', b: 'x y' },
      pathParameters: { id: 'p 1' },
      requestContext: expect.any(Object),
      body: '{"address":"1 Main St"}',
      isBase64Encoded: false,
    });
  });

  it('has the requestContext API Gateway sends, with the JWT claims as strings and arrays as "[a b]"', () => {
    expect(event.requestContext).toEqual({
      accountId: expect.stringMatching(/^\d{12}$/),
      apiId: expect.any(String),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: {
          claims: {
            sub: 'user-1',
            email_verified: 'true',
            auth_time: '1773478800',
            'cognito:groups': '[pool_Google admins]',
            identities: '[[object Object]]',
          },
          scopes: [],
        },
      },
      domainName: 'localhost:8443',
      domainPrefix: 'localhost:8443',
      http: {
        method: 'PUT',
        path: '/api/properties/p%201',
        protocol: 'HTTP/1.1',
        sourceIp: '10.0.0.7',
        userAgent: 'Browser/1.0',
      },
      requestId: 'req-1',
      routeKey: 'PUT /api/properties/{id}',
      stage: '$default',
      time: '14/Mar/2026:09:05:03 +0000',
      timeEpoch: NOW.getTime(),
    });
  });

  it('writes requestContext.time as API Gateway does', () => {
    expect(requestTime(new Date('2026-12-01T23:59:09Z'))).toBe('01/Dec/2026:23:59:09 +0000');
  });

  it.each([
    ['a binary content type', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ['no valid UTF-8 under a text type', 'text/plain', Buffer.from([0xff, 0xfe, 0x41])],
    ['a form upload', 'multipart/form-data; boundary=x', Buffer.from('--x--')],
  ])('base64-encodes %s', (_, type, bytes) => {
    const binary = apiGatewayEvent({
      method: 'POST',
      rawPath: '/x',
      routeKey: 'POST /x',
      headers: { 'content-type': type },
      body: bytes,
    });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body!, 'base64')).toEqual(bytes);
  });

  it.each([
    'application/json; charset=utf-8',
    'text/csv',
    'application/x-www-form-urlencoded',
    'application/problem+json',
  ])('passes %s as text', (type) => {
    const text = apiGatewayEvent({
      method: 'POST',
      rawPath: '/x',
      routeKey: 'POST /x',
      headers: { 'content-type': type },
      body: Buffer.from('é=1'),
    });
    expect(text).toMatchObject({ body: 'é=1', isBase64Encoded: false });
  });

  it('omits what API Gateway omits: no body, no query, no path parameters, no cookies, no authorizer', () => {
    const bare = apiGatewayEvent({ method: 'GET', rawPath: '/api/organization', routeKey: 'GET /api/organization' });
    expect(bare.body).toBeUndefined();
    expect(bare.isBase64Encoded).toBe(false);
    expect(bare.rawQueryString).toBe('');
    expect(bare.queryStringParameters).toBeUndefined();
    expect(bare.pathParameters).toBeUndefined();
    expect('cookies' in bare).toBe(false);
    expect('authorizer' in bare.requestContext).toBe(false);
  });
});

describe("the unit tests' apiEvent is the same factory", () => {
  it("names the matched route's key and fills its path parameters", () => {
    const event = apiEvent({ method: 'PUT', path: '/api/properties/p-1', body: { address: 'x' } });
    expect(event.routeKey).toBe('PUT /api/properties/{id}');
    expect(event.requestContext.routeKey).toBe('PUT /api/properties/{id}');
    expect(event.pathParameters).toEqual({ id: 'p-1' });
    expect(event.body).toBe('{"address":"x"}');
    expect(event.requestContext.authorizer.jwt.claims).toEqual({
      sub: 'user-1',
      email: 'Ann@Example.com',
      name: 'Ann',
    });
    expect(event.requestContext.time).toMatch(/^\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d \+0000$/);
  });

  it('builds rawQueryString and the decoded parameters from queryStringParameters', () => {
    const event = apiEvent({ path: '/api/transactions', queryStringParameters: { q: 'a b&c', limit: '5' } });
    expect(event.queryStringParameters).toEqual({ q: 'a b&c', limit: '5' });
    expect(new URLSearchParams(event.rawQueryString).get('q')).toBe('a b&c');
  });

  it('has no authorizer when claims are null, and a base64 body when asked', () => {
    const body = Buffer.from('{"a":1}').toString('base64');
    const event = apiEvent({ method: 'POST', claims: null, body, isBase64Encoded: true });
    expect('authorizer' in event.requestContext).toBe(false);
    expect(event).toMatchObject({ body, isBase64Encoded: true });
  });
});
