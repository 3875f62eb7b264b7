import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, newAdmin } from '../support/api.js';

/** The raw bytes of a GET as they travel: no client here decodes them. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(`${baseUrl()}${path}`, { headers, ca: readFileSync(inject('certPath')) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('API answers compressed for a client that accepts gzip', () => {
  /** An organization of its own whose property list (12 addresses) is well over the 1,000 bytes gzip starts at. */
  let owner: Awaited<ReturnType<typeof newAdmin>>;
  beforeAll(async () => {
    owner = await newAdmin('gzip');
    for (let i = 1; i <= 12; i++) {
      const created = await owner.api.post('/api/properties', { address: `${i} Compression Court, Springfield` });
      expect(created.status).toBe(201);
    }
  });

  it('gzips a large answer when asked, sends it as it is otherwise, and leaves a small one alone', async () => {
    const authorization = `Bearer ${owner.token}`;

    const plain = await rawGet('/api/properties', { authorization });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Whether it is compressed depends on the request's Accept-Encoding, which a cache must keep apart.
    expect(plain.headers.vary).toBe('accept-encoding');
    const list = JSON.parse(plain.body.toString('utf8')) as { id: string }[];
    expect(list).toHaveLength(12);

    const gzipped = await rawGet('/api/properties', { authorization, 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);

    // Refused by quality 0: sent as it is.
    const refused = await rawGet('/api/properties', { authorization, 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);

    // A small answer is not worth gzip's header: it goes as it is, whatever is accepted.
    const small = await rawGet(`/api/properties/${list[0]!.id}/leases`, { authorization, 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1000);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(small.body.toString('utf8'))).not.toThrow();
  });

  it('answers every client the same: a fetch that accepts gzip reads the same JSON', async () => {
    const decoded = await owner.api.request('GET', '/api/properties', { headers: { 'accept-encoding': 'gzip' } });
    const identity = await owner.api.request('GET', '/api/properties', { headers: { 'accept-encoding': 'identity' } });
    expect(decoded.headers.get('content-encoding')).toBe('gzip');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(decoded.body).toEqual(identity.body);
  });
});
