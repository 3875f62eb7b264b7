import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';
import { inject } from 'vitest';

/** HTTP helpers for integration tests: real sign-in through the Cognito stand-in, then the API. */
export const baseUrl = () => inject('baseUrl');
let agent: Agent | undefined;
const dispatcher = () => {
  agent ??= new Agent({ connect: { ca: readFileSync(inject('certPath')) } });
  return agent;
};

export const LOCAL_CLIENT_ID = 'local-spa-client';

/** Signs a person in the way the SPA does: authorize (PKCE) -> pick the person -> code -> tokens. */
export async function signIn(email: string): Promise<{ idToken: string; accessToken: string; refreshToken: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseUrl()}/`;
  const form = new URLSearchParams({
    client_id: LOCAL_CLIENT_ID,
    redirect_uri: redirectUri,
    state: randomUUID(),
    code_challenge: challenge,
    scope: 'openid email profile',
    email,
  });
  const authorize = await fetch(`${baseUrl()}/oauth2/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    dispatcher: dispatcher(),
  });
  const location = authorize.headers.get('location');
  if (authorize.status !== 302 || !location) throw new Error(`authorize failed: ${authorize.status}`);
  const code = new URL(location).searchParams.get('code')!;
  const token = await fetch(`${baseUrl()}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: LOCAL_CLIENT_ID,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
    dispatcher: dispatcher(),
  });
  const tokens = (await token.json()) as { id_token: string; access_token: string; refresh_token: string };
  return { idToken: tokens.id_token, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

/** The refresh grant as Amplify uses it: new ID and access tokens, or the stand-in's refusal. */
export async function refresh(refreshToken: string): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${baseUrl()}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: LOCAL_CLIENT_ID, refresh_token: refreshToken }),
    dispatcher: dispatcher(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A signed-in caller. `raw` sends the body string as is (malformed JSON, huge bodies). */
export function client(token: string | null) {
  async function request<T = any>(
    method: string,
    path: string,
    init: { json?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (init.raw !== undefined) body = init.raw;
    else if (init.json !== undefined) body = JSON.stringify(init.json);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${baseUrl()}${path}`, { method, headers, body, dispatcher: dispatcher() });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers as unknown as Headers };
  }
  return {
    get: <T = any>(path: string) => request<T>('GET', path),
    post: <T = any>(path: string, json?: unknown) => request<T>('POST', path, { json }),
    put: <T = any>(path: string, json?: unknown) => request<T>('PUT', path, { json }),
    patch: <T = any>(path: string, json?: unknown) => request<T>('PATCH', path, { json }),
    delete: <T = any>(path: string) => request<T>('DELETE', path),
    request,
  };
}

/** A fresh person, who on first call gets their own new organization as ADMIN. */
export async function newAdmin(label = 'owner') {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const { idToken } = await signIn(email);
  return { email, api: client(idToken), token: idToken };
}
