import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to render the section a link names (its data loads first). */
const WAIT_MS = 8_000;
const INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings the element the address's #fragment names into view once the page has rendered it: a link such as
 * /org-settings#bank-connections (the bank email, the dashboard) names a section that appears only after the page's
 * data loaded, when the browser's own jump to the fragment has long found nothing. Sections above it may still grow
 * as their data arrives, so it stays aligned until the person scrolls, types or taps, or WAIT_MS passes.
 * Returns the fragment ('' without one).
 */
export function useScrollToHash(): string {
  const { hash } = useLocation();
  useEffect(() => {
    const id = safeDecode(hash.slice(1));
    if (!id) return;
    let top: number | null = null;
    const align = () => {
      const target = document.getElementById(id);
      if (!target) return;
      const now = target.getBoundingClientRect().top;
      if (top !== null && Math.abs(now - top) < 1) return;
      target.scrollIntoView({ block: 'start' });
      top = target.getBoundingClientRect().top;
    };
    const observer = new MutationObserver(align);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, stop, true);
    };
    const timer = window.setTimeout(stop, WAIT_MS);
    for (const name of INPUT_EVENTS) window.addEventListener(name, stop, { capture: true, passive: true });
    observer.observe(document.body, { childList: true, subtree: true });
    align();
    return stop;
  }, [hash]);
  return hash;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
