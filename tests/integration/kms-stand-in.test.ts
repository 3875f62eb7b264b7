import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient, type KMSClientConfig } from '@aws-sdk/client-kms';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';

/**
 * The KMS stand-in is as strict as KMS about who calls it (docs/offline-stack.md "Other stand-ins"): every call needs
 * a SigV4 signature, scoped to kms, by the key pair the handlers' KMS client signs with offline, and none is taken from
 * a browser. Before, any `Authorization: AWS4-HMAC-SHA256 …` header was enough to get a data key or to decrypt one
 * (the Plaid access tokens are sealed under them).
 */
const endpoint = inject('kmsEndpoint');
const keyArn = inject('plaidTokenKeyId');
/** What functions/src/lib/secrets.ts's KMSClient signs with offline: the stack's pair, from the environment. */
const HANDLER_CREDENTIALS = LOCAL.credentials;
const context = { organizationId: 'org-kms-test', institutionId: 'inst-kms-test' };

/** The KMS client exactly as functions/src/lib/secrets.ts makes it offline. */
function kmsClient(overrides: Partial<KMSClientConfig> = {}) {
  return new KMSClient({
    region: LOCAL.region,
    endpoint,
    credentials: HANDLER_CREDENTIALS,
    maxAttempts: 1,
    ...overrides,
  });
}

/** A data key made by a correctly signed call: its plaintext and the blob that decrypts to it. */
async function dataKey() {
  const generated = await kmsClient().send(
    new GenerateDataKeyCommand({ KeyId: keyArn, KeySpec: 'AES_256', EncryptionContext: context }),
  );
  return { plaintext: Buffer.from(generated.Plaintext!), blob: Buffer.from(generated.CiphertextBlob!) };
}

/** A raw call, as any process on the machine (or a page in the developer's browser) could send it. */
async function call(operation: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') {
  const res = await fetch(endpoint, {
    method,
    body: method === 'POST' ? JSON.stringify(body) : undefined,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `TrentService.${operation}`,
      ...headers,
    },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, string>) : {} };
}

const amzDate = () => new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
const generateBody = { KeyId: keyArn, KeySpec: 'AES_256', EncryptionContext: context };

describe('the KMS stand-in refuses calls not signed by the handlers’ key pair', () => {
  it('no Authorization header: 400 MissingAuthenticationTokenException, no data key', async () => {
    const { blob } = await dataKey();
    for (const [operation, body] of [
      ['GenerateDataKey', generateBody],
      ['Decrypt', { CiphertextBlob: blob.toString('base64'), EncryptionContext: context }],
    ] as const) {
      const res = await call(operation, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        __type: 'MissingAuthenticationTokenException',
        message: 'Missing Authentication Token',
      });
      expect(res.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    }
  });

  it.each([
    [
      'a bare "AWS4-HMAC-SHA256 x" header',
      'IncompleteSignatureException',
      () => ({ authorization: 'AWS4-HMAC-SHA256 x' }),
    ],
    [
      'a well-formed header with a made-up signature',
      'InvalidSignatureException',
      () => ({
        authorization: `AWS4-HMAC-SHA256 Credential=${HANDLER_CREDENTIALS.accessKeyId}/${amzDate().slice(0, 8)}/${LOCAL.region}/kms/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=${'0'.repeat(64)}`,
        'x-amz-date': amzDate(),
      }),
    ],
  ])('%s: 400 %s for GenerateDataKey and for Decrypt, no plaintext', async (_, type, headers) => {
    const { blob } = await dataKey();
    const generated = await call('GenerateDataKey', generateBody, headers());
    expect(generated.status).toBe(400);
    expect(generated.body.__type).toBe(type);
    expect(generated.body.message).toEqual(expect.any(String));
    expect(generated.body.Plaintext).toBeUndefined();
    const decrypted = await call(
      'Decrypt',
      { CiphertextBlob: blob.toString('base64'), EncryptionContext: context },
      headers(),
    );
    expect(decrypted.status).toBe(400);
    expect(decrypted.body.__type).toBe(type);
    expect(decrypted.body.Plaintext).toBeUndefined();
  });

  it.each([
    [
      'the right access key and a wrong secret',
      'InvalidSignatureException',
      { ...HANDLER_CREDENTIALS, secretAccessKey: 'wrong' },
    ],
    [
      'an access key the stand-in does not know',
      'UnrecognizedClientException',
      { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'x' },
    ],
    ['session credentials', 'UnrecognizedClientException', { ...HANDLER_CREDENTIALS, sessionToken: 'token' }],
  ])('the real SDK signing with %s: %s (Decrypt and GenerateDataKey)', async (_, name, credentials) => {
    const { blob } = await dataKey();
    const client = kmsClient({ credentials });
    await expect(
      client.send(new DecryptCommand({ CiphertextBlob: blob, EncryptionContext: context })),
    ).rejects.toMatchObject({ name, $metadata: { httpStatusCode: 400 } });
    await expect(client.send(new GenerateDataKeyCommand(generateBody as never))).rejects.toMatchObject({ name });
  });

  it('a Decrypt signed for one blob and sent with another (body swapped after signing): InvalidSignatureException', async () => {
    const mine = await dataKey();
    const theirs = await dataKey();
    const client = kmsClient();
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body: string };
        request.body = JSON.stringify({ CiphertextBlob: theirs.blob.toString('base64'), EncryptionContext: context });
        return next(args);
      },
      { step: 'deserialize', name: 'swapBodyAfterSigning' },
    );
    await expect(
      client.send(new DecryptCommand({ CiphertextBlob: mine.blob, EncryptionContext: context })),
    ).rejects.toMatchObject({ name: 'InvalidSignatureException' });
  });

  it('a signature scoped to another service (cognito-idp) is not a kms one: InvalidSignatureException', async () => {
    // The Cognito SDK signs for cognito-idp; the target is rewritten before signing, so only the scope is wrong.
    const cognito = new CognitoIdentityProviderClient({
      region: LOCAL.region,
      endpoint,
      credentials: HANDLER_CREDENTIALS,
      maxAttempts: 1,
    });
    cognito.middlewareStack.add(
      (next) => async (args) => {
        (args.request as { headers: Record<string, string> }).headers['x-amz-target'] = 'TrentService.GenerateDataKey';
        return next(args);
      },
      { step: 'build', name: 'kmsCallSignedForCognito' },
    );
    const error = await cognito
      .send(new AdminDeleteUserCommand({ UserPoolId: 'x', Username: 'y' }))
      .catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'InvalidSignatureException' });
    expect((error as Error).message).toBe("Credential should be scoped to correct service: 'kms'.");
  });

  it('a signature older than five minutes: InvalidSignatureException "Signature expired"', async () => {
    const error = await kmsClient({ systemClockOffset: -10 * 60_000 })
      .send(new GenerateDataKeyCommand(generateBody as never))
      .catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'InvalidSignatureException' });
    expect((error as Error).message).toMatch(/^Signature expired: /);
  });

  it('a correctly signed call from a browser (an Origin header): AccessDeniedException, no CORS', async () => {
    const { blob } = await dataKey();
    const client = kmsClient();
    client.middlewareStack.add(
      (next) => async (args) => {
        (args.request as { headers: Record<string, string> }).headers.origin = 'https://evil.example';
        return next(args);
      },
      { step: 'build', name: 'browserOrigin' },
    );
    await expect(
      client.send(new DecryptCommand({ CiphertextBlob: blob, EncryptionContext: context })),
    ).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });

    const raw = await call('Decrypt', { CiphertextBlob: blob.toString('base64') }, { origin: 'https://evil.example' });
    expect(raw.status).toBe(400);
    expect(raw.body.__type).toBe('AccessDeniedException');
    expect(raw.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call(
      'Decrypt',
      null,
      { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(400);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });
});

describe('the KMS stand-in answers calls signed as the handlers sign them', () => {
  it('GenerateDataKey then Decrypt through the real @aws-sdk/client-kms: the same 32 bytes', async () => {
    const client = kmsClient();
    const generated = await client.send(
      new GenerateDataKeyCommand({ KeyId: LOCAL.plaidTokenKeyAlias, KeySpec: 'AES_256', EncryptionContext: context }),
    );
    expect(generated.KeyId).toBe(keyArn);
    expect(generated.Plaintext).toHaveLength(32);
    const decrypted = await client.send(
      new DecryptCommand({ CiphertextBlob: generated.CiphertextBlob, KeyId: keyArn, EncryptionContext: context }),
    );
    expect(Buffer.from(decrypted.Plaintext!).equals(Buffer.from(generated.Plaintext!))).toBe(true);
    // The signature check comes first; KMS's own checks still answer after it.
    await expect(
      client.send(new DecryptCommand({ CiphertextBlob: generated.CiphertextBlob, EncryptionContext: {} })),
    ).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
  });

  it.each(['Encrypt', 'constructor', 'toString'])(
    'TrentService.%s, correctly signed: UnknownOperationException (only its own operations run)',
    async (operation) => {
      const client = kmsClient();
      client.middlewareStack.add(
        (next) => async (args) => {
          (args.request as { headers: Record<string, string> }).headers['x-amz-target'] = `TrentService.${operation}`;
          return next(args);
        },
        { step: 'build', name: 'otherOperation' },
      );
      await expect(client.send(new GenerateDataKeyCommand(generateBody as never))).rejects.toMatchObject({
        name: 'UnknownOperationException',
        $metadata: { httpStatusCode: 400 },
      });
    },
  );

  it('the handlers’ own module (functions/src/lib/secrets.ts) seals and opens a secret', async () => {
    process.env.KMS_ENDPOINT = endpoint;
    process.env.PLAID_TOKEN_KEY_ID = keyArn;
    const { openSecret, sealSecret } = await import('../../functions/src/lib/secrets.js');
    const sealed = await sealSecret('access-sandbox-kms-stand-in', context);
    expect(sealed.keyId).toBe(keyArn);
    await expect(openSecret(sealed, context)).resolves.toBe('access-sandbox-kms-stand-in');
  });
});
