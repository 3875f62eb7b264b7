import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWebhookVerifier, type PlaidVerificationKey } from '../../functions/src/lib/plaidWebhook.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const nowSeconds = NOW / 1000;
const body = Buffer.from('{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"it-1"}\n');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let good: { privateKey: CryptoKey; jwk: JWK };
let other: { privateKey: CryptoKey; jwk: JWK };

async function pair() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { privateKey, jwk: await exportJWK(publicKey) };
}

const plaidKey = (kid: string, jwk: JWK, expired_at: number | null = null): PlaidVerificationKey => ({
  alg: 'ES256',
  crv: jwk.crv!,
  kid,
  kty: jwk.kty!,
  use: 'sig',
  x: jwk.x!,
  y: jwk.y!,
  created_at: nowSeconds - 86_400,
  expired_at,
});

function sign(opts: { kid?: string; key?: CryptoKey; iat?: number; hash?: string } = {}) {
  return new SignJWT({ request_body_sha256: opts.hash ?? sha(body) })
    .setProtectedHeader({ alg: 'ES256', kid: opts.kid ?? 'k-good', typ: 'JWT' })
    .setIssuedAt(opts.iat ?? nowSeconds - 10)
    .sign(opts.key ?? good.privateKey);
}

function verifier(keys: Record<string, PlaidVerificationKey>) {
  const asked: string[] = [];
  const verify = createWebhookVerifier(
    async (kid) => {
      asked.push(kid);
      return keys[kid] ?? null;
    },
    () => NOW,
  );
  return { verify, asked };
}

beforeAll(async () => {
  good = await pair();
  other = await pair();
});

describe('Plaid webhook verification', () => {
  it('accepts a webhook signed with a current key over the exact body, and caches the key', async () => {
    const { verify, asked } = verifier({ 'k-good': plaidKey('k-good', good.jwk) });
    expect(await verify(await sign(), body)).toEqual({ ok: true });
    expect(await verify(await sign(), body)).toEqual({ ok: true });
    expect(asked).toEqual(['k-good']);
  });

  it('refuses any algorithm but ES256 (HS256 signed with the public key as secret, none, ES384)', async () => {
    const { verify, asked } = verifier({ 'k-good': plaidKey('k-good', good.jwk) });
    const hs = await new SignJWT({ request_body_sha256: sha(body) })
      .setProtectedHeader({ alg: 'HS256', kid: 'k-good' })
      .setIssuedAt(nowSeconds)
      .sign(new TextEncoder().encode(good.jwk.x));
    expect(await verify(hs, body)).toEqual({ ok: false, reason: 'algorithm not ES256' });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'k-good' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ iat: nowSeconds, request_body_sha256: sha(body) }),
    ).toString('base64url')}.`;
    expect(await verify(none, body)).toEqual({ ok: false, reason: 'algorithm not ES256' });
    const es384 = await generateKeyPair('ES384');
    const other384 = await new SignJWT({ request_body_sha256: sha(body) })
      .setProtectedHeader({ alg: 'ES384', kid: 'k-good' })
      .setIssuedAt(nowSeconds)
      .sign(es384.privateKey);
    expect(await verify(other384, body)).toEqual({ ok: false, reason: 'algorithm not ES256' });
    expect(asked).toEqual([]);
  });

  it('refuses a signature made with another key than the one named by kid', async () => {
    const { verify } = verifier({ 'k-good': plaidKey('k-good', good.jwk) });
    expect(await verify(await sign({ key: other.privateKey }), body)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses a token issued more than five minutes ago, or in the future', async () => {
    const { verify } = verifier({ 'k-good': plaidKey('k-good', good.jwk) });
    expect(await verify(await sign({ iat: nowSeconds - 301 }), body)).toEqual({
      ok: false,
      reason: 'stale or future iat',
    });
    expect(await verify(await sign({ iat: nowSeconds + 600 }), body)).toEqual({
      ok: false,
      reason: 'stale or future iat',
    });
    expect(await verify(await sign({ iat: nowSeconds - 299 }), body)).toEqual({ ok: true });
  });

  it('refuses a body changed by one byte (the hash is over the raw bytes, not the parsed JSON)', async () => {
    const { verify } = verifier({ 'k-good': plaidKey('k-good', good.jwk) });
    const token = await sign();
    const changed = Buffer.from(body.toString('utf8').replace('it-1', 'it-2'));
    expect(await verify(token, changed)).toEqual({ ok: false, reason: 'body hash mismatch' });
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    expect(await verify(token, reformatted)).toEqual({ ok: false, reason: 'body hash mismatch' });
    expect(await verify(await sign({ hash: 'not-hex' }), body)).toEqual({ ok: false, reason: 'body hash mismatch' });
  });

  it('refuses an unknown kid, and does not ask Plaid again for it right away', async () => {
    const { verify, asked } = verifier({ 'k-good': plaidKey('k-good', good.jwk) });
    expect(await verify(await sign({ kid: 'k-nobody' }), body)).toEqual({ ok: false, reason: 'unknown key' });
    expect(await verify(await sign({ kid: 'k-nobody' }), body)).toEqual({ ok: false, reason: 'unknown key' });
    expect(asked).toEqual(['k-nobody']);
  });

  it('refuses a key whose expired_at has passed, even with a valid signature', async () => {
    const { verify } = verifier({ 'k-old': plaidKey('k-old', good.jwk, nowSeconds - 60) });
    expect(await verify(await sign({ kid: 'k-old' }), body)).toEqual({ ok: false, reason: 'expired key' });
  });

  it('refuses a missing or malformed header', async () => {
    const { verify } = verifier({ 'k-good': plaidKey('k-good', good.jwk) });
    expect(await verify(undefined, body)).toEqual({ ok: false, reason: 'missing header' });
    expect(await verify('not.a.jwt', body)).toEqual({ ok: false, reason: 'malformed token' });
  });
});
