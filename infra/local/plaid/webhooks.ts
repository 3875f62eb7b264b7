import { createHash, generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A webhook verification key as /webhook_verification_key/get returns it (components/schemas/JWKPublicKey). */
export interface PlaidJwk {
  alg: 'ES256';
  crv: 'P-256';
  kid: string;
  kty: 'EC';
  use: 'sig';
  x: string;
  y: string;
  created_at: number;
  expired_at: number | null;
}

interface SigningKey {
  jwk: PlaidJwk;
  privateKey: KeyObject;
}

/** How a test wants a webhook spoiled (each must be refused by a correct verifier). */
export type Tamper = 'bad_signature' | 'old_iat' | 'altered_body' | 'unknown_kid' | 'expired_key' | 'no_header';
export const TAMPERS: readonly Tamper[] = [
  'bad_signature',
  'old_iat',
  'altered_body',
  'unknown_kid',
  'expired_key',
  'no_header',
];

export interface Delivery {
  id: string;
  url: string;
  item_id: string | null;
  webhook_type: unknown;
  webhook_code: unknown;
  body: string;
  verification: string | null;
  tamper: Tamper | null;
  /** Real time, ms. */
  sentAt: number;
  status: number | null;
  error: string | null;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Plaid's webhook signing: ES256 keys identified by `kid`, a `Plaid-Verification` JWT whose payload holds
 * `iat` and `request_body_sha256` (hex SHA-256 of the exact body). Old keys stay retrievable with their
 * `expired_at` set after a rotation, as at Plaid.
 */
export class WebhookSigner {
  private readonly keys = new Map<string, SigningKey>();
  private current: SigningKey;

  constructor() {
    this.current = this.newKey();
  }

  private newKey(): SigningKey {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const key: SigningKey = {
      privateKey,
      jwk: {
        alg: 'ES256',
        crv: 'P-256',
        kid: randomUUID(),
        kty: 'EC',
        use: 'sig',
        x: jwk.x,
        y: jwk.y,
        created_at: seconds(Date.now()),
        expired_at: null,
      },
    };
    this.keys.set(key.jwk.kid, key);
    return key;
  }

  jwk(kid: string): PlaidJwk | undefined {
    return this.keys.get(kid)?.jwk;
  }

  get currentKid(): string {
    return this.current.jwk.kid;
  }

  allKeys(): PlaidJwk[] {
    return [...this.keys.values()].map((k) => k.jwk);
  }

  /** A new current key; the old one expires now unless `keepOld` (then both verify until it is expired). */
  rotate(keepOld = false): PlaidJwk {
    const old = this.current;
    this.current = this.newKey();
    if (!keepOld) old.jwk.expired_at = seconds(Date.now());
    return this.current.jwk;
  }

  expire(kid: string): PlaidJwk | undefined {
    const key = this.keys.get(kid);
    if (key) key.jwk.expired_at = seconds(Date.now());
    return key?.jwk;
  }

  /** The Plaid-Verification JWT for this exact body. */
  sign(body: string, options: { key?: SigningKey; iatMs?: number; kid?: string } = {}): string {
    const key = options.key ?? this.current;
    const header = { alg: 'ES256', kid: options.kid ?? key.jwk.kid, typ: 'JWT' };
    const payload = {
      iat: seconds(options.iatMs ?? Date.now()),
      request_body_sha256: createHash('sha256').update(body, 'utf8').digest('hex'),
    };
    const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(payload))}`;
    const signature = sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${input}.${signature.toString('base64url')}`;
  }

  /** The body and header to send, spoiled as asked. */
  prepare(payload: Record<string, unknown>, tamper: Tamper | null): { body: string; verification: string | null } {
    // Plaid sends its webhook JSON indented with two spaces; the hash covers these exact bytes.
    const body = JSON.stringify(payload, null, 2);
    switch (tamper) {
      case null:
        return { body, verification: this.sign(body) };
      case 'no_header':
        return { body, verification: null };
      case 'bad_signature': {
        const jwt = this.sign(body);
        const [h, p, s = ''] = jwt.split('.');
        const raw = Buffer.from(s, 'base64url');
        raw.writeUInt8((raw.at(-1) ?? 0) ^ 0xff, raw.length - 1);
        return { body, verification: `${h}.${p}.${raw.toString('base64url')}` };
      }
      case 'old_iat':
        return { body, verification: this.sign(body, { iatMs: Date.now() - 10 * 60_000 }) };
      case 'altered_body':
        return { body: body.replace(/\n}$/, ',\n  "altered": true\n}'), verification: this.sign(body) };
      case 'unknown_kid':
        return { body, verification: this.sign(body, { kid: randomUUID() }) };
      case 'expired_key': {
        const key = this.newKey();
        key.jwk.expired_at = seconds(Date.now()) - 60;
        return { body, verification: this.sign(body, { key }) };
      }
    }
  }
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** POSTs a webhook like Plaid (JSON body, Plaid-Verification header); `ca` trusts the local origin's certificate. */
export function deliver(url: string, body: string, verification: string | null, ca?: string): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'Plaid Verifier',
  };
  if (verification) headers['plaid-verification'] = verification;
  return new Promise((resolve, reject) => {
    // The local origin listens on 127.0.0.1 only; "localhost" may resolve to ::1 first.
    const family = target.hostname === 'localhost' ? 4 : undefined;
    const req = send(target, { method: 'POST', headers, ca, family, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('webhook delivery timed out')));
    req.on('error', reject);
    req.end(body);
  });
}
