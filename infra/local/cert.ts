import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface Certificate {
  key: string;
  cert: string;
  certPath: string;
}

/**
 * Amplify hard-codes https:// before the OAuth domain, so the whole local origin is HTTPS. The
 * self-signed certificate is made on first run (valid for localhost and 127.0.0.1) and reused.
 */
export async function ensureCertificate(dir: string): Promise<Certificate> {
  mkdirSync(dir, { recursive: true });
  const keyPath = join(dir, 'localhost-key.pem');
  const certPath = join(dir, 'localhost-cert.pem');
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    const notAfter = new Date();
    notAfter.setFullYear(notAfter.getFullYear() + 2);
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate: notAfter,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    });
    writeFileSync(keyPath, pems.private, { mode: 0o600 });
    writeFileSync(certPath, pems.cert);
  }
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}
