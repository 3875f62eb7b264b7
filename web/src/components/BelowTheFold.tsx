import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/useMediaQuery';

/**
 * A section below the fold on a phone, rendered just after the page's first render, in a transition (in slices).
 * A phone's first render commits in one long task (AppLayout's and the page's components mounting and measuring),
 * and what the first screen does not show need not be part of it. A desktop shows more at once and renders it with
 * the page. The section appears below the screen's edge, so nothing in view moves.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [shown, setShown] = useState(desktop);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : null;
}
