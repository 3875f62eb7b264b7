/**
 * Invitations, zod-free so the invite page and Org Settings may import it.
 * docs/people.md "Invitations" explains each number.
 */
import type { Role } from './roles.js';

/** PENDING until accepted or revoked; EXPIRED is computed from expiresAt (never stored). */
export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'EXPIRED', 'REVOKED'] as const;
export type InvitationStatusName = (typeof INVITATION_STATUSES)[number];

/** A link works for 7 days from when it was sent (a resend starts the 7 days again). */
export const INVITATION_TTL_DAYS = 7;
/** Invitations an organization may send (create or resend) per UTC day. */
export const INVITATIONS_PER_DAY = 50;
/** Lookups of unknown invitation links one client address may make per hour (guessing tokens). */
export const INVITATION_GUESSES_PER_HOUR = 30;
/** A token is 32 random bytes, base64url without padding: 43 characters. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const INVITATION_STATUS_LABELS: Record<InvitationStatusName, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

/**
 * Who may invite with which role (docs/people.md "Invitations"): only an ADMIN invites an ADMIN; a LANDLORD anyone
 * else; a PROPERTY_MANAGER tenants only (they run the day-to-day letting, never who reaches the books).
 */
export function mayInviteRole(actorRole: Role | null | undefined, role: Role): boolean {
  if (actorRole === 'PROPERTY_MANAGER') return role === 'TENANT';
  if (actorRole !== 'ADMIN' && actorRole !== 'LANDLORD') return false;
  return role !== 'ADMIN' || actorRole === 'ADMIN';
}

/** "jane.doe@example.com" -> "j***@example.com": enough to recognise one's own address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export const INVITATION_MESSAGES = {
  notFound:
    'This invitation link is not valid. Check that you opened the whole link from the email, or ask for a new invitation.',
  replaced: 'This invitation link was replaced by a newer one. Open the link in the most recent invitation email.',
  accepted: 'This invitation has already been used. Sign in to reach the organization, or ask for a new invitation.',
  revoked: 'This invitation was withdrawn by the organization. Ask them for a new invitation if you still need access.',
  expired: 'This invitation has expired. Ask the person who invited you to send it again.',
  wrongEmail: (masked: string) =>
    `This invitation was sent to ${masked}. Sign out, then sign in with that email address to accept it.`,
  tooManyInvitations: (max: number) =>
    `Your organization has sent ${max} invitations today, the daily limit. Try again tomorrow.`,
  tooManyGuesses:
    'Too many invitation links were tried from your network. Wait an hour and open the link from the email again.',
} as const;
