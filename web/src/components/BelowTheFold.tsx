import { type ReactNode, useRef } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/useMediaQuery';
import { useNearViewport } from '../lib/useNearViewport';

/**
 * A section below the fold on a phone, rendered once its place comes within `margin` of the screen (never in the
 * page's first render), in a transition. A phone's first render commits in one long task (AppLayout's and the
 * page's components mounting and measuring), and what the first screen does not show need not add to it. `className`
 * can hold the section's space meanwhile. A desktop shows more at once and renders it with the page, and so does
 * `eager` (a link to something inside it: the page scrolls there).
 */
export function BelowTheFold({
  children,
  className,
  margin,
  eager = false,
}: {
  children: ReactNode;
  className?: string;
  margin?: string;
  eager?: boolean;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place, margin);
  if (desktop || eager) return <div className={className}>{children}</div>;
  return (
    <div ref={place} className={className}>
      {near ? children : null}
    </div>
  );
}
