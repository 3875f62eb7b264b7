import { useSyncExternalStore } from 'react';

/**
 * The invitation link this tab is signing in for (docs/people.md "Invitations"): stored before
 * "Sign in with Google" so it survives the OAuth round trip. While it is set the shell fetches no
 * organization (the server would make the invitee one of their own) and sends every page back to the
 * invite page; accepting, or choosing to go on without it, clears it.
 */
const KEY = 'rt-pending-invitation';

// Read once: a tab's sessionStorage changes only through the two functions below (another tab has its own), which
// tell the components that follow it (usePendingInvitation).
let pending: string | null | undefined;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** The pending invitation, followed: the shell and the organization query render again when it is set or cleared. */
export function usePendingInvitation(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pendingInvitation,
    () => null,
  );
}

export function pendingInvitation(): string | null {
  if (pending === undefined) {
    try {
      pending = sessionStorage.getItem(KEY);
    } catch {
      pending = null;
    }
  }
  return pending;
}

export function setPendingInvitation(token: string) {
  pending = token;
  changed();
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage blocked: the invitee may get an organization of their own before accepting (409 says what to do).
  }
}

export function clearPendingInvitation() {
  pending = null;
  changed();
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
}
