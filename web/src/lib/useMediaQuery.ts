import { useSyncExternalStore } from 'react';

/**
 * One MediaQueryList per query for the whole app: `window.matchMedia` makes a new list and evaluates the query each
 * time it is called, and a store's snapshot is read on every render of every component that follows it (a page's
 * commit on a phone spent several milliseconds in matchMedia). A list's `matches` is kept current by the browser.
 */
const lists = new Map<string, MediaQueryList>();
function listOf(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether the media query matches now (outside React: a store read once). */
export const mediaMatches = (query: string): boolean => listOf(query).matches;

/** True while the media query matches; follows changes (resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listOf(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaMatches(query),
    () => false,
  );
}

/** The sign-in sheet is a bottom sheet below 640px and a centred dialog from 640px. */
export const DIALOG_MIN_WIDTH_QUERY = '(min-width: 640px)';

/** Cloudscape's AppLayout switches to its mobile layout below 689px. */
export const DESKTOP_QUERY = '(min-width: 689px)';
