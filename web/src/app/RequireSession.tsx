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
    // The fragment too: a link to a section (/org-settings#bank-connections) lands there after signing in.
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <>{children}</>;
}
