import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, relative } from 'node:path';
import { acceptsEncoding } from '@rent/shared';
import { spaRoute } from '../lib/spa-routing.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built SPA like CloudFront does: app routes get index.html by the CloudFront function's own code
 * (infra/lib/spa-routing.ts), missing files 404, hashed assets are cached forever, and text is compressed with brotli
 * or gzip as the browser's Accept-Encoding allows. The compressed copies are made at build time
 * (web/build/precompress.ts writes them to `compressedRoot`, same relative paths plus .br/.gz).
 */
export function serveSpa(root: string, compressedRoot = `${root}-compressed`) {
  return (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const decoded = safeDecode(url.pathname);
    // No file can live at a path that is not valid percent-encoding (/%E0%A4%A): not found, not a crash.
    if (decoded === null) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const safePath = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    // CloudFront's own decision (the viewer-request function's code): an app route gets index.html, whatever its
    // last segment holds; a file request gets that file or a 404, never the app.
    const key = spaRoute(safePath);
    let file = join(root, key);
    if (!file.startsWith(root)) file = join(root, 'index.html');
    const isApp = file === join(root, 'index.html');
    if (!isApp && !(existsSync(file) && statSync(file).isFile())) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (!existsSync(file)) {
      res
        .writeHead(503, { 'content-type': 'text/plain' })
        .end('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    const immutable = !isApp && key.startsWith('/assets/');
    const encoded = compressedCopy(compressedRoot, relative(root, file), req.headers['accept-encoding']);
    const served = encoded?.file ?? file;
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'content-length': statSync(served).size,
      // Caches must keep the encodings apart (CloudFront's CachingOptimized policy does the same).
      vary: 'accept-encoding',
      ...(encoded ? { 'content-encoding': encoded.encoding } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(served).pipe(res);
  };
}

/** The encodings we have copies in, best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The best precompressed copy of `relativePath` the client accepts (RFC 9110 Accept-Encoding, q=0 refuses). */
export function compressedCopy(compressedRoot: string, relativePath: string, acceptEncoding: string | undefined) {
  const accepted = acceptedEncodings(acceptEncoding ?? '');
  for (const { encoding, suffix } of ENCODINGS) {
    if (!accepted.has(encoding)) continue;
    const file = join(compressedRoot, `${relativePath}${suffix}`);
    if (existsSync(file)) return { encoding, file };
  }
  return null;
}

export function acceptedEncodings(header: string): Set<string> {
  return new Set(ENCODINGS.map((e) => e.encoding).filter((name) => acceptsEncoding(header, name)));
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
