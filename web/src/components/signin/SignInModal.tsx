import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';

const SignInDialog = lazy(() => import('./SignInDialog'));

interface SignInModalApi {
  open: () => void;
  close: () => void;
  isOpen: boolean;
}

const SignInModalContext = createContext<SignInModalApi | null>(null);

export function useSignInModal(): SignInModalApi {
  const api = useContext(SignInModalContext);
  if (!api) throw new Error('useSignInModal needs a SignInModalProvider');
  return api;
}

/** Owns the sign-in modal; its code loads the first time it opens. */
export function SignInModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const open = useCallback(() => {
    setLoaded(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const api = useMemo(() => ({ open, close, isOpen }), [open, close, isOpen]);

  return (
    <SignInModalContext.Provider value={api}>
      {children}
      {loaded ? (
        <Suspense fallback={null}>
          <SignInDialog open={isOpen} onClose={close} />
        </Suspense>
      ) : null}
    </SignInModalContext.Provider>
  );
}
