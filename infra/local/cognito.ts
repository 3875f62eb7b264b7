import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import { LOCAL } from './config.js';
import { DEMO_USERS, displayNameFor, localSubFor } from './demo-users.js';
import { browserRefusal, type SigV4Identity, verifySigV4 } from './sigv4.js';

/**
 * A Cognito stand-in for offline development and tests: the endpoints Amplify's Hosted-UI code
 * flow (with PKCE) and its JSON API call, on the same HTTPS origin as the SPA. Tokens copy
 * Cognito's claims. It is never deployed: startLocalStack refuses to run it for an AWS config.
 */
export interface CognitoConfig {
  origin: string; // https://localhost:8443
  userPoolId: string; // must contain "_" like a real pool id
  clientId: string;
  /** Where the signing key persists across restarts; omit for an ephemeral key (tests). */
  keyDir?: string;
  /**
   * The only IAM credentials the admin API accepts (default: the local stack's, which the handlers sign with) and
   * the region their scope must name.
   */
  iam?: SigV4Identity;
}

/** The IAM-only operations: SigV4-signed by the API's Lambda, never called by a browser. */
const ADMIN_TARGETS = new Set(['AdminDeleteUser', 'AdminUserGlobalSignOut']);

const ID_TOKEN_SECONDS = 3600;
/** The stand-in's own endpoints, and what a request with another method is told to use (405). */
const ALLOWED_METHODS: Record<string, string> = {
  '/oauth2/authorize': 'GET, POST',
  '/oauth2/token': 'POST',
  '/logout': 'GET',
};
const CODE_SECONDS = 300;
interface PendingCode {
  email: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  nonce?: string;
  expires: number;
}

export async function createCognitoStandIn(cfg: CognitoConfig) {
  const { privateKey, privateJwk, publicJwk } = await loadKey(cfg.keyDir);
  const issuer = `${cfg.origin}/${cfg.userPoolId}`;
  const codes = new Map<string, PendingCode>();
  const revoked = new Set<string>();

  // Access tokens carry no email (as in Cognito); GetUser answers from what was issued.
  const emailsBySub = new Map<string, string>();
  // Every session (origin_jti) of each username: AdminUserGlobalSignOut revokes them all.
  const sessionsByUsername = new Map<string, Set<string>>();
  const signedOutAt = new Map<string, number>();
  // AdminDeleteUser: a deleted username's sessions end and it is unknown from then on; the email's next sign-in is a
  // new user with a new sub (as a new Google federation is in Cognito). Kept beside the signing key across restarts.
  const deletedFile = cfg.keyDir ? join(cfg.keyDir, 'cognito-deleted-users.json') : null;
  const deleted: { usernames: string[]; generations: Record<string, number> } =
    deletedFile && existsSync(deletedFile)
      ? JSON.parse(readFileSync(deletedFile, 'utf8'))
      : { usernames: [], generations: {} };
  const subFor = (email: string) => {
    const generation = deleted.generations[email] ?? 0;
    return localSubFor(generation === 0 ? email : `${email}#deleted-${generation}`);
  };
  const usernameFor = (email: string) => `google_${subFor(email).replace(/-/g, '')}`;
  function deleteUser(username: string) {
    const email = [...emailsBySub.entries()].find(([sub]) => `google_${sub.replace(/-/g, '')}` === username)?.[1];
    for (const originJti of sessionsByUsername.get(username) ?? []) revoked.add(originJti);
    deleted.usernames.push(username);
    if (email) deleted.generations[email] = (deleted.generations[email] ?? 0) + 1;
    if (deletedFile) writeFileSync(deletedFile, JSON.stringify(deleted));
  }
  const isDeleted = (username: unknown) => typeof username === 'string' && deleted.usernames.includes(username);

  async function issueTokens(
    email: string,
    scope: string,
    nonce?: string,
    session: { originJti: string; authTime: number } = {
      originJti: randomUUID(),
      authTime: Math.floor(Date.now() / 1000),
    },
  ) {
    const sub = subFor(email);
    emailsBySub.set(sub, email);
    const now = Math.floor(Date.now() / 1000);
    const username = usernameFor(email);
    const sessions = sessionsByUsername.get(username) ?? new Set<string>();
    sessions.add(session.originJti);
    sessionsByUsername.set(username, sessions);
    // As in Cognito, refreshed tokens keep the session's origin_jti and auth_time (when the person signed in).
    const common = { sub, origin_jti: session.originJti, event_id: randomUUID(), auth_time: session.authTime };
    const sign = (claims: Record<string, unknown>, seconds: number, audience?: string) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: publicJwk.kid! })
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + seconds)
        .setJti(randomUUID());
      return (audience ? jwt.setAudience(audience) : jwt).sign(privateKey);
    };
    const idToken = await sign(
      {
        ...common,
        token_use: 'id',
        email,
        email_verified: true,
        name: displayNameFor(email),
        'cognito:username': username,
        'cognito:groups': [`${cfg.userPoolId}_Google`],
        identities: [{ providerName: 'Google', providerType: 'Google', userId: sub, primary: 'true', issuer: null }],
        ...(nonce && { nonce }),
      },
      ID_TOKEN_SECONDS,
      cfg.clientId,
    );
    const accessToken = await sign(
      { ...common, token_use: 'access', client_id: cfg.clientId, scope, username },
      ID_TOKEN_SECONDS,
    );
    const refreshToken = await sign(
      { token_use: 'refresh', email, username, scope, origin_jti: session.originJti, auth_time: session.authTime },
      30 * 24 * 3600,
    );
    return {
      id_token: idToken,
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ID_TOKEN_SECONDS,
      token_type: 'Bearer',
    };
  }

  async function verify(token: string, use: 'access' | 'refresh' | 'id') {
    const { payload } = await jwtVerify(token, privateKeyPublic, { issuer });
    if (payload.token_use !== use) throw new Error(`not an ${use} token`);
    if (revoked.has(String(payload.origin_jti))) throw new Error('revoked');
    if (isDeleted(payload.username ?? payload['cognito:username'])) throw new Error('deleted');
    // Sessions from before a restart are not in `revoked`: a refresh token older than the global sign-out is refused too.
    const cutoff = use === 'refresh' ? signedOutAt.get(usernameFor(String(payload.email))) : undefined;
    if (cutoff !== undefined && (payload.iat ?? 0) < cutoff) throw new Error('revoked');
    return payload;
  }
  const privateKeyPublic = await importJWK(publicJwk, 'RS256');
  const sessionOf = (claims: Record<string, unknown>) => ({
    originJti: String(claims.origin_jti),
    authTime: typeof claims.auth_time === 'number' ? claims.auth_time : Math.floor(Date.now() / 1000),
  });

  /** Handles a request if it is one of the stand-in's; returns false otherwise. */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    if (path === `/${cfg.userPoolId}/.well-known/jwks.json`) return send(res, 200, { keys: [publicJwk] });
    if (path === `/${cfg.userPoolId}/.well-known/openid-configuration`) {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${cfg.origin}/oauth2/authorize`,
        token_endpoint: `${cfg.origin}/oauth2/token`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        end_session_endpoint: `${cfg.origin}/logout`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (path === '/oauth2/authorize' && req.method === 'GET') return authorizePage(res, url);
    if (path === '/oauth2/authorize' && req.method === 'POST') return authorizeSubmit(req, res);
    if (path === '/oauth2/token' && req.method === 'POST') return token(req, res);
    if (path === '/logout' && req.method === 'GET') return logout(res, url);
    if (path === '/cognito' || path === '/cognito/') return jsonApi(req, res);
    const allowed = ALLOWED_METHODS[path];
    if (allowed) {
      res.writeHead(405, { allow: allowed, 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'invalid_request', error_description: `Use ${allowed}.` }));
      return true;
    }
    return false;
  }

  function checkClient(clientId: string | null, redirectUri: string | null): string | null {
    if (clientId !== cfg.clientId) return 'Unknown client_id';
    if (!sameOriginUrl(redirectUri, cfg.origin)) return 'redirect_uri must be a URL on this origin';
    return null;
  }

  function authorizePage(res: ServerResponse, url: URL) {
    const q = url.searchParams;
    const problem =
      checkClient(q.get('client_id'), q.get('redirect_uri')) ??
      (q.get('response_type') !== 'code' ? 'response_type must be code' : null) ??
      (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') ? 'PKCE (S256) is required' : null);
    if (problem) return html(res, 400, page('Sign-in request refused', `<p role="alert">${esc(problem)}</p>`));
    const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope', 'nonce']
      .map((name) => `<input type="hidden" name="${name}" value="${esc(q.get(name) ?? '')}">`)
      .join('');
    const demo = DEMO_USERS.map(
      (
        u,
      ) => `<li><form method="post" action="/oauth2/authorize">${hidden}<input type="hidden" name="email" value="${esc(u.email)}">
        <button type="submit" data-email="${esc(u.email)}"><strong>${esc(u.name)}</strong><span>${esc(u.role.replace('_', ' ').toLowerCase())} · ${esc(u.blurb)}</span></button></form></li>`,
    ).join('');
    return html(
      res,
      200,
      page(
        'Sign in with Google (local stand-in)',
        `<p>This page stands in for Google and Cognito while Rent.Today runs offline. Choose a demo person, or use any email to start a fresh organization.</p>
        <ul class="users">${demo}</ul>
        <form method="post" action="/oauth2/authorize" class="other">${hidden}
          <label for="email">Another email</label>
          <input id="email" name="email" type="email" required autocomplete="email" placeholder="you@example.com">
          <button type="submit">Continue</button>
        </form>`,
      ),
    );
  }

  async function authorizeSubmit(req: IncomingMessage, res: ServerResponse) {
    const text = await readBody(req);
    if (text === null) return tooLarge(res);
    const form = new URLSearchParams(text);
    const problem = checkClient(form.get('client_id'), form.get('redirect_uri'));
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (problem || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      return html(
        res,
        400,
        page('Sign-in request refused', `<p role="alert">${esc(problem ?? 'Enter a valid email')}</p>`),
      );
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      email,
      redirectUri: form.get('redirect_uri')!,
      challenge: form.get('code_challenge') ?? '',
      scope: form.get('scope') || 'openid email profile',
      nonce: form.get('nonce') || undefined,
      expires: Date.now() + CODE_SECONDS * 1000,
    });
    const target = sameOriginUrl(form.get('redirect_uri'), cfg.origin)!;
    target.searchParams.set('code', code);
    if (form.get('state')) target.searchParams.set('state', form.get('state')!);
    res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' }).end();
    return true;
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const text = await readBody(req);
    if (text === null) return tooLarge(res);
    const form = new URLSearchParams(text);
    const error = (status: number, code: string) => send(res, status, { error: code });
    if (form.get('client_id') !== cfg.clientId) return error(401, 'invalid_client');
    if (form.get('grant_type') === 'authorization_code') {
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? ''); // single use, even when the exchange fails
      if (!pending || pending.expires < Date.now()) return error(400, 'invalid_grant');
      if (pending.redirectUri !== form.get('redirect_uri')) return error(400, 'invalid_grant');
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (challenge !== pending.challenge) return error(400, 'invalid_grant');
      return send(res, 200, await issueTokens(pending.email, pending.scope, pending.nonce));
    }
    if (form.get('grant_type') === 'refresh_token') {
      try {
        const claims = await verify(form.get('refresh_token') ?? '', 'refresh');
        const { refresh_token, ...tokens } = await issueTokens(
          String(claims.email),
          String(claims.scope),
          undefined,
          sessionOf(claims),
        );
        return send(res, 200, tokens);
      } catch {
        return error(400, 'invalid_grant');
      }
    }
    return error(400, 'unsupported_grant_type');
  }

  function logout(res: ServerResponse, url: URL) {
    const target = url.searchParams.get('logout_uri') ?? url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== cfg.clientId || !target || !sameOriginUrl(target, cfg.origin)) {
      return html(res, 400, page('Sign-out request refused', '<p role="alert">Unknown client or logout_uri.</p>'));
    }
    res.writeHead(302, { location: target, 'cache-control': 'no-store' }).end();
    return true;
  }

  const iam: SigV4Identity = cfg.iam ?? { ...LOCAL.credentials, region: LOCAL.region };

  /**
   * Amplify's calls to the Cognito JSON API (x-amz-target), at the configured userPoolEndpoint, and the handlers'
   * IAM-signed admin calls. The SPA calls it from this same origin, so CORS answers that origin and no other: an echo
   * of any Origin would let every page the developer visits read token answers from it.
   */
  async function jsonApi(req: IncomingMessage, res: ServerResponse) {
    const target = String(req.headers['x-amz-target'] ?? '')
      .split('.')
      .pop();
    const admin = ADMIN_TARGETS.has(target ?? '');
    // An admin answer carries no CORS at all: no page may read it, not even the app's own.
    const cors: Record<string, string> =
      !admin && req.headers.origin === cfg.origin
        ? {
            'access-control-allow-origin': cfg.origin,
            'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
            'access-control-allow-methods': 'POST, OPTIONS',
            vary: 'origin',
          }
        : { vary: 'origin' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return true;
    }
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { ...cors, 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(payload));
      return true;
    };
    if (req.method !== 'POST') {
      return reply(405, { __type: 'MethodNotAllowedException', message: 'Use POST with an x-amz-target.' });
    }
    const text = await readBody(req);
    if (text === null) return tooLarge(res, cors);
    if (admin) {
      // A browser's request (every browser POST carries Origin) is never the handlers': the stack's credentials live
      // only in the local handlers' environment, and a page must not drive the admin API even with a signature.
      const fromBrowser = browserRefusal(req.headers, String(target));
      if (fromBrowser) return reply(400, fromBrowser);
      // Authentication before the body is read as JSON, as in AWS (infra/local/sigv4.ts, shared with KMS).
      const refusal = verifySigV4(
        { method: 'POST', url: req.url ?? '/', headers: req.headers },
        text,
        iam,
        'cognito-idp',
      );
      if (refusal) return reply(400, refusal);
    }
    const body = parseJsonObject(text || '{}');
    // What Cognito answers to a body it cannot read as a JSON object.
    if (!body)
      return reply(400, { __type: 'SerializationException', message: 'The request body is not a JSON object.' });
    const notAuthorized = () => reply(400, { __type: 'NotAuthorizedException', message: 'Invalid token' });
    try {
      switch (target) {
        case 'GetUser': {
          const claims = await verify(String(body.AccessToken ?? ''), 'access');
          const email = emailsBySub.get(String(claims.sub)) ?? '';
          return reply(200, {
            Username: claims.username,
            UserAttributes: [
              { Name: 'sub', Value: claims.sub },
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'name', Value: displayNameFor(email) },
            ],
          });
        }
        case 'GetTokensFromRefreshToken':
        case 'InitiateAuth': {
          const refresh = String(
            body.RefreshToken ?? (body.AuthParameters as Record<string, string>)?.REFRESH_TOKEN ?? '',
          );
          const claims = await verify(refresh, 'refresh');
          const tokens = await issueTokens(String(claims.email), String(claims.scope), undefined, sessionOf(claims));
          return reply(200, {
            AuthenticationResult: {
              IdToken: tokens.id_token,
              AccessToken: tokens.access_token,
              ExpiresIn: tokens.expires_in,
              TokenType: 'Bearer',
            },
          });
        }
        case 'RevokeToken': {
          const claims = await verify(String(body.Token ?? ''), 'refresh');
          revoked.add(String(claims.origin_jti));
          return reply(200, {});
        }
        case 'GlobalSignOut': {
          const claims = await verify(String(body.AccessToken ?? ''), 'access');
          revoked.add(String(claims.origin_jti));
          return reply(200, {});
        }
        case 'AdminDeleteUser':
        case 'AdminUserGlobalSignOut': {
          // Only reached with a valid signature by the local credentials (checked above).
          if (body.UserPoolId !== cfg.userPoolId) {
            return reply(400, { __type: 'ResourceNotFoundException', message: 'User pool does not exist.' });
          }
          const username = String(body.Username ?? '');
          // Users are made on first sign-in; after a restart the stand-in may not have seen this one's sessions.
          if (!/^google_[0-9a-f]{32}$/.test(username)) {
            return reply(400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
          }
          if (isDeleted(username))
            return reply(400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
          if (target === 'AdminDeleteUser') {
            deleteUser(username);
            return reply(200, {});
          }
          for (const originJti of sessionsByUsername.get(username) ?? []) revoked.add(originJti);
          signedOutAt.set(username, Math.floor(Date.now() / 1000));
          return reply(200, {});
        }
        default:
          return reply(400, { __type: 'InvalidParameterException', message: `Unsupported operation ${target}` });
      }
    } catch {
      return notAuthorized();
    }
  }

  return {
    issuer,
    publicJwk,
    handle,
    /** The signing key, handed to tests so they can forge expired tokens (never leaves the local stack). */
    privateJwk,
    /** Tokens for a person without the browser round trip (benchmarks only; tests sign in for real). */
    tokensFor: (email: string) => issueTokens(email.toLowerCase(), 'openid email profile'),
  };
}

async function loadKey(dir?: string): Promise<{ privateKey: CryptoKey; privateJwk: JWK; publicJwk: JWK }> {
  const file = dir ? join(dir, 'cognito-signing-key.json') : null;
  let privateJwk: JWK;
  if (file && existsSync(file)) {
    privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } else {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    if (file) writeFileSync(file, JSON.stringify(privateJwk), { mode: 0o600 });
  }
  const { d, p, q, dp, dq, qi, ...publicJwk } = privateJwk;
  return { privateKey: (await importJWK(privateJwk, 'RS256')) as CryptoKey, privateJwk, publicJwk };
}

/** Cognito's endpoints take small bodies; above this they answer 413 (as the CloudFront in front would). */
const MAX_BODY_BYTES = 64 * 1024;

/** The body as text, or null when it is larger than the limit (read to the end, then refused). */
function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function tooLarge(res: ServerResponse, headers: Record<string, string> = {}) {
  res
    .writeHead(413, { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify({ error: 'invalid_request', error_description: 'The request body is too large.' }));
  return true;
}

/** A redirect or logout URI on this origin, or null (relative ones resolve against it; bad ones are null). */
function sameOriginUrl(uri: string | null, origin: string): URL | null {
  if (!uri) return null;
  try {
    const url = new URL(uri, origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, payload: unknown) {
  res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify(payload));
  return true;
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  return true;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, content: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f4;color:#16191f}
main{max-width:440px;margin:8vh auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 8px}p{color:#414d5c;line-height:1.4}ul{list-style:none;padding:0;margin:16px 0}li{margin:8px 0}
button{width:100%;text-align:left;padding:12px;border:1px solid #8c8c94;border-radius:8px;background:#fff;font:inherit;cursor:pointer;color:inherit}
button:hover,button:focus-visible{border-color:#0972d3;outline:2px solid #0972d3}button span{display:block;color:#5f6b7a;font-size:13px}
.other{display:grid;gap:8px;margin-top:16px}.other button{text-align:center;background:#0972d3;color:#fff;border:0}
input{padding:10px;border:1px solid #8c8c94;border-radius:8px;font:inherit}label{font-weight:600}
</style></head><body><main><h1>${esc(title)}</h1>${content}</main></body></html>`;
}
