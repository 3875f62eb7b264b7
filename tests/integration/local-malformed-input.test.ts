import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent as HttpsAgent } from 'node:https';
import { connect } from 'node:tls';
import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { fetch } from 'undici';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';
import { baseUrl, LOCAL_CLIENT_ID, signIn } from '../support/api.js';
import { dispatcher } from './receipt-upload.js';

/**
 * Every local component (the Cognito stand-in, the static server, the origin's router, the
 * gateway) answers malformed input with a clear 4xx, as the real service would; before, each of
 * these answered 500 (or, for a request target that is no path, took the whole local stack down).
 */
const BAD_URI = 'http://[';
const HUNDRED_KB = 'a='.padEnd(100 * 1024, 'x');

async function send(path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init, dispatcher: dispatcher() });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const pkce = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');

/** A raw HTTP/1.1 request over TLS, for request targets fetch would never send. */
function rawRequest(requestLine: string): Promise<string> {
  const { port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: '127.0.0.1',
      port: Number(port),
      servername: 'localhost',
      ca: readFileSync(inject('certPath')),
    });
    let answer = '';
    socket.on('secureConnect', () =>
      socket.write(`${requestLine}\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the Cognito stand-in answers malformed input with a 4xx', () => {
  it('an unparseable redirect_uri on GET /oauth2/authorize: 400, the sign-in request refused', async () => {
    const query = new URLSearchParams({
      client_id: LOCAL_CLIENT_ID,
      redirect_uri: BAD_URI,
      response_type: 'code',
      code_challenge: pkce(),
      code_challenge_method: 'S256',
    });
    const res = await send(`/oauth2/authorize?${query}`);
    expect(res.status).toBe(400);
    expect(res.text).toContain('redirect_uri must be a URL on this origin');
  });

  it('an unparseable redirect_uri on POST /oauth2/authorize: 400, no code issued', async () => {
    const res = await send(
      '/oauth2/authorize',
      form({ client_id: LOCAL_CLIENT_ID, redirect_uri: BAD_URI, code_challenge: pkce(), email: 'x@example.com' }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('an unparseable logout_uri on /logout: 400', async () => {
    const res = await send(`/logout?${new URLSearchParams({ client_id: LOCAL_CLIENT_ID, logout_uri: BAD_URI })}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('a 100 KB token request: 413 invalid_request', async () => {
    const res = await send('/oauth2/token', {
      method: 'POST',
      body: HUNDRED_KB,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ error: 'invalid_request' });
  });

  it('a 100 KB sign-in form: 413', async () => {
    const res = await send('/oauth2/authorize', {
      method: 'POST',
      body: HUNDRED_KB,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(413);
  });

  it.each([
    ['not JSON', '{"AccessToken": '],
    ['a JSON array', '[1, 2]'],
    ['JSON null', 'null'],
  ])('a body that is %s to the JSON API: 400 SerializationException', async (_, body) => {
    const res = await send('/cognito/', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ __type: 'SerializationException' });
  });

  it('a 100 KB body to the JSON API: 413', async () => {
    const res = await send('/cognito/', {
      method: 'POST',
      body: JSON.stringify({ AccessToken: 'x'.repeat(100 * 1024) }),
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
    });
    expect(res.status).toBe(413);
  });

  it('AdminUserGlobalSignOut without a SigV4 Authorization header: 400 MissingAuthenticationTokenException', async () => {
    const res = await send('/cognito/', {
      method: 'POST',
      body: JSON.stringify({ UserPoolId: 'local_devpool', Username: `google_${'0'.repeat(32)}` }),
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminUserGlobalSignOut',
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
  });

  // Signed by the local credentials as the handlers sign (tests/integration/cognito-stand-in.test.ts covers the
  // refusals of anything else), so the pool and username checks behind the signature are reached.
  it.each([
    ['for another user pool', { UserPoolId: 'us-east-1_other' }, 'ResourceNotFoundException'],
    ['for a username the pool cannot have', { Username: '../admin' }, 'UserNotFoundException'],
  ])('a signed AdminUserGlobalSignOut %s: 400 %s', async (_, override, type) => {
    const admin = new CognitoIdentityProviderClient({
      region: LOCAL.region,
      endpoint: `${baseUrl()}/cognito`,
      credentials: LOCAL.credentials,
      requestHandler: { httpsAgent: new HttpsAgent({ ca: readFileSync(inject('certPath')) }) },
      maxAttempts: 1,
    });
    const command = new AdminUserGlobalSignOutCommand({
      UserPoolId: 'local_devpool',
      Username: `google_${'0'.repeat(32)}`,
      ...override,
    });
    await expect(admin.send(command)).rejects.toMatchObject({ name: type, $metadata: { httpStatusCode: 400 } });
  });

  it('a wrong method on its endpoints: 405 naming the allowed ones', async () => {
    const token = await send('/oauth2/token');
    expect(token.status).toBe(405);
    expect(token.headers.get('allow')).toBe('POST');
    const api = await send('/cognito/', { method: 'GET' });
    expect(api.status).toBe(405);
  });

  it('still signs a person in (the stand-in works for well-formed input)', async () => {
    const { idToken } = await signIn('malformed-input-check@example.com');
    expect(idToken.split('.')).toHaveLength(3);
  });
});

describe('the static server and the origin router answer malformed input with a 4xx', () => {
  it.each(['/%E0%A4%A', '/assets/%E0%A4%A.js', '/properties/%'])(
    'a path that is not valid percent-encoding (%s): 404',
    async (path) => {
      const res = await send(path);
      expect(res.status).toBe(404);
    },
  );

  it.each(['GET http://[ HTTP/1.1', 'GET //[ HTTP/1.1'])(
    'a request target that is no path on this origin (%s): 400',
    async (line) => {
      const answer = await rawRequest(line);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      // ...and the origin still serves afterwards.
      expect((await send('/config.json')).status).toBe(200);
    },
  );
});

describe('the local gateway answers malformed input as API Gateway does', () => {
  it('a body above the 10 MB payload limit: 413 before reading it', async () => {
    const { idToken } = await signIn('malformed-gateway@example.com');
    const res = await send('/api/properties', {
      method: 'POST',
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ message: 'Request Entity Too Large' });
  });

  it('a path that is not valid percent-encoding, and an unknown method: 404 Not Found', async () => {
    expect((await send('/api/properties/%E0%A4%A')).status).toBe(404);
    const unknown = await send('/api/properties', { method: 'PROPFIND' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toEqual({ message: 'Not Found' });
  });
});
