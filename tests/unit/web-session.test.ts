import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './web-fixtures';

// Amplify stand-in: counts its loads and answers with the session it is given (the real one needs a browser).
const amplify = vi.hoisted(() => ({
  configured: 0,
  session: null as null | { token: string; claims: Record<string, string | null> },
}));
vi.mock('../../web/src/auth/amplify', () => ({
  configureAmplify: () => {
    amplify.configured += 1;
  },
  readIdToken: async () => amplify.session,
}));

const CLIENT = 'client-1';
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
function jwt(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'RS256' })}.${base64url(payload)}.signature`;
}
/** What Amplify leaves in localStorage after a sign-in. */
function storeSession(idToken: string, clockDrift = 0, user = 'google_123') {
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, user);
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.${user}.idToken`, idToken);
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.${user}.clockDrift`, String(clockDrift));
}
const claims = { sub: 'user-1', email: 'jose@example.com', name: 'José Núñez', picture: null };
const inMinutes = (minutes: number) => Math.floor((NOW + minutes * 60_000) / 1000);

async function freshSession(search = '') {
  vi.resetModules();
  vi.stubGlobal('window', { location: { search } });
  const session = await import('../../web/src/auth/session');
  const config = { region: 'r', userPoolId: 'p', userPoolClientId: CLIENT, oauthDomain: 'auth.example.com' };
  await session.startAuth(async () => config);
  return session;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  vi.stubGlobal('localStorage', memoryStorage());
  amplify.configured = 0;
  amplify.session = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the session of a returning visitor', () => {
  it('is read from the stored ID token without loading Amplify, and that token is the API bearer', async () => {
    const token = jwt({ ...claims, exp: inMinutes(50) });
    storeSession(token);
    const session = await freshSession();
    expect(session.getSessionState()).toEqual({
      status: 'authenticated',
      data: { userId: 'user-1', email: 'jose@example.com', name: 'José Núñez', image: null },
    });
    expect(await session.getIdToken()).toBe(token);
    expect(amplify.configured).toBe(0);
  });

  it('is left to Amplify when the stored token expires within five minutes by the server clock', async () => {
    // Valid for 10 minutes by this clock, but the server's clock is 6 minutes ahead (Amplify's stored drift).
    storeSession(jwt({ ...claims, exp: inMinutes(10) }), 6 * 60_000);
    amplify.session = { token: 'refreshed', claims: { ...claims } };
    const session = await freshSession();
    expect(amplify.configured).toBe(1);
    expect(session.getSessionState().status).toBe('authenticated');
    expect(await session.getIdToken()).toBe('refreshed');
  });

  it('is left to Amplify on the return from sign-in, whatever token is stored', async () => {
    storeSession(jwt({ ...claims, sub: 'someone-before', exp: inMinutes(50) }));
    amplify.session = { token: 'new-sign-in', claims: { ...claims } };
    const session = await freshSession('?code=abc&state=xyz');
    expect(amplify.configured).toBe(1);
    expect(session.getSessionState().data?.userId).toBe('user-1');
  });

  it('is signed out when nothing usable is stored: no token, a malformed one, or two app clients', async () => {
    for (const store of [
      () => {},
      () => storeSession('not-a-jwt'),
      () => storeSession(jwt({ ...claims })),
      () => {
        storeSession(jwt({ ...claims, exp: inMinutes(50) }));
        localStorage.setItem('CognitoIdentityServiceProvider.other-client.LastAuthUser', 'x');
      },
    ]) {
      localStorage.clear();
      store();
      amplify.configured = 0;
      const session = await freshSession();
      expect(amplify.configured).toBe(1);
      expect(session.getSessionState().status).toBe('unauthenticated');
    }
  });

  it('loads Amplify when the stored token runs out during the visit', async () => {
    storeSession(jwt({ ...claims, exp: inMinutes(20) }));
    const session = await freshSession();
    expect(amplify.configured).toBe(0);
    vi.setSystemTime(NOW + 16 * 60_000);
    amplify.session = { token: 'refreshed', claims: { ...claims } };
    expect(await session.getIdToken()).toBe('refreshed');
    expect(amplify.configured).toBe(1);
  });
});
