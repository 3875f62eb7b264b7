import { importJWK, SignJWT } from 'jose';
import { inject } from 'vitest';
import { LOCAL_CLIENT_ID } from './api.js';

/** A token signed by the stand-in's real key, with claims of our choosing (expired, wrong audience...). */
export async function forgeToken(claims: Record<string, unknown>, opts: { expiresAt: number; audience?: string }) {
  const jwk = inject('signingJwk');
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT({ token_use: 'id', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
    .setIssuer(inject('issuer'))
    .setAudience(opts.audience ?? LOCAL_CLIENT_ID)
    .setIssuedAt(opts.expiresAt - 3600)
    .setExpirationTime(opts.expiresAt)
    .sign(key);
}

/** Flips one character of the signature: the token is well-formed but no longer authentic. */
export function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  claims.email = 'attacker@example.com';
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}
