import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A component whose code loads the first time it is shown: drawers and dialogs (their forms, zod schemas,
 * date pickers) are no part of a page's first load, where a phone pays for every module it evaluates. Once
 * shown it stays mounted, so it animates closed and keeps its state like any other.
 */
export function lazyWhenShown<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its top level, as React.lazy is
  return function WhenShown({ shown, ...props }: P & { shown: boolean }) {
    const [needed, setNeeded] = useState(shown);
    if (shown && !needed) setNeeded(true);
    if (!needed) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...(props as P)} />
      </Suspense>
    );
  };
}
