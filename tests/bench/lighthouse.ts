import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import type { LocalStack } from '../../infra/local/stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from '../support/chromium.js';
import { kb, ms, percentile, table } from './stats.js';

/** Issue "Fast on a phone": the budgets each page is measured against. */
export const BUDGETS = { mobile: 90, desktop: 98, accessibility: 100, bestPractices: 96, cls: 0.05 };

const SIGNED_OUT_PAGES = ['/', '/signin'];
const SIGNED_IN_PAGES = ['/dashboard', '/transactions', '/properties', '/maintenance'];
const RUNS = 3;

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
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
    ['page', 'form', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes', 'budget'],
  ];
  await withBrowser(async (port) => {
    for (const path of SIGNED_OUT_PAGES) rows.push(...(await measure(stack.url, path, port)));
  });
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
    for (let i = 0; i < RUNS; i++) samples.push(await audit(`${baseUrl}${path}`, port, form));
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
      `>= ${BUDGETS[form]}, CLS < ${BUDGETS.cls}`,
    ]);
  }
  return rows;
}

async function audit(url: string, port: number, form: 'mobile' | 'desktop'): Promise<Sample> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  };
  const result = (await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined)) as RunnerResult;
  const { categories, audits } = result.lhr;
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
  };
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
