import { useCallback, useState } from 'react';

interface PageNav {
  key: string;
  /** cursors[i] opens page i (page 0 has none). */
  cursors: (string | null)[];
  index: number;
  /** The last page is known (its next cursor was null). */
  ended: boolean;
}

const start = (key: string): PageNav => ({ key, cursors: [null], index: 0, ended: false });

/**
 * Server-side pages by cursor (Cloudscape's open-end pagination): the cursors seen so far, the page shown, and
 * whether the last page is known. Everything resets when `key` (the filters and page size) changes. The caller
 * fetches the page at `cursor` and hands the answer to `record` in the same render.
 */
export function useCursorPages(key: string) {
  const [nav, setNav] = useState<PageNav>(() => start(key));
  const current = nav.key === key ? nav : start(key);
  if (current !== nav) setNav(current);

  /**
   * Records the page the server answered for the current cursor (null while it loads): its next cursor opens the
   * next page. Called while rendering, like the reset above, so React redraws this component at once instead of
   * committing the page and drawing every row again from an effect; it sets state only when something changes.
   */
  const record = (loaded: { nextCursor: string | null } | null) => {
    if (!loaded) return;
    const cursors = current.cursors.slice(0, current.index + 1);
    if (loaded.nextCursor) cursors.push(loaded.nextCursor);
    const ended = !loaded.nextCursor;
    const same =
      cursors.length === current.cursors.length &&
      cursors.every((c, i) => c === current.cursors[i]) &&
      ended === current.ended;
    if (!same) setNav({ ...current, cursors, ended });
  };

  const goTo = useCallback(
    (index: number) => {
      if (index < current.cursors.length) setNav({ ...current, index });
    },
    [current],
  );

  return {
    cursor: current.cursors[current.index] ?? null,
    /** Zero-based. */
    index: current.index,
    pagesCount: current.cursors.length,
    ended: current.ended,
    /** Opens a page whose cursor is known (zero-based); others are ignored. */
    goTo,
    record,
  };
}
