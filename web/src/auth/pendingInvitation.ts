/**
 * The invitation link this tab is signing in for (docs/decisions.md "invitations"): stored before
 * "Sign in with Google" so it survives the OAuth round trip. While it is set the shell fetches no
 * organization (the server would make the invitee one of their own) and sends every page back to the
 * invite page; accepting, or choosing to go on without it, clears it.
 */
const KEY = 'rt-pending-invitation';

// Read once: the shell and every organization query ask on each render, and a tab's sessionStorage changes only
// through the two functions below (another tab has its own).
let pending: string | null | undefined;

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
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage blocked: the invitee may get an organization of their own before accepting (409 says what to do).
  }
}

export function clearPendingInvitation() {
  pending = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
}
