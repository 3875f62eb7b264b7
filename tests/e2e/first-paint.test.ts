import { routes } from '@rent/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCRIPT_PRELOADS_PER_TASK } from '../../web/build/paced-preload.js';
import { DESKTOP_QUERY } from '../../web/src/lib/useMediaQuery.js';
import { joinAs } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';
import {
  networkQuiet,
  PHONE,
  type RequestInFlight,
  revealBelowTheFold,
  signInAt,
  signInFromHeader,
  useBrowser,
} from './browser.js';
import { beginSignInToOwnOrganization, signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * docs/performance.md "The first render": index.html's header bar paints before any stylesheet arrives (the build preloads
 * them instead of linking them), and the app's first render waits until every one of them applies.
 */
const SLOW_CSS_MS = 2000;

/** Only read: Org Settings of the demo organization is a page tall enough to have sections below a phone's fold. */
const DEMO_LANDLORD = 'lena.landlord@demo.rent.today';

/**
 * Holds the answers to the page's requests for `path` until `release()`: what the page draws meanwhile, and when they
 * arrive, is the test's to see. `is` tells a request for it.
 */
async function holdAnswers(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const is = (request: RequestInFlight) => new URL(request.url()).pathname === path;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release, is };
}

interface FirstRender {
  at: number;
  sheetsAsked: number;
  sheetsApplied: number;
}

describe('the first paint', () => {
  const browser = useBrowser();

  it('does not wait for the stylesheets, and the app never renders without them', async () => {
    const { page } = await browser.newPage(PHONE);
    await page.route('**/assets/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_CSS_MS));
      await route.fallback();
    });
    // React's first commit replaces index.html's header bar: note then how many of the stylesheets had applied.
    await page.addInitScript(() => {
      let barSeen = false;
      new MutationObserver((_, observer) => {
        const bar = document.querySelector('.rt-boot-bar');
        if (bar) barSeen = true;
        if (!barSeen || bar) return;
        const asked = [...document.querySelectorAll('link[data-first-style]')].map((l) => (l as HTMLLinkElement).href);
        const applied = [...document.styleSheets].filter((sheet) => sheet.href && asked.includes(sheet.href));
        (window as unknown as { __firstRender: FirstRender }).__firstRender = {
          at: performance.now(),
          sheetsAsked: asked.length,
          sheetsApplied: new Set(applied.map((sheet) => sheet.href)).size,
        };
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await page.waitForFunction(() => '__firstRender' in window);
    const { firstPaint, firstRender } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      firstRender: (window as unknown as { __firstRender: FirstRender }).__firstRender,
    }));

    // The header bar painted while the stylesheets were still held back...
    expect(firstPaint).not.toBeNull();
    expect(firstPaint!).toBeLessThan(SLOW_CSS_MS);
    // ...and the app rendered only after every one of them applied.
    expect(firstRender.sheetsAsked).toBeGreaterThan(0);
    expect(firstRender.sheetsApplied).toBe(firstRender.sheetsAsked);
    expect(firstRender.at).toBeGreaterThan(SLOW_CSS_MS);
  });
});

/**
 * docs/performance.md "The first render": a page's chunks are preloaded a few links a task, not all
 * in the task that asks for the page (31 for the ledger: one task that blocked a phone for over 300 ms).
 */
describe("a page's script preloads", () => {
  const browser = useBrowser();

  it('are added a few to a task', async () => {
    const { page } = await browser.newPage(PHONE);
    await signInToOwnOrganization(page, 'paced-preload', '/transactions');
    // Mutations are delivered once a task has run its script: one delivery is what one task added. The links index.html
    // lists are the parser's, not the helper's: the parser's records may be delivered only after parsing ends, so they
    // are told apart by node (every link in the document when parsing ends, before any module script runs).
    await page.addInitScript(() => {
      const perTask: number[] = [];
      (window as unknown as { __preloadsPerTask: number[] }).__preloadsPerTask = perTask;
      let parsed: Set<Node> | null = null;
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') parsed = new Set(document.querySelectorAll('link'));
      });
      new MutationObserver((records) => {
        const ofParser = parsed;
        if (ofParser === null) return;
        const added = records
          .flatMap((record) => [...record.addedNodes])
          .filter(
            (node) => node instanceof HTMLLinkElement && node.rel === 'modulepreload' && !ofParser.has(node),
          ).length;
        if (added > 0) perTask.push(added);
      }).observe(document, { childList: true, subtree: true });
    });
    // A returning visitor's first load: the ledger's code is asked for as the app starts.
    await page.reload();
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    const perTask = await page.evaluate(() => (window as unknown as { __preloadsPerTask: number[] }).__preloadsPerTask);

    const total = perTask.reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(3 * SCRIPT_PRELOADS_PER_TASK);
    expect(Math.max(...perTask)).toBeLessThanOrEqual(SCRIPT_PRELOADS_PER_TASK);
  });
});

/**
 * docs/performance.md "Rendering less": the app evaluates each of its media queries once per document, however many
 * components follow it (window.matchMedia makes a new list and evaluates it at each call; each render of each follower
 * called it, about 50 times on a phone's ledger).
 */
describe("the app's media queries", () => {
  const browser = useBrowser();

  it('are each evaluated once, however often the page renders', async () => {
    const { page } = await browser.newPage(PHONE);
    await signInToOwnOrganization(page, 'media-queries', '/transactions');
    await page.addInitScript(() => {
      const asked: string[] = [];
      (window as unknown as { __mediaAsked: string[] }).__mediaAsked = asked;
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        asked.push(query);
        return matchMedia(query);
      };
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    await page.locator('.rt-table-first-load[data-loading="false"]').waitFor();
    const asked = await page.evaluate(() => (window as unknown as { __mediaAsked: string[] }).__mediaAsked);
    expect(asked.filter((query) => query === DESKTOP_QUERY)).toEqual([DESKTOP_QUERY]);
  });
});

/**
 * docs/performance.md "Rendering less": a page's reads start together. A tenant's dashboard asks for this month's rent
 * and their requests beside their home, not once the home has arrived (a round trip more on a phone's slow link, and
 * one more render of the page).
 */
describe("a tenant's dashboard", () => {
  const browser = useBrowser();

  it('asks for the rent and the requests while the properties are still on their way', async () => {
    const staff = await browser.newPage();
    const org = await signInToOwnOrganization(staff.page, 'tenant-reads');
    const home = await org.addProperty({ address: uniqueName('5 Parallel Lane') });
    const tenant = await joinAs(org.organization.id, 'TENANT', 'tenant');
    await leaseTo(org.organization.id, tenant.userId, home.id);

    const { page } = await browser.newPage(PHONE);
    await signInFromHeader(page, tenant.email);
    // The properties' answer is held until the test lets it go; what else the page asks for meanwhile is recorded.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const properties = await holdAnswers(page, routes.listProperties.path);
    await page.reload();
    await expect.poll(() => asked).toEqual(expect.arrayContaining(['/api/rental-history', '/api/maintenance']));
    expect(await page.getByTestId('tenant-rent-this-month').count()).toBe(0);

    properties.release();
    await expect.poll(() => page.getByTestId('dashboard-properties').textContent()).toContain(home.address);
    await expect.poll(() => page.getByTestId('tenant-open-requests').textContent()).toContain('0 See them');
    expect(asked.filter((path) => path === '/api/rental-history')).toHaveLength(1);
  });
});

/**
 * A stand-in for React's DevTools hook, installed before the app's first script: React calls it once per commit
 * (production builds too), so a page can count how often it drew, and what each draw did (`__draws`): how many
 * components it rendered (a function, class or forwardRef component whose render ran in that commit has React's
 * PerformedWork flag, on a fiber the commit before did not hold: a subtree React skipped keeps its fibers and their old
 * flags), and how many elements matched `__watch` once it was in the DOM.
 */
const COUNT_COMMITS = `
  window.__commits = 0;
  window.__draws = [];
  window.__watch = null;
  let previous = new WeakSet();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_, root) {
      window.__commits++;
      let rendered = 0;
      const held = new WeakSet();
      const stack = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop();
        held.add(fiber);
        if ([0, 1, 11, 15].includes(fiber.tag) && (fiber.flags & 1) !== 0 && !previous.has(fiber)) rendered++;
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      previous = held;
      const watched = window.__watch ? document.querySelectorAll(window.__watch).length : 0;
      window.__draws.push({ rendered, watched });
    },
  };
`;

interface Draw {
  rendered: number;
  watched: number;
}

/** From now on, each draw notes how many elements match `selector`. */
const watch = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    (window as unknown as { __watch: string }).__watch = selector;
  }, selector);

/** The first draw since `since` draws in which an element matched the watched selector. */
const firstDrawShowing = (page: Page, since: number) =>
  page.evaluate(
    (since) => (window as unknown as { __draws: Draw[] }).__draws.slice(since).find((draw) => draw.watched > 0),
    since,
  );

const drawsSoFar = (page: Page) => page.evaluate(() => (window as unknown as { __draws: Draw[] }).__draws.length);

/** How many commits React makes over the page's next `frames` animation frames. */
const commitsOver = (page: Page, frames: number) =>
  page.evaluate(
    (frames) =>
      new Promise<number>((resolve) => {
        const counter = window as unknown as { __commits: number };
        const before = counter.__commits;
        let seen = 0;
        const frame = () => (++seen >= frames ? resolve(counter.__commits - before) : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
      }),
    frames,
  );

/**
 * docs/performance.md "Rendering less": while the ledger's first page is on its way the page draws what it has and
 * then waits. Its rows follow in a deferred update, which React renders again whenever the value it was given is a new
 * one: a fresh empty list at every render drew the ledger over and over (every few milliseconds on a phone) until the
 * page arrived.
 */
describe("the ledger's first page on its way", () => {
  const browser = useBrowser();

  it('leaves the page still until it arrives', async () => {
    const { page } = await browser.newPage(PHONE);
    const org = await signInToOwnOrganization(page, 'ledger-waiting');
    const name = uniqueName('Waiting row');
    await org.addTransaction({ date: '2026-03-02', name, amount: -42 });
    await page.addInitScript({ content: COUNT_COMMITS });
    const ledgerPage = await holdAnswers(page, routes.listTransactions.path);
    const asked = page.waitForRequest(ledgerPage.is);
    await page.goto('/transactions');
    await asked;
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    // Everything else the page asked for has arrived and been drawn: now only the held page could change it.
    await networkQuiet(page, ledgerPage.is);

    // Half a second of frames with nothing left to arrive: no commit, or a resize observer's.
    expect(await commitsOver(page, 30)).toBeLessThan(3);

    ledgerPage.release();
    await page.getByText(name).waitFor();
  });
});

/**
 * docs/performance.md "Rendering less": Org Settings on a phone reads what is below the members (invitations, bank
 * connections, membership activity, the closed period) once their place nears the screen. Read with the page, each
 * answer drew the whole page again (about 130 components) for something not yet on screen.
 */
describe('Org Settings on a phone', () => {
  const browser = useBrowser();
  const SECTION_READS: string[] = [
    routes.listInvitations.path,
    routes.listBankConnections.path,
    routes.listMembershipEvents.path,
    routes.getClosedPeriod.path,
    routes.listProperties.path,
  ];

  it('reads the sections below the members as they near the screen', async () => {
    const { page } = await browser.newPage(PHONE);
    // A returning visitor (the organization remembered), as the bench measures the page.
    await signInAt(page, DEMO_LANDLORD, '/settings/preferences');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/org-settings');
    await expect.poll(() => page.getByTestId('members-table').getByRole('listitem').count()).toBeGreaterThan(1);
    await networkQuiet(page);
    expect(await page.locator('[data-below-the-fold]').getAttribute('data-below-the-fold')).toBe('waiting');
    expect(asked.filter((path) => SECTION_READS.includes(path))).toEqual([]);

    await revealBelowTheFold(page);
    await page.getByTestId('invitations-table').waitFor();
    await expect
      .poll(() => asked.filter((path) => SECTION_READS.includes(path)).sort())
      .toEqual([...SECTION_READS].sort());
  });
});

/**
 * docs/performance.md "Rendering less": the rules' matching counts answer seconds after the rules (counting runs every
 * rule over the ledger). Each count cell reads them itself, so their answer draws those cells; read by the page, it
 * drew the whole page again (129 components for 3 rules on a phone).
 */
describe('the rules on a phone', () => {
  const browser = useBrowser();

  it('draws only the count cells when the matching counts answer', async () => {
    const { page } = await browser.newPage(PHONE);
    await page.addInitScript({ content: COUNT_COMMITS });
    const counts = await holdAnswers(page, routes.countRuleMatches.path);
    const org = await beginSignInToOwnOrganization(page, 'rules-counting', '/transactions/rules');
    const RULES = 3;
    for (let i = 0; i < RULES; i++) {
      const created = await org.api.post(routes.createRule.path, {
        name: uniqueName(`Counted rule ${i}`),
        namePattern: `counted ${i}`,
        category: 'repairs',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    await org.arrive();
    await expect.poll(() => page.getByTestId('rule-row').count()).toBe(RULES);
    await networkQuiet(page, counts.is);
    await commitsOver(page, 10);
    expect(await page.getByTestId('rule-row-matches').count()).toBe(0);

    await watch(page, '[data-testid="rule-row-matches"]');
    const since = await drawsSoFar(page);
    counts.release();
    await expect.poll(() => page.getByTestId('rule-row-matches').allTextContents()).toEqual(['0', '0', '0']);
    // The draw that showed the counts rendered each row's count cell and nothing else.
    expect(await firstDrawShowing(page, since)).toEqual({ rendered: RULES, watched: RULES });
  });
});

/**
 * docs/performance.md "Rendering less": the cash flow page's ratios need the properties and the report together, and
 * the properties usually answer first. Alone they change nothing on the page, so their answer draws only what shows
 * them by itself (the period controls' property choice); read by the page, it drew the whole page (about 200
 * components on a phone).
 */
describe('the cash flow page on a phone', () => {
  const browser = useBrowser();

  it('does not draw itself for the properties while its report is on its way', async () => {
    const { page } = await browser.newPage(PHONE);
    await signInAt(page, DEMO_LANDLORD, '/settings/preferences');
    await page.addInitScript({ content: COUNT_COMMITS });
    const properties = await holdAnswers(page, routes.listProperties.path);
    const report = await holdAnswers(page, routes.getCashFlowReport.path);
    await page.goto('/cash-flow');
    await page.getByRole('heading', { name: 'Cash Flow', level: 1 }).waitFor();
    await networkQuiet(page, (request) => properties.is(request) || report.is(request));
    await commitsOver(page, 10);

    const since = await drawsSoFar(page);
    const answered = page.waitForResponse((response) => properties.is(response.request()));
    properties.release();
    await answered;
    await networkQuiet(page, report.is);
    await commitsOver(page, 10);
    const rendered = await page.evaluate(
      (since) => (window as unknown as { __draws: Draw[] }).__draws.slice(since).reduce((n, d) => n + d.rendered, 0),
      since,
    );
    // The property choice's list and its options; the page drew about 200.
    expect(rendered).toBeLessThan(50);

    report.release();
    await expect.poll(() => page.getByTestId('cash-flow-income').textContent()).toMatch(/^\$/);
  });
});

/**
 * docs/performance.md "No Intl on a first load": a renderer's first use of Intl's number or date formats loads ICU's
 * locale data, 20–40 ms of main thread. Money, counts and dates are written by hand and Cloudscape's English messages
 * resolve "en" without asking, so a page's first load calls none of them.
 */
describe('the first load on a phone', () => {
  const browser = useBrowser();
  const PAGES = [
    { path: '/dashboard', heading: 'Dashboard' },
    { path: '/transactions', heading: 'Transactions' },
    { path: '/reports?tab=deposits', heading: 'Reports' },
    { path: '/maintenance', heading: 'Maintenance' },
  ];

  it('uses no Intl number or date format', async () => {
    const { page } = await browser.newPage(PHONE);
    await signInAt(page, DEMO_LANDLORD, '/settings/preferences');
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
      const watch = (owner: Record<string, unknown>, key: string, label: string) => {
        const original = owner[key] as (...args: unknown[]) => unknown;
        const watched = function (this: unknown, ...args: unknown[]) {
          calls.push(label);
          return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args);
        };
        // Statics (supportedLocalesOf) and instanceof keep working through the wrapper.
        Object.setPrototypeOf(watched, original);
        watched.prototype = original.prototype;
        owner[key] = watched;
      };
      const intl = Intl as unknown as Record<string, unknown>;
      for (const format of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat'])
        watch(intl, format, `Intl.${format}`);
      watch(Intl.NumberFormat as unknown as Record<string, unknown>, 'supportedLocalesOf', 'supportedLocalesOf');
      watch(Number.prototype as unknown as Record<string, unknown>, 'toLocaleString', 'Number#toLocaleString');
      for (const method of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'])
        watch(Date.prototype as unknown as Record<string, unknown>, method, `Date#${method}`);
    });
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await networkQuiet(page);
      const calls = await page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);
      expect(calls, path).toEqual([]);
    }
  });
});
