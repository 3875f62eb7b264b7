import { type ComponentType, createElement, startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { DESKTOP_QUERY, mediaMatches, useMediaQuery } from '../lib/useMediaQuery';
import { PageLoading } from './PageLoading';

interface Loaded<P extends object> {
  component?: ComponentType<P>;
  error?: unknown;
}

/** A page's code (or a part of a page's), loaded once: on first render or earlier through `preload`. */
export interface PageLoader<P extends object = object> {
  /** Starts the download (once); settles when the code is there or its download failed. */
  preload: () => Promise<void>;
  subscribe: (listener: () => void) => () => void;
  snapshot: () => Loaded<P>;
}

export function pageLoader<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PageLoader<P> {
  let loaded: Loaded<P> = {};
  let ready: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const preload = () => {
    ready ??= load()
      .then(
        (module) => {
          loaded = { component: module.default };
        },
        (error: unknown) => {
          loaded = { error };
        },
      )
      .finally(() => {
        for (const listener of listeners) listener();
      });
    return ready;
  };
  return {
    preload,
    subscribe: (listener) => {
      listeners.add(listener);
      // In a task of its own: React subscribes while it commits, and the preload links Vite adds for each chunk
      // (under Lighthouse, which records every request's initiator) made a phone's commit task longer still.
      setTimeout(() => void preload(), 0);
      return () => listeners.delete(listener);
    },
    snapshot: () => loaded,
  };
}

/** A part's loader from the named export that is its component: `partLoader(() => import('./X').then((m) => m.X))`. */
export function partLoader<P extends object>(load: () => Promise<ComponentType<P>>): PageLoader<P> {
  return pageLoader(() => load().then((component) => ({ default: component })));
}

/**
 * Renders a page once its code is there, "Loading" until then. Not React.lazy: a lazy page suspends on its first
 * render even when its code arrived long before (preloaded), and React then holds it back for up to 300 ms after
 * showing the fallback (its throttle against flicker). A failed load throws to the route's error boundary.
 * Code that arrives after the first render draws the page in a transition, which React renders in slices (a
 * page's first render is the largest a phone does). Not `useSyncExternalStore`: the code usually arrives while the
 * shell's first render is under way, and a store that changes then makes React render everything again in one
 * blocking task.
 */
export function LoadedPage({ loader }: { loader: PageLoader }) {
  const [seen, setSeen] = useState(() => ({ loader, loaded: loader.snapshot() }));
  const { component, error } = seen.loader === loader ? seen.loaded : loader.snapshot();
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setSeen((before) =>
          before.loader === loader && before.loaded === loader.snapshot()
            ? before
            : { loader, loaded: loader.snapshot() },
        ),
      );
    update();
    return loader.subscribe(update);
  }, [loader]);
  if (error) throw error;
  return component ? createElement(component) : <PageLoading />;
}

/** The subscription of a part not wanted (yet): nothing to hear, nothing downloaded. */
const noSubscription = () => () => {};

/**
 * A part of a page loaded apart from it (the desktop's table, fields behind a closed section): its component once
 * the code is there, undefined until then. The first call with `wanted` starts the download; a failed one throws to
 * the route's error boundary, as a page's does.
 */
export function useLoadedPart<P extends object>(loader: PageLoader<P>, wanted = true): ComponentType<P> | undefined {
  const { component, error } = useSyncExternalStore(wanted ? loader.subscribe : noSubscription, loader.snapshot);
  if (error) throw error;
  return component;
}

/**
 * A page's code together with the parts only a desktop shows at first (its table, open filters): on a desktop they
 * load with the page, so its first render has them; a phone loads them when it shows them, if ever.
 */
export function withDesktopParts<T>(page: Promise<T>, parts: readonly { preload: () => Promise<void> }[]): Promise<T> {
  if (!mediaMatches(DESKTOP_QUERY)) return page;
  return Promise.all([page, ...parts.map((part) => part.preload())]).then(([loaded]) => loaded);
}

/**
 * A component that renders a part once its code is there and `Fallback` until then; its first render starts the
 * download. `Fallback` is the phone's form of the part (a list for a table), which a phone renders instead, so it
 * never downloads the part, or a loading state in the space the page keeps for it. On a desktop the part came with
 * the page (`withDesktopParts`), so it shows at once.
 */
export function partOr<P extends object>(part: PageLoader<P>, Fallback: ComponentType<P>) {
  return function PartOrFallback(props: P) {
    const Part = useLoadedPart(part);
    return createElement(Part ?? Fallback, props);
  };
}

/**
 * A desktop's part (a table) beside the phone's form of it (a list), the same props for both: the list below the
 * desktop width, where the part is never downloaded; the part on a desktop, which `withDesktopParts` loaded with the
 * page, and the list until it is there (a window widened after the page loaded).
 */
export function desktopPartOr<P extends object>(part: PageLoader<P>, Phone: ComponentType<P>) {
  const Desktop = partOr(part, Phone);
  return function DesktopPartOrPhone(props: P) {
    return createElement(useMediaQuery(DESKTOP_QUERY) ? Desktop : Phone, props);
  };
}
