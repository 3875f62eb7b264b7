import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import clsx from 'clsx';
import React, { createElement, useRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { applyPatch, CLOUDSCAPE_PATCHES } from '../../web/build/cloudscape-patches';

// The packages' exports hide internal modules from resolution; the files are read from their folder.
const cloudscape = dirname(
  dirname(createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json')),
);
const sourceOf = (file: string) => readFileSync(join(cloudscape, file), 'utf8');
const patchedSourceOf = (file: string) => applyPatch(CLOUDSCAPE_PATCHES.find((p) => p.file === file)!, sourceOf(file))!;

type Stubs = Record<string, Record<string, unknown>>;
let modulesLoaded = 0;

/**
 * A Cloudscape module's code run on its own, from a data: URL: each of its imports reads what `stubs` gives for that
 * specifier (Node cannot load the package's files as they are: they are ES modules in a package that does not say so).
 */
async function importWith<T>(code: string, stubs: Stubs): Promise<T> {
  const slot = `__cloudscapeStubs${++modulesLoaded}`;
  (globalThis as unknown as Record<string, Stubs>)[slot] = stubs;
  const standalone = code.replace(/^import (.+) from '([^']+)';$/gm, (_, clause: string, specifier: string) => {
    if (!(specifier in stubs)) throw new Error(`no stub for ${specifier}`);
    const from = `globalThis.${slot}[${JSON.stringify(specifier)}]`;
    const [, defaultName, named] = /^(\w+)?(?:,\s*)?(\{[^}]*\})?$/.exec(clause)!;
    return [
      defaultName ? `const ${defaultName} = ${from}.default;` : '',
      named ? `const ${named.replace(/ as /g, ': ')} = ${from};` : '',
    ].join(' ');
  });
  return import(`data:text/javascript,${encodeURIComponent(standalone)}`);
}

describe('Cloudscape patches (web/build/cloudscape-patches.ts)', () => {
  it('each still finds its text in the installed Cloudscape', () => {
    for (const patch of CLOUDSCAPE_PATCHES) expect(applyPatch(patch, sourceOf(patch.file)), patch.file).not.toBeNull();
  });

  /** checkSafeUrl from the module's code (its one import, a warning helper, stubbed). */
  const checkSafeUrlOf = async (code: string) =>
    (
      await importWith<{ checkSafeUrl: (component: string, url?: string) => void }>(code, {
        '@cloudscape-design/component-toolkit/internal': { warnOnce: () => {} },
      })
    ).checkSafeUrl;

  it('the safe-URL check returns early for relative URLs and still blocks every javascript: URL it blocked', async () => {
    const patch = CLOUDSCAPE_PATCHES.find((p) => p.file === 'components/internal/utils/check-safe-url.js')!;
    const original = await checkSafeUrlOf(sourceOf(patch.file));
    const patched = await checkSafeUrlOf(applyPatch(patch, sourceOf(patch.file))!);
    const urls = [
      '/properties',
      'properties?x=1',
      '#main',
      'https://example.com/a',
      'mailto:a@example.com',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' \u0001javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript:void(0)',
      '',
    ];
    const outcome = (check: typeof original, url: string) => {
      try {
        check('Link', url);
        return 'allowed';
      } catch {
        return 'blocked';
      }
    };
    for (const url of urls) expect(outcome(patched, url), JSON.stringify(url)).toBe(outcome(original, url));
    expect(outcome(patched, 'java\tscript:alert(1)')).toBe('blocked');
    expect(outcome(patched, '/properties')).toBe('allowed');
  });

  it('reads the direction from the nearest dir attribute, not from computed styles', async () => {
    const patch = CLOUDSCAPE_PATCHES.find((p) => p.file === 'component-toolkit/mjs/internal/direction/index.js')!;
    const code = applyPatch(patch, sourceOf(patch.file))!;
    const { getIsRtl } = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    const within = (dir: string | null) => ({
      closest: (selector: string) => (selector === '[dir]' && dir !== null ? { getAttribute: () => dir } : null),
    });
    expect(getIsRtl(within('rtl'))).toBe(true);
    expect(getIsRtl(within('ltr'))).toBe(false);
    expect(getIsRtl(within(null))).toBe(false);
    expect(getIsRtl(null)).toBe(false);
  });

  /**
   * useTopNavigation with React's hooks stubbed: the container queries' callbacks are kept, and each state's updates.
   * Its breakpoints are Cloudscape's own (their one import, the scrollbar's width, stubbed at 0).
   */
  async function topNavigationHook(
    props: { identity: object; utilities: object[] } = {
      identity: { href: '/', logo: { src: '/logo.svg', alt: 'Rent.Today' } },
      utilities: [{ type: 'menu-dropdown', text: 'Lena Landlord', items: [] }],
    },
  ) {
    const breakpoints = await importWith(sourceOf('components/internal/breakpoints.js'), {
      './utils/browser-scrollbar-size': { browserScrollbarSize: () => ({ width: 0, height: 0 }) },
    });
    const containerQueries: ((rect: { contentBoxWidth: number }, previous: string | null) => unknown)[] = [];
    const stateUpdates: unknown[][] = [];
    const hooks = {
      useState: (initial: unknown) => {
        const updates: unknown[] = [];
        stateUpdates.push(updates);
        return [initial, (update: unknown) => updates.push(update)];
      },
      useCallback: (callback: unknown) => callback,
      useMemo: (make: () => unknown) => make(),
      useRef: (current: unknown) => ({ current }),
      useEffect: () => {},
      useContainerQuery: (callback: (typeof containerQueries)[number]) => {
        containerQueries.push(callback);
        return [null, () => {}];
      },
      useMergeRefs: () => () => {},
    };
    const { useTopNavigation } = await importWith<{
      useTopNavigation: (props: object) => { breakpoint: string; measured: boolean };
    }>(patchedSourceOf('components/top-navigation/use-top-navigation.js'), {
      react: hooks,
      '@cloudscape-design/component-toolkit': hooks,
      '@cloudscape-design/component-toolkit/internal': hooks,
      '../internal/breakpoints': breakpoints as Record<string, unknown>,
      './styles.css.js': { default: {} },
    });
    const shown = useTopNavigation(props);
    return {
      shown,
      breakpointQuery: containerQueries[0]!,
      fitQuery: containerQueries[1]!,
      responsiveStateUpdates: stateUpdates[0]!,
    };
  }

  it('keeps TopNavigation\'s breakpoint at none while it draws as "default", and still switches both ways', async () => {
    const { shown, breakpointQuery } = await topNavigationHook();
    expect(shown.breakpoint).toBe('default');
    // A phone's first measure keeps the state it started with: React draws nothing again.
    expect(breakpointQuery({ contentBoxWidth: 390 }, null)).toBeNull();
    expect(breakpointQuery({ contentBoxWidth: 600 }, null)).toBe('xxs');
    expect(breakpointQuery({ contentBoxWidth: 1280 }, null)).toBe('s');
    // A window narrowed after it was wide goes back to "default", and widened again leaves it.
    expect(breakpointQuery({ contentBoxWidth: 390 }, 's')).toBe('default');
    expect(breakpointQuery({ contentBoxWidth: 390 }, 'xxs')).toBe('default');
    expect(breakpointQuery({ contentBoxWidth: 1280 }, 'default')).toBe('s');
  });

  it("keeps TopNavigation's fitted layout when the new one draws the same, and takes one that differs", async () => {
    const { fitQuery, responsiveStateUpdates } = await topNavigationHook();
    // The fit's container query stores nothing of its own (null, not a fresh undefined), and measures the fit.
    expect(fitQuery({ contentBoxWidth: 390 }, null)).toBeNull();
    // Unmeasured (no element yet) the fit is the first layout, {}: a state that is not set draws it already.
    expect(responsiveStateUpdates).toHaveLength(1);
    const update = responsiveStateUpdates[0] as (shown: object | undefined) => object | undefined;
    expect(update(undefined)).toBeUndefined();
    const equalButNew = {};
    expect(update(equalButNew)).toBe(equalButNew);
    expect(update({ hideUtilityText: true })).toEqual({});
  });

  it("measures TopNavigation's fit only when it has more than one way to draw", async () => {
    const logo = { href: '/', logo: { src: '/logo.svg', alt: 'Rent.Today' } };
    const organization = { type: 'button', text: 'Maple & Main', disableUtilityCollapse: true };
    const profile = { type: 'menu-dropdown', iconSvg: 'avatar', items: [], disableUtilityCollapse: true };
    const measured = async (identity: object, utilities: object[]) =>
      (await topNavigationHook({ identity, utilities })).shown.measured;
    // The phone's header: text only where there is no icon to keep, nothing that collapses, no title to hide.
    expect(await measured(logo, [organization, profile])).toBe(false);
    expect(await measured(logo, [{ ...profile, text: 'Lena', disableTextCollapse: true }])).toBe(false);
    // Each of these can draw another way, which only measuring can choose.
    expect(await measured({ ...logo, title: 'Rent.Today' }, [organization, profile])).toBe(true);
    expect(await measured(logo, [organization, { ...profile, text: 'Lena' }])).toBe(true);
    expect(await measured(logo, [{ ...organization, disableUtilityCollapse: false }, profile])).toBe(true);
  });

  /** TopNavigation's markup, server-rendered, with its hook saying whether it measures and its parts stubbed. */
  async function topNavigationMarkup(measured: boolean) {
    const stub = (name: string) => (props: { children?: React.ReactNode }) =>
      createElement(`x-${name}`, null, props.children);
    const { default: InternalTopNavigation } = await importWith<{
      default: (props: Record<string, unknown>) => React.ReactElement;
    }>(patchedSourceOf('components/top-navigation/internal.js'), {
      react: { ...React, default: React },
      clsx: { default: clsx },
      '@cloudscape-design/component-toolkit/internal': { warnOnce: () => {} },
      '../i18n/context': { useInternalI18n: () => (_key: string, value: unknown) => value },
      '../internal/base-component': { getBaseProps: () => ({}) },
      '../internal/components/menu-dropdown': { ButtonTrigger: stub('trigger') },
      '../internal/components/visual-context': { default: stub('context') },
      '../internal/events': { fireCancelableEvent: () => {}, isPlainLeftClick: () => true },
      '../internal/hooks/use-effect-on-update': { useEffectOnUpdate: () => {} },
      '../internal/utils/check-safe-url': { checkSafeUrl: () => {} },
      './parts/overflow-menu': { default: stub('overflow') },
      './parts/utility': { default: stub('utility') },
      './use-top-navigation.js': {
        useTopNavigation: () => ({
          mainRef: null,
          virtualRef: null,
          breakpoint: 'default',
          responsiveState: {},
          isSearchExpanded: false,
          onSearchUtilityClick: () => {},
          measured,
        }),
      },
      './styles.css.js': { default: {} },
      './test-classes/styles.css.js': { default: {} },
    });
    return renderToStaticMarkup(
      createElement(InternalTopNavigation, {
        identity: { href: '/', logo: { src: '/logo.svg', alt: 'Rent.Today' } },
        utilities: [{ type: 'button', text: 'Maple & Main', disableUtilityCollapse: true }],
        visualContext: 'none',
      }),
    );
  }

  it("renders TopNavigation's hidden measuring copy only when it measures", async () => {
    const count = (markup: string, text: string) => markup.split(text).length - 1;
    const measuring = await topNavigationMarkup(true);
    expect(count(measuring, 'aria-hidden="true"')).toBe(1);
    expect(count(measuring, '<header')).toBe(1);
    const notMeasuring = await topNavigationMarkup(false);
    expect(count(notMeasuring, 'aria-hidden="true"')).toBe(0);
    expect(count(notMeasuring, '<header')).toBe(1);
    // The bar itself is the same: its identity and its one utility, drawn once.
    expect(count(notMeasuring, '<x-utility>')).toBe(1);
    expect(count(notMeasuring, 'alt="Rent.Today"')).toBe(1);
  });

  it("keeps AppLayout's placement when a resize leaves its three numbers the same", async () => {
    let observe: () => void = () => {};
    const updates: ((shown: object) => object)[] = [];
    const rect = { insetInlineStart: 0, insetInlineEnd: 390, inlineSize: 390 };
    const { useAppLayoutPlacement } = await importWith<{
      useAppLayoutPlacement: (header: string, footer: string) => [{ current: unknown }, object];
    }>(patchedSourceOf('components/app-layout/utils/use-app-layout-placement.js'), {
      react: {
        useCallback: (callback: unknown) => callback,
        useEffect: () => {},
        useRef: (current: unknown) => ({ current }),
        useState: (initial: unknown) => [initial, (update: (shown: object) => object) => updates.push(update)],
      },
      '@cloudscape-design/component-toolkit/internal': {
        useResizeObserver: (_ref: unknown, callback: () => void) => {
          observe = callback;
        },
        getLogicalBoundingClientRect: () => ({ ...rect }),
      },
      './use-observed-element': { useObservedElement: () => 0 },
    });
    const [mainElement] = useAppLayoutPlacement('header', 'footer');
    mainElement.current = {};
    observe();
    const first = updates[0]!({ insetInlineStart: 0, insetInlineEnd: 0, inlineSize: Number.POSITIVE_INFINITY });
    expect(first).toEqual({ insetInlineStart: 0, insetInlineEnd: 0, inlineSize: 390 });
    // The content grew taller: the same numbers keep the state React already has, so nothing draws again.
    observe();
    expect(updates[1]!(first)).toBe(first);
    // Wider: a new placement.
    rect.inlineSize = 1280;
    rect.insetInlineEnd = 1280;
    observe();
    expect(updates[2]!(first)).toEqual({ insetInlineStart: 0, insetInlineEnd: 0, inlineSize: 1280 });
  });

  it('resolves Cloudscape\'s "en" messages without asking Intl which locales it supports', async () => {
    const asked: unknown[] = [];
    const MessageFormat = {
      resolveLocale(locales: string) {
        asked.push(locales);
        return new Intl.Locale(Intl.NumberFormat.supportedLocalesOf(locales)[0] ?? locales);
      },
    };
    await importWith(patchedSourceOf('components/i18n/utils/i18n-formatter.js'), {
      'intl-messageformat': { default: MessageFormat },
      './locales': { getMatchableLocales: () => [] },
      './messages': { normalizeMessages: () => ({}) },
    });
    const english = MessageFormat.resolveLocale('en');
    expect(asked).toEqual([]);
    // What asking would have answered.
    expect(english.toString()).toBe(new Intl.Locale(Intl.NumberFormat.supportedLocalesOf('en')[0]!).toString());
    expect(MessageFormat.resolveLocale('de').toString()).toBe('de');
    expect(asked).toEqual(['de']);
  });

  it('starts a component with the visual context it stands in, before the DOM is read', async () => {
    const { default: VisualContext, useVisualContext } = await importWith<{
      default: (props: { contextName: string; children?: React.ReactNode }) => React.ReactElement;
      useVisualContext: (ref: React.RefObject<HTMLElement | null>) => string;
    }>(patchedSourceOf('components/internal/components/visual-context/index.js'), {
      react: { ...React, default: React },
      clsx: { default: clsx },
      '@cloudscape-design/component-toolkit/dom': { findUpUntil: () => null },
    });
    function Probe() {
      const ref = useRef<HTMLElement>(null);
      return createElement('span', { 'data-context': useVisualContext(ref) });
    }
    // Server rendering runs no layout effect: what shows is the state the component starts with.
    const within = renderToStaticMarkup(
      createElement(VisualContext, { contextName: 'top-navigation' }, createElement(Probe)),
    );
    expect(within).toBe('<div class="awsui-context-top-navigation"><span data-context="top-navigation"></span></div>');
    expect(renderToStaticMarkup(createElement(Probe))).toBe('<span data-context=""></span>');
  });
});
