import { createHash } from 'node:crypto';
import { decodeProtectedHeader, errors, importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { TAMPERS, WebhookSigner } from '../../infra/local/plaid/webhooks.js';

/**
 * The Plaid stand-in's webhook signing, checked the way Plaid tells receivers to verify: the JWT header's
 * kid names a key from /webhook_verification_key/get, alg ES256, iat recent, request_body_sha256 = the
 * hex SHA-256 of the exact body. Each spoiled variant must fail one of those checks.
 */
async function verify(signer: WebhookSigner, body: string, jwt: string | null): Promise<string> {
  if (!jwt) return 'no header';
  const { kid, alg } = decodeProtectedHeader(jwt);
  if (alg !== 'ES256') return 'alg';
  const jwk = kid ? signer.jwk(kid) : undefined;
  if (!jwk) return 'unknown kid';
  if (jwk.expired_at !== null) return 'expired key';
  try {
    const { payload } = await jwtVerify(jwt, await importJWK(jwk, 'ES256'), {
      algorithms: ['ES256'],
      maxTokenAge: '5 min',
    });
    const hash = createHash('sha256').update(body, 'utf8').digest('hex');
    return payload.request_body_sha256 === hash ? 'ok' : 'body hash';
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
    if (error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JWTExpired) return 'iat';
    throw error;
  }
}

const payload = {
  webhook_type: 'TRANSACTIONS',
  webhook_code: 'SYNC_UPDATES_AVAILABLE',
  item_id: 'item-1',
  environment: 'sandbox',
};

describe('Plaid stand-in webhook signing', () => {
  it('signs the exact body with ES256, kid in the header, iat and request_body_sha256 in the payload', async () => {
    const signer = new WebhookSigner();
    const { body, verification } = signer.prepare(payload, null);
    expect(body).toBe(JSON.stringify(payload, null, 2));
    expect(decodeProtectedHeader(verification!)).toEqual({ alg: 'ES256', kid: signer.currentKid, typ: 'JWT' });
    expect(await verify(signer, body, verification)).toBe('ok');
    const jwk = signer.jwk(signer.currentKid)!;
    expect(jwk).toMatchObject({ alg: 'ES256', crv: 'P-256', kty: 'EC', use: 'sig', expired_at: null });
    expect(Number.isInteger(jwk.created_at)).toBe(true);
    expect(Object.keys(jwk)).not.toContain('d');
  });

  it('fails every spoiled variant on the check it targets', async () => {
    const signer = new WebhookSigner();
    const expected: Record<(typeof TAMPERS)[number], string> = {
      bad_signature: 'signature',
      old_iat: 'iat',
      altered_body: 'body hash',
      unknown_kid: 'unknown kid',
      expired_key: 'expired key',
      no_header: 'no header',
    };
    for (const tamper of TAMPERS) {
      const { body, verification } = signer.prepare(payload, tamper);
      expect(await verify(signer, body, verification), tamper).toBe(expected[tamper]);
    }
  });

  it('rotates: the old key stays retrievable with expired_at set, the new one signs', async () => {
    const signer = new WebhookSigner();
    const oldKid = signer.currentKid;
    const old = signer.prepare(payload, null);
    signer.rotate();
    expect(signer.currentKid).not.toBe(oldKid);
    expect(signer.jwk(oldKid)?.expired_at).toEqual(expect.any(Number));
    expect(await verify(signer, old.body, old.verification)).toBe('expired key');
    const fresh = signer.prepare(payload, null);
    expect(await verify(signer, fresh.body, fresh.verification)).toBe('ok');
    const freshKid = signer.currentKid;
    signer.rotate(true);
    expect(signer.jwk(freshKid)?.expired_at).toBeNull();
  });
});
