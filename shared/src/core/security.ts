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

/** A page of the log (the security log and the membership activity): its size when none is asked, and the most. */
export const SECURITY_LOG_PAGE_DEFAULT = 20;
export const SECURITY_LOG_PAGE_MAX = 100;
