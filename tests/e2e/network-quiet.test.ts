import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkQuiet, useBrowser } from './browser.js';

/**
 * networkQuiet is what the browser tests wait on before they read a page, so its rule is tested on its own: it waits
 * for the requests of the document the page shows, and not for those of a document the page has left, which the
 * browser cancels without saying so when a route is set. The pages here come from a small server of the test's own,
 * whose scripts answer a second late: the app's own pages start requests only while they load, too briefly to pin
 * down.
 */
const SLOW_SCRIPT_MS = 1_000;

const DOCUMENTS: Record<string, string> = {
  // Starts a script request in every task, as a page still loading its parts does, until the page is left.
  '/busy': `<p>busy</p><script>
    const next = new MessageChannel();
    let n = 0;
    next.port1.onmessage = () => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = '/part-' + n++ + '.js';
      document.head.appendChild(link);
      next.port2.postMessage(0);
    };
    next.port2.postMessage(0);
  </script>`,
  // Asks for one slow script once it has loaded.
  '/one-late': `<p>one late</p><script>
    addEventListener('load', () => fetch('/late.js').then(() => { document.body.dataset.done = 'yes'; }));
  </script>`,
};

describe('networkQuiet', () => {
  const browser = useBrowser();
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const document = DOCUMENTS[request.url ?? ''];
      if (document) return void response.writeHead(200, { 'content-type': 'text/html' }).end(document);
      setTimeout(
        () => response.writeHead(200, { 'content-type': 'text/javascript' }).end('export {};'),
        SLOW_SCRIPT_MS,
      );
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('waits for a request of the document on screen', async () => {
    const { page } = await browser.newPage();
    const asked = page.waitForRequest('**/late.js');
    await page.goto(`${origin}/one-late`);
    await asked;
    await networkQuiet(page);
    expect(await page.evaluate(() => document.body.dataset.done)).toBe('yes');
  });

  it('does not wait for the requests of a document the page has left while a route is set', async () => {
    const { page } = await browser.newPage();
    // Any route will do (the layout-shift tests slow the API's answers): with one set, Playwright reports some of the
    // left document's requests only after the next document has come, and never their end.
    await page.route('**/api/**', (route) => route.fallback());
    await page.goto(`${origin}/busy`);
    // Left while it keeps asking: it starts requests after the next document's request has gone out, too.
    await page.goto(`${origin}/one-late`);
    await networkQuiet(page);
    expect(await page.evaluate(() => document.body.dataset.done)).toBe('yes');
  });
});
