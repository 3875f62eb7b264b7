import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../support/chromium.js';

const require = createRequire(import.meta.url);
// Injected through the DevTools protocol, which the page's CSP (script-src 'self') does not block.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * One Chromium per worker process, not per file: the browser files share their worker (`isolate: false`, and
 * playwright-core is loaded once per process), and a launch cost each file about 0.6 CPU-seconds of a machine the
 * browser run keeps busy. Playwright closes it when the worker exits. One that crashed is launched again.
 */
const shared = globalThis as { rentTodayChromium?: Promise<Browser> };

async function chromiumOfThisWorker(): Promise<Browser> {
  const running = await shared.rentTodayChromium?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared.rentTodayChromium = chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS });
  return shared.rentTodayChromium;
}

/**
 * Each test gets a fresh context (no shared cookies, storage or cache); a file's contexts are closed after it, so
 * nothing it opened reaches the next file in the same browser.
 *
 * Every page prefers reduced motion, which Cloudscape and our own styles honour by dropping their transitions.
 * Playwright calls an element stable after one pair of animation frames with the same box. A transition whose easing
 * starts flat (Cloudscape's 0.84, 0, 0.16, 1) can give that pair before it moves on a loaded machine, and the
 * click then lands where the element was: a silent no-op (docs/offline-stack.md "The test stack").
 */
export function useBrowser() {
  const state: { browser?: Browser; contexts: BrowserContext[] } = { contexts: [] };
  beforeAll(async () => {
    state.browser = await chromiumOfThisWorker();
  });
  afterAll(async () => {
    await Promise.all(state.contexts.map((context) => context.close()));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await describePages(state.contexts, task.name);
  });
  return {
    async newPage(viewport = DESKTOP): Promise<{ page: Page; context: BrowserContext }> {
      const context = await state.browser!.newContext({
        baseURL: inject('baseUrl'),
        ignoreHTTPSErrors: true,
        viewport,
        reducedMotion: 'reduce',
        isMobile: viewport.width < 640,
        hasTouch: viewport.width < 640,
      });
      state.contexts.push(context);
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      (page as Page & { errors: string[] }).errors = errors;
      await recordToasts(page);
      await countRequests(page);
      return { page, context };
    },
  };
}

/**
 * What the open pages were doing when a test failed, for a failure that does not happen again on a rerun: each
 * page's address, focus, requests in flight and animation frames in a second (Playwright waits for an element to be
 * stable over frames), and a screenshot in test-results/e2e-failures/.
 */
async function describePages(contexts: BrowserContext[], testName: string) {
  const dir = 'test-results/e2e-failures';
  mkdirSync(dir, { recursive: true });
  const pages = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  for (const [i, page] of pages.entries()) {
    const file = `${dir}/${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${i + 1}.png`;
    const shot = await page
      .screenshot({ path: file, timeout: 5_000 })
      .then(() => file)
      .catch((error: Error) => `no screenshot (${error.message.split('\n')[0]})`);
    const seen = await page
      .evaluate(
        () =>
          new Promise<{ focus: string; frames: number }>((done) => {
            const focus = document.activeElement;
            const described = `${focus?.tagName.toLowerCase()} ${focus?.getAttribute('data-testid') ?? ''}`.trim();
            let frames = 0;
            let counting = true;
            const count = () => {
              frames++;
              if (counting) requestAnimationFrame(count);
            };
            requestAnimationFrame(count);
            setTimeout(() => {
              counting = false;
              done({ focus: described, frames });
            }, 1_000);
          }),
      )
      .catch((error: Error) => ({ focus: 'unknown', frames: `none read (${error.message.split('\n')[0]})` }));
    const requests = requestsOf.get(page);
    const inFlight = requests ? currentRequests(requests).length : 0;
    console.log(
      `[${testName}] page ${i + 1}: ${page.url()}; focus ${seen.focus}; ${seen.frames} frames in 1 s; ` +
        `${inFlight} requests in flight; ${shot}`,
    );
  }
}

/**
 * Every text the toaster shows, recorded in the test as it appears: a success toast lasts 3 s, and
 * on a loaded machine one poll of the page can take longer than that, so expectToast also reads
 * this record instead of only the toaster's text at the moment it looks.
 */
async function recordToasts(page: Page) {
  const shown: string[] = [];
  await page.exposeBinding('__recordToast', (_source, text: string) => {
    shown.push(text);
  });
  await page.addInitScript(() => {
    let last = '';
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="toaster"]')?.textContent ?? '';
      const record = (window as unknown as { __recordToast?: (text: string) => void }).__recordToast;
      if (text && text !== last) record?.(text);
      last = text;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  (page as Page & { toasts: string[] }).toasts = shown;
}

/** A request in flight, as networkQuiet's `except` sees it. */
export interface RequestInFlight {
  method(): string;
  url(): string;
}

interface Tracked extends RequestInFlight {
  frameId?: string;
  /** The document that started it (for a navigation, the document it loads). */
  loaderId: string;
}

/**
 * Per page: the requests in flight, the document each frame shows and the last navigation each frame started (by
 * loader id), and when any of that last changed.
 */
interface PageRequests {
  inFlight: Map<string, Tracked>;
  documents: Map<string, string>;
  navigations: Map<string, string>;
  changedAt: number;
}
const requestsOf = new WeakMap<Page, PageRequests>();

/**
 * Follows a page's requests over the DevTools protocol, where each one names the document that started it. Only the
 * requests of the documents the page shows now, and navigations under way, count: a document the page has left may
 * have started requests the browser cancels and never reports, and Playwright, while a route is set, reports some of
 * them only after the new document has come (docs/offline-stack.md "The test stack").
 */
async function countRequests(page: Page) {
  const requests: PageRequests = {
    inFlight: new Map<string, Tracked>(),
    documents: new Map<string, string>(),
    navigations: new Map<string, string>(),
    changedAt: Date.now(),
  };
  const changed = () => {
    requests.changedAt = Date.now();
  };
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    const { requestId, frameId, loaderId } = event;
    const { method, url } = event.request;
    requests.inFlight.set(requestId, { method: () => method, url: () => url, frameId, loaderId });
    // A navigation's request is its document's loader: it counts from the start, before that document shows.
    if (frameId && event.type === 'Document' && requestId === loaderId) requests.navigations.set(frameId, loaderId);
    changed();
  });
  const finished = ({ requestId }: { requestId: string }) => {
    requests.inFlight.delete(requestId);
    changed();
  };
  cdp.on('Network.loadingFinished', finished);
  cdp.on('Network.loadingFailed', finished);
  cdp.on('Page.frameNavigated', ({ frame }) => {
    requests.documents.set(frame.id, frame.loaderId);
    changed();
  });
  // No buffers: this session reads no bodies, and keeping a copy of each costs the browser about 4% more CPU.
  await Promise.all([
    cdp.send('Page.enable'),
    cdp.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }),
  ]);
  requestsOf.set(page, requests);
}

/** The requests in flight of the documents the page shows, or of the last navigation each frame started. */
function currentRequests(requests: PageRequests): Tracked[] {
  return [...requests.inFlight.values()].filter(
    ({ frameId, loaderId }) =>
      frameId === undefined ||
      requests.documents.get(frameId) === loaderId ||
      requests.navigations.get(frameId) === loaderId,
  );
}

/**
 * Waits until the page has had no request in flight for half a second, after a load or a move inside the app alike
 * (the same rule as Playwright's `networkidle`, which holds only for a document's load). Requests `except` picks (one
 * a test holds back) do not count. A page still busy after 30 s fails the test with the requests it waits on, rather
 * than holding it until the test's own timeout says nothing of why.
 */
export async function networkQuiet(page: Page, except: (request: RequestInFlight) => boolean = () => false) {
  const requests = requestsOf.get(page);
  if (!requests) throw new Error('networkQuiet needs a page from useBrowser().newPage');
  const QUIET_MS = 500;
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  for (;;) {
    const busy = currentRequests(requests).filter((request) => !except(request));
    const quietFor = Date.now() - requests.changedAt;
    if (busy.length === 0 && quietFor >= QUIET_MS) return;
    if (Date.now() > deadline)
      throw new Error(
        `${page.url()} still had requests in flight after ${QUIET_TIMEOUT_MS / 1000} s: ` +
          busy.map((request) => `${request.method()} ${request.url()}`).join(', '),
      );
    await new Promise((next) => setTimeout(next, busy.length > 0 ? 50 : QUIET_MS - quietFor));
  }
}

const QUIET_TIMEOUT_MS = 30_000;

/**
 * Waits until nothing can still move the page by itself: no request in flight (`networkQuiet`), the fonts loaded, no
 * animation running, then the browser idle on both sides of two frames, so React's sliced renders, their effects and
 * the layout after them have run and the observers of that layout (layout shifts, resize observers) have been told.
 * A condition, not a time: what a test reads after it is what stays.
 */
export async function settled(page: Page) {
  await networkQuiet(page);
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && document.getAnimations().every((a) => a.playState !== 'running'),
  );
  // Frames and idle time are the page's to give: one that gives none in the time a wait has fails, and says so.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((done) =>
        requestIdleCallback(() =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => done(true)))),
        ),
      ),
  );
}

/**
 * Opens a page inside the running app, as its links do (the router follows the browser's history), for a test that
 * looks at many pages in turn: a full load starts the app again (its scripts, styles and first render), which is
 * most of what a page costs the browser.
 * It returns once the new page has drawn its heading (an h1 drawn by the page left is not taken for it) and its
 * requests have settled. A move that keeps the page (a report's tab) waits for the requests only.
 */
export async function openInApp(page: Page, path: string) {
  const samePage = await page.evaluate((path) => {
    const before = location.pathname;
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-page-left', '');
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
    return location.pathname === before;
  }, path);
  if (!samePage) await page.locator('h1:not([data-page-left])').first().waitFor();
  await networkQuiet(page);
}

/** The app's code chunks the page requests from now on, by module name (`chunksOf('LedgerTable')`). */
export function recordChunks(page: Page): (name: string) => string[] {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return (name) => requested.filter((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path));
}

/** "Oct 2026": a month (2026-10) as the app's reports name it. */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * A bar chart's rows as drawn (web/src/components/charts/BarRows.tsx): each bar's row label, the row's amount and the
 * bar's width as a share of its track (two decimals); a row of two bars gives two entries.
 */
export function drawnBars(chart: Locator) {
  return chart.evaluate((element) =>
    [...element.querySelectorAll('.rt-bar')].map((bar) => {
      const track = bar.parentElement!;
      return {
        label: track.previousElementSibling!.textContent,
        amount: track.nextElementSibling!.textContent,
        share: Math.round((bar.getBoundingClientRect().width / track.getBoundingClientRect().width) * 100) / 100,
      };
    }),
  );
}

/** The toaster texts recorded since the last call (see recordToasts). */
export function takeToasts(page: Page): string[] {
  const shown = (page as Page & { toasts?: string[] }).toasts ?? [];
  return shown.splice(0, shown.length);
}

/**
 * Clicks an option of an open dropdown, a select's option or a menu's item, once it stands in view.
 *
 * Why: Cloudscape places a dropdown again when the window scrolls within 500 ms of its opening, and may flip it above
 * its trigger. Playwright's click checks that its target stands still, then scrolls it into view and presses; the
 * scroll event reaches the page a frame later, on a busy machine between the press and the release. A select then
 * chooses the option under the release, and a menu item gets no click. So the option is scrolled to the middle of
 * the screen until, two frames later (the scroll's events handled), a press at its middle would reach it; the click
 * then scrolls nothing. (Playwright's click also scrolls again, to other alignments, after a press that something
 * else would have received. An option drawn again meanwhile, as a select's list does while it filters, is looked up
 * again.) A click whose release still lands elsewhere reaches no option and chooses nothing: it is made again.
 */
export async function clickOption(option: Locator) {
  for (let attempt = 0; attempt < 3; attempt++) {
    for (let tries = 0; tries < 5; tries++) {
      const hittable = await option.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            element.scrollIntoView({ block: 'center', inline: 'nearest' });
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const box = element.getBoundingClientRect();
                const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                resolve(element.isConnected && hit !== null && element.contains(hit));
              }),
            );
          }),
      );
      if (hittable) break;
    }
    // Whether the click reaches the option itself, or only the press does (the release landing on what the moved
    // dropdown left under it): then no click event fires, nothing was chosen, and the option is still there.
    await option.evaluate((element) => {
      const clicks = window as unknown as { rentOptionClicked?: boolean };
      clicks.rentOptionClicked = false;
      element.addEventListener('click', () => (clicks.rentOptionClicked = true), { capture: true, once: true });
    });
    await option.click();
    const reached = await option
      .page()
      .evaluate(() => (window as unknown as { rentOptionClicked?: boolean }).rentOptionClicked === true)
      .catch((error: Error) => {
        // An option whose click loads a page (switching organization starts the app afresh) was reached: the page
        // it was on is gone before this read could be made.
        if (/Execution context was destroyed/.test(error.message)) return true;
        throw error;
      });
    if (reached || !(await option.isVisible())) return;
  }
  throw new Error('The option never received the click: its dropdown kept moving under the pointer.');
}

/** On the Cognito stand-in's page (our "Google"), pick a demo person or type an email. */
export async function chooseAccount(page: Page, email: string) {
  await page.waitForURL(/\/oauth2\/authorize/);
  const demo = page.locator(`button[data-email="${email}"]`);
  if (await demo.count()) await demo.click();
  else {
    await page.getByLabel('Another email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
}

/**
 * Signs a person in by opening `at`: the app sends them to the sign-in page, and back to `at` once they have. One
 * load of the app fewer than signing in from the header and then opening the page.
 */
export async function signInAt(page: Page, email: string, at: string) {
  await page.goto(at);
  await page.waitForURL(/\/signin\?/);
  await page.getByTestId('signin-google').click();
  await chooseAccount(page, email);
  await page.waitForURL((url) => url.pathname + url.search === at);
}

/** The full sign-in from the header's Log In button through the modal, the provider page and back. */
export async function signInFromHeader(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await page.getByTestId('signin-google').click();
  await chooseAccount(page, email);
  await page.waitForURL(/\/dashboard/);
}

/**
 * What a phone renders only once it comes near the screen (web/src/components/BelowTheFold.tsx), brought into view
 * one place after another until each has rendered, then the page back at its top: for a test that reads a whole
 * page at a phone's width.
 */
export async function revealBelowTheFold(page: Page) {
  const waiting = '[data-below-the-fold="waiting"]';
  for (;;) {
    // Counted and scrolled in one step: a place may render between two calls from here.
    const left = await page.evaluate((selector) => {
      const places = document.querySelectorAll(selector);
      places[0]?.scrollIntoView({ block: 'center' });
      return places.length;
    }, waiting);
    if (left === 0) break;
    await page.waitForFunction(
      ([selector, before]) => document.querySelectorAll(selector as string).length < (before as number),
      [waiting, left] as const,
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** axe-core on the current page: no violations (rules inside Cloudscape's own markup are named in `allow`). */
export async function expectAccessible(page: Page, label: string) {
  // Audit the page as people see it: after the session check has rendered its content (every page has an h1).
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Mid-fade colours fail contrast. The pages prefer reduced motion (see useBrowser), so what axe sees is a toast
  // fully shown or gone, as the colours are meant to be, once the fades that remain have run.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Once per document: a page audited again (another state, another theme) still has it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const audit = () =>
    page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
      return axe.run(document, { resultTypes: ['violations'] });
    });
  // A table that starts to overflow (a narrower screen, rows arriving) becomes keyboard reachable once Cloudscape's
  // resize observer has measured it, a frame or a task after the layout: an audit in between sees a scrollable region
  // nobody can focus. Such a finding alone is audited again until the measurement has had its chance.
  const settling = Date.now() + 3000;
  let result = await audit();
  const unsettled = () =>
    result.violations.length > 0 && result.violations.every((v) => v.id === 'scrollable-region-focusable');
  while (unsettled() && Date.now() < settling) {
    await page.evaluate(() => new Promise((settle) => setTimeout(settle, 100)));
    result = await audit();
  }
  const violations = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(violations, `axe on ${label}`).toEqual([]);
}

interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}
