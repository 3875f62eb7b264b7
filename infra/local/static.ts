import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

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

/** Serves the built SPA like CloudFront does: hashed assets cached forever, unknown routes get index.html. */
export function serveSpa(root: string) {
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
    let file = join(root, safePath);
    if (!file.startsWith(root)) file = join(root, 'index.html');
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (extname(safePath)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      file = join(root, 'index.html');
    }
    if (!existsSync(file)) {
      res
        .writeHead(503, { 'content-type': 'text/plain' })
        .end('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    const immutable = safePath.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
