import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { config } from './config.js';

/**
 * KMS envelope encryption of secrets at rest (Plaid access tokens), the same code path in AWS and offline:
 * KMS GenerateDataKey (AES_256) under an encryption context that names the secret's owner, the plaintext
 * data key encrypts the secret with AES-256-GCM (the same context as additional authenticated data) and is
 * dropped; the item stores the ciphertext, IV, tag and the KMS-encrypted data key. Opening it asks KMS to
 * Decrypt the data key under the same context: a sealed value copied to another organization or institution
 * does not open. Offline KMS_ENDPOINT is the local stand-in (infra/local/kms.ts), which speaks KMS's own JSON
 * API, so this module cannot tell the difference.
 *
 * Nothing here logs, and no error thrown from here carries the secret or the data key.
 */
export interface SealedSecret {
  /** base64 of each part. */
  ciphertext: string;
  iv: string;
  tag: string;
  /** The data key, encrypted by KMS (its CiphertextBlob). */
  encryptedKey: string;
  /** The KMS key that encrypted the data key (an ARN). */
  keyId: string;
}

/** Who a secret belongs to; KMS binds the data key to it (kms:EncryptionContext). */
export type SecretContext = Record<string, string>;

export class SecretUnavailable extends Error {
  constructor(reason: string) {
    super(`A stored secret could not be opened: ${reason}`);
    this.name = 'SecretUnavailable';
  }
}

let client: KMSClient | undefined;
function kms(): KMSClient {
  if (client) return client;
  const { AWS_REGION, KMS_ENDPOINT } = config();
  // Credentials come from the environment, as for every AWS client here: the function's role in AWS, the local
  // stack's key pair offline (the only one its KMS stand-in accepts).
  client = new KMSClient({ region: AWS_REGION, ...(KMS_ENDPOINT && { endpoint: KMS_ENDPOINT }) });
  return client;
}

function keyId(): string {
  const id = config().PLAID_TOKEN_KEY_ID;
  if (!id) throw new Error('PLAID_TOKEN_KEY_ID is not set for this function');
  return id;
}

/** The context in a canonical order, as the AES-GCM additional data (KMS itself ignores the order). */
const aad = (context: SecretContext) =>
  Buffer.from(
    JSON.stringify(
      Object.keys(context)
        .sort()
        .map((k) => [k, context[k]]),
    ),
  );

export async function sealSecret(secret: string, context: SecretContext): Promise<SealedSecret> {
  const { Plaintext, CiphertextBlob, KeyId } = await kms().send(
    new GenerateDataKeyCommand({ KeyId: keyId(), KeySpec: 'AES_256', EncryptionContext: context }),
  );
  if (!Plaintext || !CiphertextBlob) throw new SecretUnavailable('KMS returned no data key');
  const dataKey = Buffer.from(Plaintext);
  try {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
    cipher.setAAD(aad(context));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return {
      ciphertext: ciphertext.toString('base64'),
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      encryptedKey: Buffer.from(CiphertextBlob).toString('base64'),
      keyId: KeyId ?? keyId(),
    };
  } finally {
    dataKey.fill(0);
    Plaintext.fill(0);
  }
}

export async function openSecret(sealed: SealedSecret, context: SecretContext): Promise<string> {
  let dataKey: Buffer;
  try {
    const { Plaintext } = await kms().send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(sealed.encryptedKey, 'base64'),
        KeyId: sealed.keyId,
        EncryptionContext: context,
      }),
    );
    if (!Plaintext) throw new SecretUnavailable('KMS returned no data key');
    dataKey = Buffer.from(Plaintext);
    Plaintext.fill(0);
  } catch (error) {
    if (error instanceof SecretUnavailable) throw error;
    // KMS's own error names (InvalidCiphertextException, AccessDeniedException...) say enough; never its payload.
    throw new SecretUnavailable(`KMS refused the data key (${(error as { name?: string }).name ?? 'error'})`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(aad(context));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretUnavailable('the ciphertext does not match its tag');
  } finally {
    dataKey.fill(0);
  }
}
