import { type ReactNode, useState } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/useMediaQuery';
import { useNearViewport } from '../lib/useNearViewport';

/**
 * Whether a section below the fold on a phone is to render: once its `place` comes within `margin` of the screen
 * (never in the page's first render), in a transition. A phone's first render commits in one long task (AppLayout's
 * and the page's components mounting and measuring), and what the first screen does not show need not add to it. A
 * desktop shows more at once and renders it with the page, and so does `eager` (a link to something inside it: the
 * page scrolls there). A page whose data hook should wait for the section too reads `shown` and renders `FoldPlace`.
 */
export function useBelowTheFold(margin?: string, eager = false) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [element, place] = useState<HTMLDivElement | null>(null);
  return { place, shown: useNearViewport(element, margin, desktop || eager) };
}

interface PlaceProps {
  children: ReactNode;
  /** Can hold the section's space meanwhile. */
  className?: string;
  /** A block size held only until it renders: for sections one after another, so each comes near the screen in turn
   * rather than all at once. */
  reserve?: string;
}

/** A section below the fold on a phone (`useBelowTheFold`), rendered once it nears the screen. */
export function BelowTheFold({ margin, eager = false, ...place }: PlaceProps & { margin?: string; eager?: boolean }) {
  return <FoldPlace fold={useBelowTheFold(margin, eager)} {...place} />;
}

/** The place of a section whose `useBelowTheFold` its page holds. */
export function FoldPlace({
  fold: { place, shown },
  children,
  className,
  reserve,
}: PlaceProps & { fold: ReturnType<typeof useBelowTheFold> }) {
  return (
    <div
      ref={place}
      className={className}
      style={shown || !reserve ? undefined : { minBlockSize: reserve }}
      data-below-the-fold={shown ? 'shown' : 'waiting'}
    >
      {shown ? children : null}
    </div>
  );
}
