import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { webDist } from '../../infra/local/paths.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from '../support/chromium.js';
import { calibrated, calibrationLabel } from './rules-engine.js';
import { kb, ms, percentile, table } from './stats.js';

/** The budgets each page is measured against (docs/performance.md "Budgets"). */
export const BUDGETS = { mobile: 90, desktop: 98, accessibility: 100, bestPractices: 96, cls: 0.05 };

/**
 * LIGHTHOUSE_REPORTS=<folder> keeps each run's JSON report there (open in https://googlechrome.github.io/lighthouse/viewer/)
 * and its trace; LIGHTHOUSE_PROFILE=1 adds JavaScript samples to the trace (which functions each long task ran; the
 * sampling slows the page, so its scores are not comparable).
 */
const PROFILE = !!process.env.LIGHTHOUSE_PROFILE;
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

/**
 * Every signed-in page of web/src/app/routes.tsx, as the demo landlord, and the tenant's own pages as the demo tenant.
 * The app has no page per property: a property is its row in /properties (opened in a drawer) and its ledger,
 * /transactions?propertyId=..., which stands for "a property page" here. Each report tab is in the address (a link or
 * a bookmark opens it), so each is measured as a page; the members are a section of /org-settings. Mobile and desktop, RUNS each: about 20 s a run on the 2-core machine,
 * so the whole section takes about 50 minutes; LIGHTHOUSE_FORMS=mobile halves it.
 */
const LANDLORD = 'lena.landlord@demo.rent.today';
const TENANT = 'tara.tenant@demo.rent.today';
const SIGNED_IN: { email: string; as: string; paths: string[] }[] = [
  {
    email: LANDLORD,
    as: 'landlord',
    paths: [
      '/dashboard',
      '/transactions',
      '/transactions?propertyId=prop-maple-12',
      '/properties',
      '/maintenance',
      '/cash-flow',
      '/reports',
      '/reports?tab=rent-roll',
      '/reports?tab=schedule-e',
      '/reports?tab=depreciation',
      '/reports?tab=aging',
      '/reports?tab=deposits',
      '/reports?tab=transactions-by-category',
      '/transactions/rules',
      '/transactions/reconcile',
      '/org-settings',
      '/rental-history',
      '/settings/account',
      '/settings/preferences',
      '/settings/notifications',
      '/settings/security',
    ],
  },
  { email: TENANT, as: 'tenant', paths: ['/dashboard', '/rental-history', '/maintenance'] },
];
const SIGNED_OUT = ['/', '/signin'];

/**
 * LIGHTHOUSE_PAGES=/dashboard,tenant:/rental-history and LIGHTHOUSE_RUNS=1 narrow a run while working on one page (a
 * page named without `tenant:` is measured as the landlord; any page may be named); LIGHTHOUSE_FORMS=mobile leaves
 * out the desktop runs.
 */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const SIGNED_OUT_PAGES = ONLY_PAGES ? SIGNED_OUT.filter((p) => ONLY_PAGES.includes(p)) : SIGNED_OUT;
const SIGNED_IN_PAGES = SIGNED_IN.map((person) => ({
  ...person,
  paths: ONLY_PAGES
    ? ONLY_PAGES.flatMap((page) => {
        const [as, path] = page.includes(':') ? page.split(':', 2) : ['landlord', page];
        return as === person.as && !SIGNED_OUT.includes(path!) ? [path!] : [];
      })
    : person.paths,
})).filter((person) => person.paths.length > 0);
const FORMS = (process.env.LIGHTHOUSE_FORMS?.split(',') ?? ['mobile', 'desktop']).filter(
  (f): f is 'mobile' | 'desktop' => f === 'mobile' || f === 'desktop',
);
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
  /**
   * Lighthouse's benchmarkIndex of the run: how fast this machine was at that moment (a fixed JavaScript loop). The
   * 4x CPU slowdown is applied on top of it, so a score only compares with scores of a similar index (Lighthouse's
   * reference mobile calibration is around 1,000-1,500; a loaded shared machine drops well below).
   */
  benchmarkIndex: number;
}

/**
 * Lighthouse 12 (default mobile settings: simulated slow 4G, 4x CPU; and its desktop preset) over the DevTools port of
 * a Chromium that signed in through the real sign-in page, as a person would. Storage is kept between runs (the
 * session lives in localStorage), so each signed-in page is measured as a returning, signed-in visitor. Median of
 * RUNS per page and form factor; printed beside the budgets, never asserted.
 */
export async function benchLighthouse(stack: LocalStack) {
  if (!hasChromium()) {
    console.log(`skipped: no Chromium at ${CHROMIUM_PATH}`);
    return;
  }
  const rows: (string | number)[][] = [
    [
      'page',
      'as',
      'form',
      'perf',
      'a11y',
      'best pr.',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'bytes',
      'JS gz',
      'CSS gz',
      'bench idx',
      'budget',
    ],
  ];
  const started = performance.now();
  // The rule engine's calibration before and after, beside Lighthouse's own benchmarkIndex per run: the same machine
  // figure the CPU-bound budgets of the other sections are scaled by.
  const { calibration } = await calibrated(async () => {
    if (SIGNED_OUT_PAGES.length > 0)
      await withBrowser(async (port) => {
        for (const path of SIGNED_OUT_PAGES) rows.push(...(await measure(stack.url, path, 'visitor', port)));
      });
    for (const person of SIGNED_IN_PAGES)
      await withBrowser(async (port, signIn) => {
        await signIn(stack.url, person.email);
        for (const path of person.paths) rows.push(...(await measure(stack.url, path, person.as, port)));
      });
  });
  console.log(`\nmedians of ${RUNS} (bench idx: the runs' median benchmarkIndex, min-max)`);
  console.log(`calibration: ${calibrationLabel(calibration)}`);
  table(rows);
  console.log(`${rows.length - 1} rows in ${(Math.round((performance.now() - started) / 6000) / 10).toFixed(1)} min`);
}

async function withBrowser(
  fn: (
    port: number,
    signIn: (baseUrl: string, email: string) => Promise<void>,
    context: BrowserContext,
  ) => Promise<void>,
) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'rent-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, '--ignore-certificate-errors'],
    ignoreHTTPSErrors: true,
  });
  try {
    await fn(
      port,
      async (baseUrl, email) => {
        const page = await context.newPage();
        await page.goto(`${baseUrl}/signin`);
        await page.getByTestId('signin-google').click();
        await page.waitForURL(/\/oauth2\/authorize/);
        await page.getByLabel('Another email').fill(email);
        await page.getByRole('button', { name: 'Continue' }).click();
        // Staff land on the dashboard; a tenant without a staff role may land elsewhere signed in. The return from the
        // provider is at once a page of the app, and its code is exchanged for the tokens after that: closing the page
        // then left no session, and every page after it measured the sign-in page it was sent to.
        await page.waitForURL((url) => !/\/(signin|oauth2)/.test(url.pathname));
        await page.waitForFunction(() =>
          Object.keys(localStorage).some(
            (key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken'),
          ),
        );
        await page.close();
      },
      context,
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function measure(baseUrl: string, path: string, as: string, port: number) {
  const rows: (string | number)[][] = [];
  for (const form of FORMS) {
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = await audit(`${baseUrl}${path}`, port, form, i, as);
      samples.push(s);
      console.log(
        `${path} (${as}, ${form}) run ${i + 1}: perf ${s.performance}, TBT ${ms(s.tbt)}, LCP ${ms(s.lcp)}, ` +
          `benchmarkIndex ${Math.round(s.benchmarkIndex)}`,
      );
    }
    const m = (pick: (s: Sample) => number) => median(samples.map(pick));
    const indexes = samples.map((s) => Math.round(s.benchmarkIndex));
    rows.push([
      path,
      as,
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
      `${m((s) => Math.round(s.benchmarkIndex))} (${Math.min(...indexes)}-${Math.max(...indexes)})`,
      `>= ${BUDGETS[form]}, CLS < ${BUDGETS.cls}`,
    ]);
  }
  return rows;
}

async function audit(url: string, port: number, form: 'mobile' | 'desktop', run: number, as: string): Promise<Sample> {
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
  const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (as !== 'visitor' && landed === '/signin') {
    throw new Error(
      `${url} as ${as}: the page sent the visitor to sign in, so its figures would be the sign-in page's`,
    );
  }
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const { pathname, search } = new URL(url);
    const name = `${`${pathname}${search}`.replace(/\W+/g, '_') || '_'}-${as}-${form}-${run}.json`;
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
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
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

/** Loads per page of `npm run bench -- blocking` (BLOCKING_LOADS=n). */
const BLOCKING_LOADS = Number(process.env.BLOCKING_LOADS) || 5;
/** Lighthouse's mobile device: its screen and its 4x CPU slowdown, here applied by Chromium itself. */
const PHONE_SCREEN = { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75 };
/** The load is over when no request has been in flight for this long. */
const QUIET_MS = 1_000;

/**
 * `npm run bench -- blocking` (LIGHTHOUSE_PAGES narrows it as it does Lighthouse): each page's main-thread blocking
 * on a phone, measured rather than simulated. Chromium runs the page at 4x CPU slowdown on Lighthouse's mobile screen,
 * and the page's own long-task observer adds up each task's time past 50 ms from the navigation until the network has
 * been quiet for a second: what Lighthouse's TBT estimates from a trace at full speed. Medians of BLOCKING_LOADS
 * loads, as the signed-in demo people. No budget (Lighthouse's score is the budget); it is the steadier figure to
 * judge a change that removes work by, side by side with the build before (docs/performance.md "Measuring").
 */
export async function benchBlocking(stack: LocalStack) {
  if (!hasChromium()) {
    console.log(`skipped: no Chromium at ${CHROMIUM_PATH}`);
    return;
  }
  const rows: (string | number)[][] = [['page', 'as', 'blocking', 'min-max', 'long tasks']];
  const { calibration } = await calibrated(async () => {
    for (const person of SIGNED_IN_PAGES)
      await withBrowser(async (_port, signIn, context) => {
        await signIn(stack.url, person.email);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setDeviceMetricsOverride', PHONE_SCREEN);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript(() => {
          const tasks: number[] = [];
          (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push(entry.duration);
          }).observe({ type: 'longtask', buffered: true });
        });
        const quiet = networkQuietOf(page);
        // One load first, not counted: the app's files in the browser's cache, as for a returning visitor.
        await page.goto(`${stack.url}${person.paths[0]}`);
        await quiet();
        for (const path of person.paths) {
          const loads: { blocking: number; tasks: number }[] = [];
          for (let i = 0; i < BLOCKING_LOADS; i++) {
            await page.goto('about:blank');
            await page.goto(`${stack.url}${path}`);
            await quiet();
            const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
            loads.push({ blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0), tasks: tasks.length });
          }
          const blocking = loads.map((l) => l.blocking);
          console.log(`${path} (${person.as}) blocking ${blocking.map((b) => Math.round(b)).join(', ')} ms`);
          rows.push([
            path,
            person.as,
            ms(median(blocking)),
            `${Math.round(Math.min(...blocking))}-${Math.round(Math.max(...blocking))} ms`,
            median(loads.map((l) => l.tasks)),
          ]);
        }
        await page.close();
      });
  });
  console.log(`\nmedians of ${BLOCKING_LOADS} loads at 4x CPU on a phone's screen`);
  console.log(`calibration: ${calibrationLabel(calibration)}`);
  table(rows);
}

/** Waits until no request of the page has been in flight for QUIET_MS. */
function networkQuietOf(page: Page) {
  const inFlight = new Set<unknown>();
  let changedAt = Date.now();
  const change = (add: boolean) => (request: unknown) => {
    if (add) inFlight.add(request);
    else inFlight.delete(request);
    changedAt = Date.now();
  };
  page.on('request', change(true));
  page.on('requestfinished', change(false));
  page.on('requestfailed', change(false));
  return async () => {
    for (;;) {
      const quietFor = Date.now() - changedAt;
      if (inFlight.size === 0 && quietFor >= QUIET_MS) return;
      await new Promise((next) => setTimeout(next, inFlight.size > 0 ? 50 : QUIET_MS - quietFor));
    }
  };
}
