/**
 * What the app has to tell the person after it reloads or signs out (docs/people.md "Several organizations",
 * "Sign out of all devices", "Account deletion"): kept in this tab's sessionStorage across the full navigation that
 * follows (a reload on "/", or Cognito's logout), and shown once by the shell. sessionStorage, not localStorage: it
 * belongs to the tab that acted, and nothing of it outlives the tab.
 */
export type Notice =
  /** 403 NOT_A_MEMBER: the organization this browser acted in is no longer theirs (removed, or left elsewhere). */
  | { kind: 'removed'; organization: string | null }
  | { kind: 'created'; organization: string }
  | { kind: 'signed-out-everywhere' }
  | { kind: 'account-deleted' };

const KEY = 'rent.notice';
const SESSION_ENDED_KEY = 'rent.session-ended';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function leaveNotice(notice: Notice): void {
  storage()?.setItem(KEY, JSON.stringify(notice));
}

/** The notice left for this load, removed as it is read (it shows once). */
export function takeNotice(): Notice | null {
  const store = storage();
  const text = store?.getItem(KEY);
  if (!text) return null;
  store?.removeItem(KEY);
  try {
    return JSON.parse(text) as Notice;
  } catch {
    return null;
  }
}

/** A 401's own message (a sign-out everywhere, a deleted account), for the sign-in page it leads to. */
export function leaveSessionEnded(message: string): void {
  storage()?.setItem(SESSION_ENDED_KEY, message);
}

/**
 * The message left for the sign-in page, read as often as it renders: a render React discards and starts again (a
 * transition interrupted by the session's own update) must find it again. Forgotten once the page is on screen.
 */
export function sessionEnded(): string | null {
  return storage()?.getItem(SESSION_ENDED_KEY) ?? null;
}

export function forgetSessionEnded(): void {
  storage()?.removeItem(SESSION_ENDED_KEY);
}

/** How each notice reads. */
export function noticeText(notice: Notice): { header: string; body: string } {
  switch (notice.kind) {
    case 'removed':
      return {
        header: notice.organization
          ? `You were removed from ${notice.organization}`
          : 'You were removed from an organization',
        body: 'You are no longer a member there, so nothing of it is shown any more.',
      };
    case 'created':
      return {
        header: `You created ${notice.organization}`,
        body: 'You are its admin. Add properties, or invite your team from Organization settings.',
      };
    case 'signed-out-everywhere':
      return {
        header: 'You signed out of all devices',
        body: 'Every session of your account has ended, here and on your other devices. Sign in again to continue.',
      };
    case 'account-deleted':
      return {
        header: 'Your account was deleted',
        body: 'Your name and email were removed and you were signed out. Signing in with Google again starts a new account.',
      };
  }
}
