import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { LOCAL } from './config.js';
import { browserRefusal, verifySigV4 } from './sigv4.js';

/**
 * A small AWS KMS stand-in on loopback: the two operations the app uses, GenerateDataKey and Decrypt, over
 * KMS's own JSON 1.1 protocol (POST /, `X-Amz-Target: TrentService.<Operation>`,
 * `application/x-amz-json-1.1`, blobs in base64, errors as 400 `{"__type": ..., "message": ...}`), so the
 * real @aws-sdk/client-kms talks to it unchanged (functions/src/lib/secrets.ts). One symmetric key, known by
 * its id, its ARN, its alias and the alias ARN. Ciphertext blobs are AES-256-GCM under the key's material
 * with the encryption context as additional data, so a blob decrypts only under exactly the context it was
 * made with (InvalidCiphertextException otherwise, as KMS answers). Every call needs a SigV4 signature scoped to
 * kms by the one key pair the stand-in accepts (infra/local/sigv4.ts, the verifier the Cognito stand-in uses), and
 * none is taken from a browser. A development component: the key material sits in the data folder (or in memory for
 * tests); it never runs in AWS.
 */
export interface LocalKmsOptions {
  region: string;
  account?: string;
  alias: string;
  /** Keep the key material here across restarts (npm start); absent = a fresh key in memory (tests). */
  keyFile?: string;
  /**
   * The only credentials whose signatures it accepts (scoped to `region`); default: the stack's (LOCAL.credentials),
   * which every AWS client of the handlers signs with offline (from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY).
   */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface LocalKms {
  endpoint: string;
  /** The key's ARN: what PLAID_TOKEN_KEY_ID names, as in AWS. */
  keyArn: string;
  close(): Promise<void>;
}

interface KeyMaterial {
  keyId: string;
  material: Buffer;
}

const VERSION = 1;
const MAX_BODY = 64 * 1024;

class KmsError extends Error {
  constructor(
    readonly type: string,
    message?: string,
  ) {
    super(message ?? type);
  }
}

function loadKey(keyFile: string | undefined): KeyMaterial {
  if (keyFile && existsSync(keyFile)) {
    const saved = JSON.parse(readFileSync(keyFile, 'utf8')) as { keyId: string; material: string };
    return { keyId: saved.keyId, material: Buffer.from(saved.material, 'base64') };
  }
  const key = { keyId: randomUUID(), material: randomBytes(32) };
  if (keyFile) {
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, JSON.stringify({ keyId: key.keyId, material: key.material.toString('base64') }), {
      mode: 0o600,
    });
  }
  return key;
}

/** The context's canonical bytes: KMS treats the context as a map, so the order of its pairs does not matter. */
function contextBytes(context: unknown): Buffer {
  if (context === undefined || context === null) return Buffer.alloc(0);
  if (typeof context !== 'object' || Array.isArray(context))
    throw new KmsError('ValidationException', '1 validation error detected: EncryptionContext must be a map');
  const entries = Object.entries(context as Record<string, unknown>);
  for (const [, v] of entries) {
    if (typeof v !== 'string')
      throw new KmsError(
        'ValidationException',
        '1 validation error detected: EncryptionContext values must be strings',
      );
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Buffer.from(JSON.stringify(entries));
}

function base64Field(value: unknown, field: string): Buffer {
  if (typeof value !== 'string' || value.length === 0)
    throw new KmsError(
      'ValidationException',
      `1 validation error detected: Value null at '${field}' failed to satisfy constraint: Member must not be null`,
    );
  return Buffer.from(value, 'base64');
}

export function createKmsStandIn(opts: LocalKmsOptions) {
  const account = opts.account ?? '000000000000';
  const key = loadKey(opts.keyFile);
  const keyArn = `arn:aws:kms:${opts.region}:${account}:key/${key.keyId}`;
  const aliasArn = `arn:aws:kms:${opts.region}:${account}:${opts.alias}`;
  const names = new Set([key.keyId, keyArn, opts.alias, aliasArn]);
  const identity = { ...(opts.credentials ?? LOCAL.credentials), region: opts.region };

  function resolveKey(id: unknown): void {
    if (typeof id !== 'string' || id.length === 0)
      throw new KmsError(
        'ValidationException',
        "1 validation error detected: Value null at 'keyId' failed to satisfy constraint: Member must not be null",
      );
    if (!names.has(id)) {
      throw new KmsError(
        'NotFoundException',
        id.startsWith('alias/') || id.includes(':alias/')
          ? `Alias ${id.startsWith('arn:') ? id : `arn:aws:kms:${opts.region}:${account}:${id}`} is not found.`
          : `Key '${id.startsWith('arn:') ? id : `arn:aws:kms:${opts.region}:${account}:key/${id}`}' does not exist`,
      );
    }
  }

  function seal(plaintext: Buffer, context: Buffer): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key.material, iv);
    cipher.setAAD(context);
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    const id = Buffer.from(key.keyId, 'utf8');
    return Buffer.concat([Buffer.from([VERSION, id.length]), id, iv, cipher.getAuthTag(), body]);
  }

  function open(blob: Buffer, context: Buffer): Buffer {
    // KMS says nothing about why a ciphertext does not open: wrong context, tampering, or garbage alike.
    const invalid = () => new KmsError('InvalidCiphertextException');
    if (blob.length < 2 || blob[0] !== VERSION) throw invalid();
    const idLength = blob[1]!;
    const id = blob.subarray(2, 2 + idLength).toString('utf8');
    if (id !== key.keyId) throw invalid();
    const at = 2 + idLength;
    if (blob.length < at + 28) throw invalid();
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.material, blob.subarray(at, at + 12));
      decipher.setAAD(context);
      decipher.setAuthTag(blob.subarray(at + 12, at + 28));
      return Buffer.concat([decipher.update(blob.subarray(at + 28)), decipher.final()]);
    } catch {
      throw invalid();
    }
  }

  const operations: Record<string, (input: Record<string, unknown>) => Record<string, unknown>> = {
    GenerateDataKey(input) {
      resolveKey(input.KeyId);
      let bytes: number;
      if (input.KeySpec !== undefined) {
        if (input.KeySpec !== 'AES_256' && input.KeySpec !== 'AES_128')
          throw new KmsError(
            'ValidationException',
            `1 validation error detected: Value '${String(input.KeySpec)}' at 'keySpec' failed to satisfy constraint: Member must satisfy enum value set: [AES_256, AES_128]`,
          );
        bytes = input.KeySpec === 'AES_256' ? 32 : 16;
      } else if (typeof input.NumberOfBytes === 'number' && input.NumberOfBytes >= 1 && input.NumberOfBytes <= 1024) {
        bytes = input.NumberOfBytes;
      } else {
        throw new KmsError('ValidationException', 'Please specify either number of bytes or key spec.');
      }
      const plaintext = randomBytes(bytes);
      const blob = seal(plaintext, contextBytes(input.EncryptionContext));
      return { CiphertextBlob: blob.toString('base64'), Plaintext: plaintext.toString('base64'), KeyId: keyArn };
    },
    Decrypt(input) {
      const blob = base64Field(input.CiphertextBlob, 'ciphertextBlob');
      if (input.KeyId !== undefined) {
        resolveKey(input.KeyId);
      }
      const plaintext = open(blob, contextBytes(input.EncryptionContext));
      return { KeyId: keyArn, Plaintext: plaintext.toString('base64'), EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' };
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const send = (status: number, body: unknown, errorType?: string) => {
      res.writeHead(status, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': requestId,
        ...(errorType && { 'x-amzn-errortype': errorType }),
      });
      res.end(JSON.stringify(body));
    };
    try {
      // No OPTIONS, no CORS: as in KMS, a browser's preflight finds nothing to allow.
      if (req.method !== 'POST' || (req.url ?? '/').split('?')[0] !== '/')
        throw new KmsError('UnknownOperationException');
      const target = String(req.headers['x-amz-target'] ?? '');
      const [service, operation] = target.split('.');
      // Own operations only: `TrentService.constructor` names no KMS operation.
      const run =
        service === 'TrentService' && operation && Object.hasOwn(operations, operation)
          ? operations[operation]
          : undefined;
      if (!run) throw new KmsError('UnknownOperationException');
      // Every KMS operation is an IAM call: never a browser's, even signed, and signed by the accepted key pair.
      const fromBrowser = browserRefusal(req.headers, `TrentService.${operation}`);
      if (fromBrowser) throw new KmsError(fromBrowser.__type, fromBrowser.message);
      const raw = await readBody(req);
      // Authentication before the body is read as JSON, as in AWS.
      const refusal = verifySigV4({ method: 'POST', url: req.url ?? '/', headers: req.headers }, raw, identity, 'kms');
      if (refusal) throw new KmsError(refusal.__type, refusal.message);
      let input: unknown;
      try {
        input = raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'));
      } catch {
        throw new KmsError('SerializationException', 'Start of structure or map found where not expected.');
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw new KmsError('SerializationException', 'Start of structure or map found where not expected.');
      send(200, run(input as Record<string, unknown>));
    } catch (error) {
      const known = error instanceof KmsError ? error : new KmsError('KMSInternalException', 'Internal error');
      const body: Record<string, string> = { __type: known.type };
      if (known.message !== known.type) body.message = known.message;
      send(known.type === 'KMSInternalException' ? 500 : 400, body, known.type);
    }
  }

  return { keyArn, handle };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new KmsError('ValidationException', 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Starts the stand-in on a free loopback port. */
export async function startKms(opts: LocalKmsOptions): Promise<LocalKms> {
  const kms = createKmsStandIn(opts);
  const server = createServer((req, res) => void kms.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keyArn: kms.keyArn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
