/** The security log (docs/people.md "Security log"), zod-free: what an entry records and how the log is paged. */

/** What a security-log entry records. */
export const SECURITY_ACTIONS = [
  'SIGN_IN',
  'LOGOUT',
  'SIGN_OUT_EVERYWHERE',
  'ROLE_CHANGED',
  'MEMBER_REMOVED',
  'LEFT_ORGANIZATION',
  'INVITATION_SENT',
  'INVITATION_REVOKED',
  'INVITATION_ACCEPTED',
  'ACCOUNT_DELETED',
] as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];

/**
 * How each action reads wherever a person sees it: their own security log, an organization's membership activity
 * and any export of either. One table, so a new action gets its words once (a test fails on an action without).
 */
export const SECURITY_ACTION_LABELS: Record<SecurityAction, string> = {
  SIGN_IN: 'Signed in',
  LOGOUT: 'Signed out',
  SIGN_OUT_EVERYWHERE: 'Signed out of all devices',
  ROLE_CHANGED: 'Role changed',
  MEMBER_REMOVED: 'Member removed',
  LEFT_ORGANIZATION: 'Left the organization',
  INVITATION_SENT: 'Invitation sent',
  INVITATION_REVOKED: 'Invitation revoked',
  INVITATION_ACCEPTED: 'Invitation accepted',
  ACCOUNT_DELETED: 'Account deleted',
};

/**
 * An action's label. An action this build does not know yet (a newer server) still reads as words, never as
 * its code: "SOME_NEW_THING" becomes "Some new thing".
 */
export function securityActionLabel(action: string): string {
  const known = (SECURITY_ACTION_LABELS as Record<string, string>)[action];
  if (known) return known;
  const words = action
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Security event';
}

/** A page of the log (the security log and the membership activity): its size when none is asked, and the most. */
export const SECURITY_LOG_PAGE_DEFAULT = 20;
export const SECURITY_LOG_PAGE_MAX = 100;
