import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many flyouts (right-side drawers) are open. The toast area moves from bottom-end to
 * top-start while one is (docs/product.md "Flyouts, drawers and toasts").
 */
let openCount = 0;
const listeners = new Set<() => void>();

function set(next: number) {
  openCount = Math.max(0, next);
  for (const l of listeners) l();
}

export function useFlyoutOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => openCount > 0,
  );
}

/** Marks a flyout as open for as long as `open` is true and the caller is mounted. */
export function useRegisterFlyout(open: boolean) {
  useEffect(() => {
    if (!open) return;
    set(openCount + 1);
    return () => set(openCount - 1);
  }, [open]);
}
