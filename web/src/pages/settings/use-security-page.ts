import { securityActionLabel } from '@rent/shared/core/security';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type SecurityEvent, useSecurityLog, useSignOutEverywhere } from '../../api/security';
import { logout } from '../../app/logout';
import { useSession } from '../../auth/session';

/** How a recorded action reads on the page: the one table of labels in shared (core/security.ts). */
export const securityActionText = (event: SecurityEvent) => securityActionLabel(event.action);

export const SIGN_OUT_EVERYWHERE_FAILED = 'Could not sign out of all devices';

/**
 * The Security & Privacy page's data and actions: the person's own security log, newest first and
 * paged ("Load more"), signing out here, and "Sign out of all devices" behind a confirmation, which
 * on success also ends this browser's session (the server has refused its token from that moment).
 */
export function useSecurityPage() {
  const session = useSession();
  const log = useSecurityLog();
  const signOutAll = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const [signOutAllError, setSignOutAllError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  function signOut() {
    setSigningOut(true);
    void logout();
  }

  function askSignOutEverywhere() {
    setSignOutAllError(null);
    setConfirming(true);
  }

  function cancelSignOutEverywhere() {
    if (!signOutAll.isPending) setConfirming(false);
  }

  async function confirmSignOutEverywhere() {
    setSignOutAllError(null);
    try {
      await signOutAll.mutateAsync();
    } catch (error) {
      setSignOutAllError(errorMessage(error, SIGN_OUT_EVERYWHERE_FAILED));
      return;
    }
    setSigningOut(true);
    await logout({ record: false });
  }

  return {
    email: session.data?.email ?? null,
    events,
    loading: log.isPending && !log.isError,
    logError: log.isError ? errorMessage(log.error, 'Failed to load the security log') : null,
    hasMore: !!log.hasNextPage,
    loadingMore: log.isFetchingNextPage,
    loadMore: () => void log.fetchNextPage(),
    signingOut,
    signOut,
    confirming,
    signOutAllBusy: signOutAll.isPending || (signingOut && confirming),
    signOutAllError,
    askSignOutEverywhere,
    cancelSignOutEverywhere,
    confirmSignOutEverywhere,
  };
}
