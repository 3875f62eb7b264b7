import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import {
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { fetch } from 'undici';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';
import { baseUrl, refresh, signIn } from '../support/api.js';
import { dispatcher } from './receipt-upload.js';

/**
 * The Cognito stand-in is as strict as Cognito where a developer's browser could reach it
 * (docs/offline-stack.md "Cognito stand-in"): its IAM-only admin calls need a SigV4 signature by the local
 * stack's own credentials and are never taken from a browser, its JSON API answers CORS for the app's own
 * origin only, and the local origin sends CloudFront's HSTS policy.
 */
const TARGET = 'AWSCognitoIdentityProviderService';

/** The admin client exactly as functions/src/lib/cognito.ts makes it offline (plus the stack's credentials). */
function adminClient(overrides: Partial<CognitoIdentityProviderClientConfig> = {}) {
  return new CognitoIdentityProviderClient({
    region: LOCAL.region,
    endpoint: `${baseUrl()}/cognito`,
    credentials: LOCAL.credentials,
    requestHandler: { httpsAgent: new Agent({ ca: readFileSync(inject('certPath')) }) },
    maxAttempts: 1,
    ...overrides,
  });
}

/** A signed-in person: their Cognito username and tokens. */
async function person(label: string) {
  const tokens = await signIn(`${label}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const username = String(decodeJwt(tokens.idToken)['cognito:username']);
  return { username, ...tokens };
}

/** A raw call to the JSON API, as anything on the developer's machine (or a page in their browser) could send. */
async function call(target: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') {
  const res = await fetch(`${baseUrl()}/cognito/`, {
    method,
    body: method === 'POST' ? JSON.stringify(body) : undefined,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}.${target}`, ...headers },
    dispatcher: dispatcher(),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, string>) : {} };
}

/** The user is still there: their refresh token still works and GetUser still answers. */
async function expectStillThere(user: Awaited<ReturnType<typeof person>>) {
  expect((await refresh(user.refreshToken)).status).toBe(200);
  const me = await call('GetUser', { AccessToken: user.accessToken });
  expect(me.status).toBe(200);
  expect(me.body.Username).toBe(user.username);
}

const deleteBody = (username: string) => ({ UserPoolId: LOCAL.userPoolId, Username: username });
const amzDate = () => new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');

describe('the Cognito stand-in refuses admin calls not signed by the local credentials', () => {
  it('an AdminDeleteUser without an Authorization header: 400 MissingAuthenticationTokenException, user kept', async () => {
    const user = await person('unsigned');
    const res = await call('AdminDeleteUser', deleteBody(user.username));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      __type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    });
    await expectStillThere(user);
  });

  it.each([
    ['a bare "Credential=x" header', () => ({ authorization: 'AWS4-HMAC-SHA256 Credential=x' })],
    [
      'a well-formed header with a made-up signature',
      () => ({
        authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL.credentials.accessKeyId}/${amzDate().slice(0, 8)}/${LOCAL.region}/cognito-idp/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=${'0'.repeat(64)}`,
        'x-amz-date': amzDate(),
      }),
    ],
  ])('an AdminDeleteUser with %s: 400, user kept', async (_, headers) => {
    const user = await person('forged');
    const res = await call('AdminDeleteUser', deleteBody(user.username), headers());
    expect(res.status).toBe(400);
    expect(res.body.__type).toMatch(/^(IncompleteSignatureException|InvalidSignatureException)$/);
    expect(res.body.message).toEqual(expect.any(String));
    await expectStillThere(user);
  });

  it.each([
    [
      'an access key the stack does not have',
      'UnrecognizedClientException',
      { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'x' },
    ],
    [
      'the right access key and a wrong secret',
      'InvalidSignatureException',
      { ...LOCAL.credentials, secretAccessKey: 'wrong' },
    ],
    ['session credentials', 'UnrecognizedClientException', { ...LOCAL.credentials, sessionToken: 'token' }],
  ])('the real SDK signing with %s: %s, user kept', async (_, name, credentials) => {
    const user = await person('wrong-key');
    await expect(
      adminClient({ credentials }).send(new AdminDeleteUserCommand(deleteBody(user.username))),
    ).rejects.toMatchObject({ name, $metadata: { httpStatusCode: 400 } });
    await expectStillThere(user);
  });

  it('a request signed for one user and sent for another (body swapped after signing): InvalidSignatureException', async () => {
    const signedFor = await person('signed-for');
    const victim = await person('victim');
    const client = adminClient();
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body: string };
        request.body = JSON.stringify(deleteBody(victim.username));
        return next(args);
      },
      { step: 'deserialize', name: 'swapBodyAfterSigning' },
    );
    await expect(client.send(new AdminDeleteUserCommand(deleteBody(signedFor.username)))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
    await expectStillThere(victim);
    await expectStillThere(signedFor);
  });

  it('a signature older than five minutes: InvalidSignatureException "Signature expired"', async () => {
    const user = await person('stale');
    const error = await adminClient({ systemClockOffset: -10 * 60_000 })
      .send(new AdminUserGlobalSignOutCommand(deleteBody(user.username)))
      .catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'InvalidSignatureException' });
    expect((error as Error).message).toMatch(/^Signature expired: /);
    await expectStillThere(user);
  });

  it('a correctly signed call from a browser (an Origin header): refused, no CORS, user kept', async () => {
    const user = await person('from-browser');
    const client = adminClient();
    client.middlewareStack.add(
      (next) => async (args) => {
        (args.request as { headers: Record<string, string> }).headers.origin = baseUrl();
        return next(args);
      },
      { step: 'build', name: 'browserOrigin' },
    );
    await expect(client.send(new AdminDeleteUserCommand(deleteBody(user.username)))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    await expectStillThere(user);

    const raw = await call('AdminDeleteUser', deleteBody(user.username), { origin: baseUrl() });
    expect(raw.status).toBe(400);
    expect(raw.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the Cognito stand-in accepts admin calls signed as the handlers sign them', () => {
  it('AdminUserGlobalSignOut ends every session; AdminDeleteUser forgets the user', async () => {
    const user = await person('signed');
    const client = adminClient();
    await client.send(new AdminUserGlobalSignOutCommand(deleteBody(user.username)));
    expect((await refresh(user.refreshToken)).status).toBe(400);

    const again = await signIn(decodeJwt(user.idToken).email as string);
    await client.send(new AdminDeleteUserCommand(deleteBody(user.username)));
    expect((await refresh(again.refreshToken)).status).toBe(400);
    expect((await call('GetUser', { AccessToken: again.accessToken })).body.__type).toBe('NotAuthorizedException');
    await expect(client.send(new AdminDeleteUserCommand(deleteBody(user.username)))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });
});

describe('CORS on the stand-in answers the app origin only', () => {
  const EVIL = 'https://evil.example';

  it('a preflight or a call from another origin gets no Access-Control-Allow-Origin', async () => {
    const user = await person('cors');
    const preflight = await call('GetUser', null, { origin: EVIL, 'access-control-request-method': 'POST' }, 'OPTIONS');
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    const answer = await call('GetUser', { AccessToken: user.accessToken }, { origin: EVIL });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/origin/i);
  });

  it('the app origin itself is answered, as before', async () => {
    const user = await person('cors-self');
    const preflight = await call(
      'GetUser',
      null,
      { origin: baseUrl(), 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(baseUrl());
    const answer = await call('GetUser', { AccessToken: user.accessToken }, { origin: baseUrl() });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(baseUrl());
  });
});

describe('HSTS on the local origin', () => {
  it.each(['/config.json', '/cognito/', '/api/organization', '/'])(
    "%s: CloudFront's policy (two years, includeSubDomains)",
    async (path) => {
      const res = await fetch(`${baseUrl()}${path}`, { dispatcher: dispatcher() });
      await res.arrayBuffer();
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    },
  );
});
