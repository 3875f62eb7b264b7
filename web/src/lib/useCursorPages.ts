import { useCallback, useState } from 'react';

/** Where a list paged by the server's cursors stands. */
export interface CursorNav {
  key: string;
  /** cursors[i] opens page i (page 0 has none). */
  cursors: (string | null)[];
  index: number;
  /** The last page is known (its next cursor was null). */
  ended: boolean;
}

/** A page as the server answers it: `nextCursor` opens the next one, null after the last. */
export interface CursorPage {
  nextCursor: string | null;
}

export const firstPage = (key: string): CursorNav => ({ key, cursors: [null], index: 0, ended: false });

/**
 * After the server answered the page shown: its next cursor opens the next page (the pages after it are forgotten,
 * the answer may have changed), or the last page is known. The same object when nothing changed.
 */
export function afterAnswer(nav: CursorNav, page: CursorPage): CursorNav {
  const cursors = nav.cursors.slice(0, nav.index + 1);
  if (page.nextCursor) cursors.push(page.nextCursor);
  const ended = !page.nextCursor;
  const same =
    cursors.length === nav.cursors.length && cursors.every((c, i) => c === nav.cursors[i]) && ended === nav.ended;
  return same ? nav : { ...nav, cursors, ended };
}

/** Opens a page whose cursor is known (zero-based); others leave the pages as they are. */
export function openPage(nav: CursorNav, index: number): CursorNav {
  return index >= 0 && index < nav.cursors.length && index !== nav.index ? { ...nav, index } : nav;
}

/**
 * Server-side pages by cursor (Cloudscape's open-end pagination, `components/CursorPagination`): the cursors seen so
 * far, the page shown, and whether the last page is known. Everything resets when `key` (the filters and page size)
 * changes. The caller asks for the page at `cursor` and hands its query to `record` in the same render.
 */
export function useCursorPages(key: string) {
  const [nav, setNav] = useState<CursorNav>(() => firstPage(key));
  const current = nav.key === key ? nav : firstPage(key);
  if (current !== nav) setNav(current);

  /**
   * Records the page the server answered for the current cursor; a query still loading, or showing the previous
   * page's rows as a placeholder, records nothing. Called while rendering, like the reset above, so React redraws this
   * component at once instead of committing the page and drawing every row again from an effect; it sets state only
   * when something changes.
   */
  const record = (query: { data?: CursorPage; isPlaceholderData: boolean }) => {
    if (!query.data || query.isPlaceholderData) return;
    const next = afterAnswer(current, query.data);
    if (next !== current) setNav(next);
  };

  const goTo = useCallback((index: number) => setNav(openPage(current, index)), [current]);

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

export type CursorPages = ReturnType<typeof useCursorPages>;
