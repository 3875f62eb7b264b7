import { lazy, Suspense, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useRuleDialogState } from './store';

const RuleDialog = lazy(() => import('./RuleDialog'));

// Several hosts may be mounted (the Rules page, and the shell for the flyout's tip toast): only the
// first one mounted renders the dialog, so one open never shows two.
const hosts: string[] = [];
const hostListeners = new Set<() => void>();
const notifyHosts = () => {
  for (const listener of hostListeners) listener();
};
function useIsActiveHost(id: string): boolean {
  useEffect(() => {
    hosts.push(id);
    notifyHosts();
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      notifyHosts();
    };
  }, [id]);
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => hosts[0] === id,
  );
}

/**
 * Mount anywhere (the Rules page does; the shell can too, for the flyout's tip toast:
 * `openRuleDialog({ merchantName: t.name, category: t.category })`). The dialog's code, and the
 * regex engine with it, loads on the first open.
 */
export function RuleDialogHost() {
  const id = useId();
  const active = useIsActiveHost(id);
  const state = useRuleDialogState();
  const [loaded, setLoaded] = useState(state.open);
  useEffect(() => {
    if (state.open) setLoaded(true);
  }, [state.open]);
  if (!active || (!loaded && !state.open)) return null;
  return (
    <Suspense fallback={null}>
      <RuleDialog key={state.session} state={state} />
    </Suspense>
  );
}
