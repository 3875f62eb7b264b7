import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaRoute } from '../../infra/lib/spa-routing.js';
import { repoRoot } from '../../infra/local/paths.js';
import { serveSpa } from '../../infra/local/static.js';

/**
 * SPA routing (docs/deploy.md "SPA routing"): the CloudFront function's code (infra/lib/spa-routing.ts) sends an app
 * route to /index.html whatever its last segment holds, and a file request to its object; the local origin serves
 * by the same decision, so a missing file is a 404 there as in AWS, never the app.
 */
const files = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
      )
    : [];

describe('the CloudFront function decides app route or file', () => {
  it.each([
    '/',
    '/dashboard',
    '/org-settings',
    '/settings/notifications',
    '/invite/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg',
    // An unsubscribe link: <base64url(userId)>.<KIND>.<signature>
    '/unsubscribe/dXNlci0x.REVIEW_REQUESTED.gDr5SFfCgIRMSW7_ijhEfja_vkRwRaHCoDgjSNqjrO8',
    '/properties/v1.2',
    '/help.',
  ])('%s is an app route: /index.html', (uri) => {
    expect(spaRoute(uri)).toBe('/index.html');
  });

  it.each([
    '/index.html',
    '/config.json',
    '/favicon.svg',
    '/robots.txt',
    '/site.webmanifest',
    '/LOGO.SVG',
    '/assets/index-abc123.js',
    '/assets/missing-chunk.css',
    '/assets/no-extension',
    '/assets/x.REVIEW_REQUESTED.sig',
  ])('%s is a file: its own object (a missing one is not found, never the app)', (uri) => {
    expect(spaRoute(uri)).toBe(uri);
  });

  it('routes every file of the build to itself (web/public, and web/dist when it is built)', () => {
    const roots = [join(repoRoot, 'web', 'public'), join(repoRoot, 'web', 'dist')];
    const built = roots.flatMap((root) => files(root).map((file) => `/${relative(root, file).split('\\').join('/')}`));
    expect(built.length).toBeGreaterThan(0);
    for (const uri of built) expect(spaRoute(uri), uri).toBe(uri);
  });
});

describe('the local origin serves by the same decision', () => {
  const root = mkdtempSync(join(tmpdir(), 'rent-spa-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  const spa = serveSpa(root, join(root, 'none'));
  const server = createServer((req, res) => spa(req, res, new URL(req.url ?? '/', 'http://localhost')));
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };

  it('serves the app for app routes, dots in the last segment or not', async () => {
    for (const path of ['/', '/org-settings', '/unsubscribe/dXNlci0x.REVIEW_CLOSED.c2lnbmF0dXJl', '/v1.2']) {
      expect(await get(path), path).toEqual({
        status: 200,
        type: 'text/html; charset=utf-8',
        body: '<div id="root"></div>',
      });
    }
  });

  it('serves files that exist and answers 404 to those that do not', async () => {
    expect((await get('/assets/app-1.js')).body).toBe('console.log(1)');
    expect((await get('/favicon.svg')).body).toBe('<svg/>');
    for (const path of ['/assets/app-2.js', '/assets/gone', '/missing.png', '/config.json']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
