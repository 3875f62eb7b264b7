/**
 * The invitation link this tab is signing in for (docs/decisions.md "invitations"): stored before
 * "Sign in with Google" so it survives the OAuth round trip. While it is set the shell fetches no
 * organization (the server would make the invitee one of their own) and sends every page back to the
 * invite page; accepting, or choosing to go on without it, clears it.
 */
const KEY = 'rt-pending-invitation';

export function pendingInvitation(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setPendingInvitation(token: string) {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage blocked: the invitee may get an organization of their own before accepting (409 says what to do).
  }
}

export function clearPendingInvitation() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
}
