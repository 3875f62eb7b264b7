import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * True from the moment the element comes within `margin` of the screen (then it stays true); the update is a
 * transition, so what mounts then renders in slices.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin = '50% 0px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
