import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';
import { type LocalKms, startKms } from '../../infra/local/kms.js';

/**
 * Envelope encryption of Plaid access tokens (functions/src/lib/secrets.ts) through the real
 * @aws-sdk/client-kms against the local KMS stand-in (infra/local/kms.ts), which answers KMS's JSON 1.1 API.
 * The handlers' KMS client takes its credentials from the environment like their other AWS clients; offline that is
 * the stack's key pair (LOCAL.credentials), the one the stand-in accepts by default.
 */
let kms: LocalKms;
let secrets: typeof import('../../functions/src/lib/secrets.js');
const context = { organizationId: 'org-1', institutionId: 'inst-1' };
const TOKEN = 'access-sandbox-8ab976e6-64bc-4b38-98f7-731e7a349970';

beforeAll(async () => {
  kms = await startKms({ region: 'us-east-1', alias: 'alias/test-plaid-token' });
  // What startLocalStack puts in the environment the handlers run in.
  process.env.AWS_ACCESS_KEY_ID = LOCAL.credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = LOCAL.credentials.secretAccessKey;
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  process.env.TABLE_NAME = 'test';
  process.env.KMS_ENDPOINT = kms.endpoint;
  process.env.PLAID_TOKEN_KEY_ID = kms.keyArn;
  secrets = await import('../../functions/src/lib/secrets.js');
});
afterAll(() => kms.close());

const client = (credentials: { accessKeyId: string; secretAccessKey: string } = LOCAL.credentials) =>
  new KMSClient({
    region: 'us-east-1',
    endpoint: kms.endpoint,
    // The stand-in verifies signatures: the key pair the handlers sign with offline.
    credentials,
    maxAttempts: 1,
  });

describe('sealSecret / openSecret', () => {
  it('round trip: what is sealed opens under the same context, and the stored parts do not contain it', async () => {
    const sealed = await secrets.sealSecret(TOKEN, context);
    expect(JSON.stringify(sealed)).not.toContain(TOKEN);
    expect(JSON.stringify(sealed)).not.toContain('access-sandbox');
    expect(sealed.keyId).toBe(kms.keyArn);
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
    // The context's order does not matter (KMS treats it as a map).
    await expect(secrets.openSecret(sealed, { institutionId: 'inst-1', organizationId: 'org-1' })).resolves.toBe(TOKEN);
  });

  it('two seals of one secret differ (fresh data key and IV each time)', async () => {
    const [a, b] = await Promise.all([secrets.sealSecret(TOKEN, context), secrets.sealSecret(TOKEN, context)]);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.encryptedKey).not.toBe(b.encryptedKey);
  });

  it('another organization or institution in the context does not open it, and the error names no secret', async () => {
    const sealed = await secrets.sealSecret(TOKEN, context);
    for (const wrong of [
      { organizationId: 'org-2', institutionId: 'inst-1' },
      { organizationId: 'org-1', institutionId: 'inst-2' },
      { organizationId: 'org-1' },
    ] as Record<string, string>[]) {
      const error = await secrets.openSecret(sealed, wrong).catch((e: Error) => e);
      expect(error).toBeInstanceOf(secrets.SecretUnavailable);
      expect((error as Error).message).toContain('InvalidCiphertextException');
      expect((error as Error).message).not.toContain(TOKEN);
    }
  });

  it('a tampered ciphertext, tag, IV or data key does not open', async () => {
    const sealed = await secrets.sealSecret(TOKEN, context);
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[bytes.length - 1]! ^= 0x01;
      return bytes.toString('base64');
    };
    for (const field of ['ciphertext', 'tag', 'iv', 'encryptedKey'] as const) {
      const tampered = { ...sealed, [field]: flip(sealed[field]) };
      await expect(secrets.openSecret(tampered, context)).rejects.toBeInstanceOf(secrets.SecretUnavailable);
    }
  });
});

describe('the KMS stand-in speaks KMS JSON 1.1 to the real client', () => {
  it('GenerateDataKey by alias returns 32 bytes and the key ARN; Decrypt with the same context returns them', async () => {
    const generated = await client().send(
      new GenerateDataKeyCommand({ KeyId: 'alias/test-plaid-token', KeySpec: 'AES_256', EncryptionContext: context }),
    );
    expect(generated.KeyId).toBe(kms.keyArn);
    expect(generated.Plaintext).toHaveLength(32);
    const decrypted = await client().send(
      new DecryptCommand({ CiphertextBlob: generated.CiphertextBlob, EncryptionContext: context }),
    );
    expect(Buffer.from(decrypted.Plaintext!).equals(Buffer.from(generated.Plaintext!))).toBe(true);
    expect(decrypted.EncryptionAlgorithm).toBe('SYMMETRIC_DEFAULT');
  });

  it("answers KMS's error shapes: wrong context, unknown key, missing fields", async () => {
    const generated = await client().send(
      new GenerateDataKeyCommand({ KeyId: kms.keyArn, NumberOfBytes: 16, EncryptionContext: context }),
    );
    expect(generated.Plaintext).toHaveLength(16);
    await expect(
      client().send(new DecryptCommand({ CiphertextBlob: generated.CiphertextBlob, EncryptionContext: {} })),
    ).rejects.toMatchObject({ name: 'InvalidCiphertextException', $metadata: { httpStatusCode: 400 } });
    await expect(
      client().send(new GenerateDataKeyCommand({ KeyId: 'alias/nope', KeySpec: 'AES_256' })),
    ).rejects.toMatchObject({ name: 'NotFoundException', message: expect.stringContaining('alias/nope') });
    await expect(client().send(new GenerateDataKeyCommand({ KeyId: kms.keyArn }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(
      client().send(new DecryptCommand({ CiphertextBlob: Buffer.from('garbage'), EncryptionContext: context })),
    ).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
  });

  it('accepts only the stack’s key pair by default: any other (the old hard-coded local/local) is unrecognized', async () => {
    await expect(
      client({ accessKeyId: 'local', secretAccessKey: 'local' }).send(
        new GenerateDataKeyCommand({ KeyId: kms.keyArn, KeySpec: 'AES_256' }),
      ),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException', $metadata: { httpStatusCode: 400 } });
  });

  it('refuses an unsigned request and an unknown operation', async () => {
    const unsigned = await fetch(kms.endpoint, {
      method: 'POST',
      headers: { 'x-amz-target': 'TrentService.Decrypt', 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
    const unknown = await fetch(kms.endpoint, {
      method: 'POST',
      headers: { authorization: 'AWS4-HMAC-SHA256 x', 'x-amz-target': 'TrentService.Encrypt' },
      body: '{}',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ __type: 'UnknownOperationException' });
  });
});
