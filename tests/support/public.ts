import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';
import { baseUrl } from './api.js';

/**
 * A request from a client address of our choosing on the loopback range (the server listens on 127.0.0.1;
 * the connection leaves from `localAddress`), so one test can exhaust a per-address limit without touching
 * the others. node:https, because undici's connector ignores localAddress.
 */
export function fromAddress(localAddress: string) {
  const ca = readFileSync(inject('certPath'));
  const { port } = new URL(baseUrl());
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const req = request(
        {
          method,
          host: '127.0.0.1',
          port,
          path,
          ca,
          servername: 'localhost',
          localAddress,
          headers: { ...(payload !== undefined && { 'content-type': 'application/json' }), ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {}
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

let s3: S3Client | undefined;
/** How many objects the receipts bucket holds under a prefix (s3rver directly). */
export async function countObjects(prefix: string): Promise<number> {
  s3 ??= new S3Client({
    region: LOCAL.region,
    endpoint: inject('s3Endpoint'),
    forcePathStyle: true,
    credentials: LOCAL.credentials,
  });
  let count = 0;
  let ContinuationToken: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: LOCAL.receiptsBucket, Prefix: prefix, ContinuationToken }),
    );
    count += page.KeyCount ?? 0;
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return count;
}
