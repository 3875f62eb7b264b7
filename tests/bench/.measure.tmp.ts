// Temporary measuring script (not committed).
import { chromium } from 'playwright-core';
import { startLocalStack } from '../../infra/local/stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const stack = await startLocalStack({ port: 0, persist: false, seed: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport, isMobile: viewport.width < 640, hasTouch: viewport.width < 640 });
    const page = await context.newPage();
    await page.goto(`${stack.url}/signin`);
    await page.getByTestId('signin-google').click();
    await page.waitForURL(/\/oauth2\/authorize/);
    await page.getByLabel('Another email').fill('lena.landlord@demo.rent.today');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.addInitScript(() => {
      const w = window as any; w.__s = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) if (!e.hadRecentInput) w.__s.push({ v: +e.value.toFixed(4), t: Math.round(e.startTime), src: e.sources.map((s: any) => { const n = s.node; if (!n || !n.tagName) return '?'; const tid = n.closest('[data-testid]')?.getAttribute('data-testid'); return `${n.tagName}${tid ? '[' + tid + ']' : ''} ${JSON.stringify(s.previousRect.y)}->${JSON.stringify(s.currentRect.y)} h${s.previousRect.height}->${s.currentRect.height} "${(n.textContent || '').slice(0, 30)}"`; }) }); }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of (process.env.PAGES ?? '/dashboard,/transactions').split(',')) {
      await page.goto(`${stack.url}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      const out = await page.evaluate((sel) => ({
        shifts: (window as any).__s,
        heights: sel.map((s) => [s, Array.from(document.querySelectorAll(s)).map((e) => Math.round(e.getBoundingClientRect().height))]),
      }), (process.env.SEL ?? '').split(',').filter(Boolean));
      console.log(viewport.width, path, JSON.stringify(out, null, 0));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
