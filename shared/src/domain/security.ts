import * as z from 'zod';
import { SECURITY_LOG_PAGE_MAX, type SecurityAction } from '../core/security.js';
import { blankAsUnset, pageLimit, Timestamp } from './common.js';

/** A security-log entry: id, userId, action, details, success, createdAt (a person only ever sees their own). */
export const SecurityEvent = z.object({
  id: z.string(),
  action: z.string(),
  details: z.string().nullable(),
  success: z.boolean(),
  createdAt: Timestamp,
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;

const limitMessage = `limit must be a whole number from 1 to ${SECURITY_LOG_PAGE_MAX}`;
export const SecurityLogQuery = z.strictObject({
  limit: pageLimit(SECURITY_LOG_PAGE_MAX, limitMessage),
  cursor: blankAsUnset(z.string().max(500, { error: 'That page link is not valid' })),
});

/** Newest first; `nextCursor` is null after the last page. */
export const SecurityLogPage = z.object({ events: z.array(SecurityEvent), nextCursor: z.string().nullable() });

/** Every session of the caller ends: tokens issued at or before `tokensValidAfter` are refused. */
export const SignOutEverywhereResult = z.object({ ok: z.literal(true), tokensValidAfter: Timestamp });

/**
 * An organization's membership activity (Org Settings, ADMIN and LANDLORD): role changes, invitations
 * sent/accepted/revoked, members removed or leaving. `actor` is who did it (a name or email).
 */
export const MEMBERSHIP_ACTIONS = [
  'ROLE_CHANGED',
  'MEMBER_REMOVED',
  'LEFT_ORGANIZATION',
  'INVITATION_SENT',
  'INVITATION_REVOKED',
  'INVITATION_ACCEPTED',
] as const satisfies readonly SecurityAction[];
export type MembershipAction = (typeof MEMBERSHIP_ACTIONS)[number];

export const MembershipEvent = z.object({
  id: z.string(),
  action: z.enum(MEMBERSHIP_ACTIONS),
  actor: z.string(),
  details: z.string(),
  createdAt: Timestamp,
});
export type MembershipEvent = z.infer<typeof MembershipEvent>;
export const MembershipEventPage = z.object({ events: z.array(MembershipEvent), nextCursor: z.string().nullable() });
