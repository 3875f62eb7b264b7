import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/**
 * Plaid webhook verification, as Plaid documents it ("Webhook verification"): the `Plaid-Verification` header
 * is a JWT signed with ES256 by a key Plaid publishes through /webhook_verification_key/get (looked up by the
 * JWT's `kid`); its payload says when it was issued (`iat`) and carries `request_body_sha256`, the SHA-256 of
 * the exact bytes Plaid sent. Everything is checked before the body is even parsed; node:crypto and `jose` do
 * the cryptography.
 */

/** The JWKPublicKey shape of /webhook_verification_key/get (plaid-openapi 2020-09-14.yml). */
export interface PlaidVerificationKey {
  alg: string;
  crv: string;
  kid: string;
  kty: string;
  use: string;
  x: string;
  y: string;
  created_at: number;
  expired_at: number | null;
}

/** Looks a key up by id; null when Plaid does not know it. */
export type VerificationKeySource = (kid: string) => Promise<PlaidVerificationKey | null>;

/** Why a webhook was refused: logged, never shown to the caller beyond "401". */
export type RejectReason =
  | 'missing header'
  | 'malformed token'
  | 'algorithm not ES256'
  | 'unknown key'
  | 'expired key'
  | 'bad signature'
  | 'stale or future iat'
  | 'body hash mismatch';

export type Verification = { ok: true } | { ok: false; reason: RejectReason };

/** Plaid's limit: a webhook whose token was issued more than five minutes ago is refused. */
export const MAX_TOKEN_AGE_SECONDS = 5 * 60;
/** A cached key is looked up again after this long, so a key Plaid has since expired is noticed. */
const KEY_CACHE_MS = 60 * 60 * 1000;
/** An unknown kid is not asked about again for this long (no amplification of junk requests into Plaid calls). */
const UNKNOWN_KEY_CACHE_MS = 5 * 60 * 1000;
const MAX_CACHED_KEYS = 64;

interface Cached {
  key: PlaidVerificationKey | null;
  fetchedAt: number;
}

/**
 * A verifier with its own key cache (one per Lambda container: the module-level instance in the webhook
 * service). `now` is injectable for tests.
 */
export function createWebhookVerifier(fetchKey: VerificationKeySource, now: () => number = Date.now) {
  const cache = new Map<string, Cached>();

  async function keyFor(kid: string): Promise<PlaidVerificationKey | null> {
    const cached = cache.get(kid);
    const age = cached ? now() - cached.fetchedAt : Number.POSITIVE_INFINITY;
    if (cached && age < (cached.key ? KEY_CACHE_MS : UNKNOWN_KEY_CACHE_MS)) return cached.key;
    const key = await fetchKey(kid);
    if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value as string);
    cache.set(kid, { key: key && key.kid === kid ? key : null, fetchedAt: now() });
    return cache.get(kid)!.key;
  }

  return async function verify(header: string | undefined, rawBody: Uint8Array): Promise<Verification> {
    const fail = (reason: RejectReason): Verification => ({ ok: false, reason });
    if (!header) return fail('missing header');
    let protectedHeader: ReturnType<typeof decodeProtectedHeader>;
    try {
      protectedHeader = decodeProtectedHeader(header);
    } catch {
      return fail('malformed token');
    }
    if (protectedHeader.alg !== 'ES256') return fail('algorithm not ES256');
    const kid = protectedHeader.kid;
    if (typeof kid !== 'string' || kid.length === 0 || kid.length > 200) return fail('malformed token');

    const key = await keyFor(kid);
    if (!key) return fail('unknown key');
    if (key.expired_at != null && key.expired_at * 1000 <= now()) return fail('expired key');

    let payload: Record<string, unknown>;
    try {
      const publicKey = await importJWK({ kty: key.kty, crv: key.crv, x: key.x, y: key.y }, 'ES256');
      ({ payload } = await jwtVerify(header, publicKey, { algorithms: ['ES256'], currentDate: new Date(now()) }));
    } catch {
      return fail('bad signature');
    }
    // iat within five minutes (and not in the future beyond a small clock skew).
    const iat = payload.iat;
    const nowSeconds = now() / 1000;
    if (typeof iat !== 'number' || nowSeconds - iat > MAX_TOKEN_AGE_SECONDS || iat - nowSeconds > 30) {
      return fail('stale or future iat');
    }

    const claimed = payload.request_body_sha256;
    if (typeof claimed !== 'string' || !/^[0-9a-f]{64}$/i.test(claimed)) return fail('body hash mismatch');
    const expected = createHash('sha256').update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(claimed, 'hex'))) return fail('body hash mismatch');
    return { ok: true };
  };
}
