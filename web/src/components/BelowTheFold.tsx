import { type ReactNode, useRef } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/useMediaQuery';
import { useNearViewport } from '../lib/useNearViewport';

/**
 * A section below the fold on a phone, rendered once its place comes within `margin` of the screen (never in the
 * page's first render), in a transition. A phone's first render commits in one long task (AppLayout's and the
 * page's components mounting and measuring), and what the first screen does not show need not add to it. `className`
 * can hold the section's space meanwhile, or `reserve` (a block size held only until it renders: for sections one
 * after another, so each comes near the screen in turn rather than all at once). A desktop shows more at once and
 * renders it with the page, and so does `eager` (a link to something inside it: the page scrolls there).
 */
export function BelowTheFold({
  children,
  className,
  margin,
  reserve,
  eager = false,
}: {
  children: ReactNode;
  className?: string;
  margin?: string;
  reserve?: string;
  eager?: boolean;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const place = useRef<HTMLDivElement>(null);
  const shown = useNearViewport(place, margin, desktop || eager);
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
