import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { signInPathFor } from '../lib/returnPath';
import { PageLoading } from './PageLoading';

/** A protected page: without a session, go to /signin?callbackUrl=<here>&error=SessionRequired (SPEC §4). */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.signingOut) return <PageLoading text="Signing out" />;
  if (session.status === 'loading') return <PageLoading text="Checking your session" />;
  if (session.status === 'unauthenticated') {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  return <>{children}</>;
}
