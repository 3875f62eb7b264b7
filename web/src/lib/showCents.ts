import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../auth/session';

/**
 * "Show cents" on the report screens whose figures are whole dollars (docs/reports-and-tax.md "Cents on report
 * screens"): each person's choice, remembered in this browser per signed-in person, default off. Every screen that
 * reads it follows a change at once (one store), and other tabs of the same browser follow it too (storage events).
 */
const KEY_PREFIX = 'rent.show-cents.';
const listeners = new Set<() => void>();
// Where storage is blocked the choice lasts for this visit.
const memory = new Map<string, boolean>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readShowCents(userId: string | null | undefined): boolean {
  if (!userId) return false;
  try {
    const stored = storage()?.getItem(KEY_PREFIX + userId);
    if (stored === 'true' || stored === 'false') return stored === 'true';
  } catch {
    // Blocked: the visit's own choice below.
  }
  return memory.get(userId) ?? false;
}

export function writeShowCents(userId: string, show: boolean): void {
  memory.set(userId, show);
  try {
    storage()?.setItem(KEY_PREFIX + userId, String(show));
  } catch {
    // Storage full or blocked: remembered for this visit only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in person's choice and a setter; the number of decimals money is shown with follows from it. */
export function useShowCents() {
  const userId = useSession().data?.userId ?? null;
  const show = useSyncExternalStore(
    subscribe,
    () => readShowCents(userId),
    () => false,
  );
  const setShow = useCallback(
    (next: boolean) => {
      if (userId) writeShowCents(userId, next);
    },
    [userId],
  );
  return { show, setShow, decimals: show ? 2 : 0 };
}
