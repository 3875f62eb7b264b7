import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { webDist } from '../../infra/local/paths.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from '../support/chromium.js';
import { kb, ms, percentile, table } from './stats.js';

/** The budgets each page is measured against (docs/performance.md "Budgets"). */
export const BUDGETS = { mobile: 90, desktop: 98, accessibility: 100, bestPractices: 96, cls: 0.05 };
/** First-load JS and CSS (gzip) of /transactions. */
export const SIZE_BUDGETS = { js: 170 * 1024, css: 50 * 1024 };

/**
 * LIGHTHOUSE_REPORTS=<folder> keeps each run's JSON report there (open in https://googlechrome.github.io/lighthouse/viewer/)
 * and its trace; LIGHTHOUSE_PROFILE=1 adds JavaScript samples to the trace (which functions each long task ran; the
 * sampling slows the page, so its scores are not comparable).
 */
const PROFILE = !!process.env.LIGHTHOUSE_PROFILE;
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

/**
 * LIGHTHOUSE_PAGES=/dashboard,/transactions and LIGHTHOUSE_RUNS=1 narrow a run while working on one page;
 * LIGHTHOUSE_PAGES may name any page (those not signed out are measured signed in, e.g. /rules).
 */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const SIGNED_OUT = ['/', '/signin'];
const SIGNED_OUT_PAGES = ONLY_PAGES ? SIGNED_OUT.filter((p) => ONLY_PAGES.includes(p)) : SIGNED_OUT;
const SIGNED_IN_PAGES = ONLY_PAGES
  ? ONLY_PAGES.filter((p) => !SIGNED_OUT.includes(p))
  : ['/dashboard', '/transactions', '/properties', '/maintenance', '/cash-flow', '/reports', '/rental-history'];
export const RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 3;

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** gzip size of the scripts and stylesheets of /assets the page loaded (whatever the wire encoding). */
  jsGzip: number;
  cssGzip: number;
}

/**
 * Lighthouse 12 (default mobile settings: simulated slow 4G, 4x CPU; and its desktop preset) over the DevTools port of
 * a Chromium that signed in through the real sign-in page, as a person would. Storage is kept between runs (the
 * session lives in localStorage), so each signed-in page is measured as a returning, signed-in visitor. Median of
 * RUNS per page and form factor; printed beside the budgets, never asserted.
 */
export async function benchLighthouse(stack: LocalStack, email: string) {
  if (!hasChromium()) {
    console.log(`skipped: no Chromium at ${CHROMIUM_PATH}`);
    return;
  }
  const rows: (string | number)[][] = [
    ['page', 'form', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes', 'JS gz', 'CSS gz', 'budget'],
  ];
  if (SIGNED_OUT_PAGES.length > 0)
    await withBrowser(async (port) => {
      for (const path of SIGNED_OUT_PAGES) rows.push(...(await measure(stack.url, path, port)));
    });
  if (SIGNED_IN_PAGES.length > 0)
    await withBrowser(async (port, signIn) => {
      await signIn(stack.url, email);
      for (const path of SIGNED_IN_PAGES) rows.push(...(await measure(stack.url, path, port)));
    });
  table(rows);
}

async function withBrowser(
  fn: (port: number, signIn: (baseUrl: string, email: string) => Promise<void>) => Promise<void>,
) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'rent-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, '--ignore-certificate-errors'],
    ignoreHTTPSErrors: true,
  });
  try {
    await fn(port, async (baseUrl, email) => {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/signin`);
      await page.getByTestId('signin-google').click();
      await page.waitForURL(/\/oauth2\/authorize/);
      await page.getByLabel('Another email').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/dashboard/);
      await page.close();
    });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function measure(baseUrl: string, path: string, port: number) {
  const rows: (string | number)[][] = [];
  for (const form of ['mobile', 'desktop'] as const) {
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await audit(`${baseUrl}${path}`, port, form, i));
    const m = (pick: (s: Sample) => number) => median(samples.map(pick));
    rows.push([
      path,
      form,
      m((s) => s.performance),
      m((s) => s.accessibility),
      m((s) => s.bestPractices),
      ms(m((s) => s.fcp)),
      ms(m((s) => s.lcp)),
      ms(m((s) => s.tbt)),
      m((s) => s.cls).toFixed(3),
      kb(m((s) => s.bytes)),
      kb(m((s) => s.jsGzip)),
      kb(m((s) => s.cssGzip)),
      `>= ${BUDGETS[form]}, CLS < ${BUDGETS.cls}` +
        (path === '/transactions' ? `, JS <= ${kb(SIZE_BUDGETS.js)}, CSS <= ${kb(SIZE_BUDGETS.css)}` : ''),
    ]);
  }
  return rows;
}

async function audit(url: string, port: number, form: 'mobile' | 'desktop', run: number): Promise<Sample> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(PROFILE && { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }),
  };
  const result = (await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined)) as RunnerResult;
  const { categories, audits } = result.lhr;
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${form}-${run}.json`;
    writeFileSync(join(REPORTS, name), JSON.stringify(result.lhr));
    // The page's trace beside it (open in Chromium's Performance panel): what each long task ran.
    writeFileSync(join(REPORTS, name.replace(/\.json$/, '.trace.json')), JSON.stringify(result.artifacts.Trace));
  }
  const assets = loadedAssets(audits['network-requests']?.details);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
    jsGzip: gzipOf(assets.js),
    cssGzip: gzipOf(assets.css),
  };
}

/** The built files under /assets that the page requested, by kind. */
function loadedAssets(details: unknown): { js: string[]; css: string[] } {
  const items = ((details as { items?: { url?: string; resourceType?: string }[] } | undefined)?.items ?? []).flatMap(
    (item) => {
      const path = item.url ? new URL(item.url).pathname : '';
      return path.startsWith('/assets/') ? [{ path, type: item.resourceType }] : [];
    },
  );
  const pick = (type: string) => [...new Set(items.filter((i) => i.type === type).map((i) => i.path))];
  return { js: pick('Script'), css: pick('Stylesheet') };
}

const gzipCache = new Map<string, number>();
function gzipOf(paths: string[]): number {
  let total = 0;
  for (const path of paths) {
    const file = join(webDist, path);
    if (!gzipCache.has(path))
      gzipCache.set(path, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
    total += gzipCache.get(path)!;
  }
  return total;
}

const median = (values: number[]) => percentile(values, 50);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
