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
 * fetches the page at `cursor` and hands the answer to `record`.
 */
export function useCursorPages(key: string) {
  const [nav, setNav] = useState<PageNav>(() => start(key));
  const current = nav.key === key ? nav : start(key);
  if (current !== nav) setNav(current);

  /** Records the page the server answered for the current cursor: its next cursor opens the next page. */
  const record = useCallback(
    (loaded: { nextCursor: string | null }) =>
      setNav((n) => {
        if (n.key !== key) return n;
        const cursors = n.cursors.slice(0, n.index + 1);
        if (loaded.nextCursor) cursors.push(loaded.nextCursor);
        const ended = !loaded.nextCursor;
        const same =
          cursors.length === n.cursors.length && cursors.every((c, i) => c === n.cursors[i]) && ended === n.ended;
        return same ? n : { ...n, cursors, ended };
      }),
    [key],
  );

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
