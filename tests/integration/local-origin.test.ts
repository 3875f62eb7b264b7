import { readdirSync, readFileSync } from 'node:fs';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { webDist } from '../../infra/local/paths.js';

/** The one local origin as a browser sees it: HTTP/2, compressed and cached as CloudFront serves it. */
describe('the local origin over HTTP/2', () => {
  const session = connect(inject('baseUrl'), { ca: readFileSync(inject('certPath')) });
  afterAll(() => session.close());

  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const stream = session.request({ ':path': path, ...headers });
      const chunks: Buffer[] = [];
      let responseHeaders: IncomingHttpHeaders = {};
      stream.on('response', (h) => {
        responseHeaders = h;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ headers: responseHeaders, body: Buffer.concat(chunks) }));
      stream.on('error', reject);
      stream.end();
    });
  }

  it('serves the app shell brotli-compressed to a browser that accepts it, revalidated on every load', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers[':status']).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toContain('<div id="root">');
  });

  it('serves hashed assets gzip-compressed when brotli is not accepted, cached for a year', async () => {
    const script = readdirSync(join(webDist, 'assets')).find((f) => f.endsWith('.js'))!;
    const res = await get(`/assets/${script}`, { 'accept-encoding': 'gzip' });
    expect(res.headers[':status']).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('routes /api over HTTP/2 to the gateway with the same answers', async () => {
    const res = await get('/api/organization');
    expect(res.headers[':status']).toBe(401);
    expect(JSON.parse(res.body.toString())).toEqual({ message: 'Unauthorized' });
  });
});
