import { startTransition, useEffect, useState } from 'react';

/**
 * True from the moment the element comes within `margin` of the screen, or `already` is (then it stays true: a
 * desktop window narrowed to a phone's keeps what it shows); the update is a transition, so what mounts then renders
 * in slices. The element is a callback ref's (held in state), so one that mounts after the hook is watched too.
 */
export function useNearViewport(element: HTMLElement | null, margin = '50% 0px', already = false): boolean {
  const [near, setNear] = useState(() => already || typeof IntersectionObserver === 'undefined');
  if (already && !near) setNear(true);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return near;
}
