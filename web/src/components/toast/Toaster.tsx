import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from './store';

const ToastArea = lazy(() => import('./ToastArea'));

/** Mounts the toast area (and loads Flashbar) with the first toast; it then stays for its live region. */
export function Toaster() {
  const count = useSyncExternalStore(subscribeToasts, () => getToasts().length);
  const [needed, setNeeded] = useState(false);
  if (count > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
