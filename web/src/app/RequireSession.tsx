import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { signInPathFor } from '../lib/returnPath';
import { PageLoading } from './PageLoading';

/** A protected page: without a session, go to /signin?callbackUrl=<here>&error=SessionRequired. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // The page's first render follows the session's in a deferred (time-sliced) update: the shell's update and the
  // page's render are not one long task on a slow phone.
  const status = useDeferredValue(session.status);
  if (session.signingOut) return <PageLoading text="Signing out" />;
  if (status === 'loading') return <PageLoading text="Checking your session" />;
  if (status === 'unauthenticated') {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  return <>{children}</>;
}
