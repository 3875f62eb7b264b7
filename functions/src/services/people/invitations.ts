import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  fromCents,
  GRACE_DAYS_DEFAULT,
  humanizeRole,
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationInput,
  maskEmail,
  mayInviteRole,
  type PublicInvitation,
  RENT_DUE_DAY_DEFAULT,
  type Role,
} from '@rent/shared';
import type { InvitationRecord } from '../../data/people/invitations.js';
import * as invitations from '../../data/people/invitations.js';
import * as members from '../../data/people/members.js';
import { membershipEventOp } from '../../data/people/membershipEvents.js';
import { getMembership, rememberOrganization } from '../../data/people/memberships.js';
import { getOrganization } from '../../data/people/organizations.js';
import { recordSecurityEvent } from '../../data/people/securityLog.js';
import { findUserIdByEmail } from '../../data/people/users.js';
import { getProperty } from '../../data/tenancy/properties.js';
import { newLeaseOps } from '../../data/tenancy/tenancies.js';
import { Busy, Conflict, InvalidReference, NotAllowed, NotFound } from '../../domain-errors.js';
import { sendEmail, siteUrl } from '../../lib/email.js';
import { logger } from '../../lib/logger.js';
import { todayOf } from '../../lib/today.js';
import type { Caller, Person } from '../../runtime/identity.js';
import { invitationMail } from './invitationEmail.js';
import { actorOf } from './members.js';

/**
 * Invitations (docs/people.md "Invitations"). The members policy applies: staff invite (the route table), only an
 * ADMIN invites an ADMIN or resends/revokes an ADMIN's invitation, and a PROPERTY_MANAGER invites, resends and
 * revokes tenants' invitations only (to any property of the organization: managers see them all).
 * A link carries 32 random bytes (base64url); only their SHA-256 is stored. A link is single use, works for
 * 7 days, and stops working when the invitation is resent or revoked. Looking one up changes nothing;
 * acceptance is a POST by the signed-in invitee whose email must match.
 */

const DAY_MS = 86_400_000;
const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();

export async function list(caller: Caller): Promise<{ invitations: Invitation[] }> {
  const records = await invitations.listInvitations(caller.orgId);
  const now = new Date();
  return { invitations: records.map((record) => toApi(record, now)) };
}

export async function create(caller: Caller, input: InvitationInput): Promise<Invitation> {
  requireMayInvite(caller, input.role);
  if (input.propertyId) {
    await getProperty(caller.orgId, input.propertyId).catch((error: unknown) => {
      if (error instanceof NotFound) throw new InvalidReference('propertyId', 'not a property of your organization');
      throw error;
    });
  }
  await refuseExistingMember(caller.orgId, input.email);
  const now = new Date();
  const pending = (await invitations.listInvitations(caller.orgId)).find(
    (i) => i.email === input.email && invitations.statusOf(i, now) === 'PENDING',
  );
  if (pending) {
    throw new Conflict(
      'ALREADY_INVITED',
      `${input.email} already has a pending invitation. Use Resend to send the email again.`,
    );
  }
  const token = newToken();
  const record: InvitationRecord = {
    id: randomUUID(),
    orgId: caller.orgId,
    email: input.email,
    role: input.role,
    propertyId: input.propertyId ?? null,
    unitLabel: input.unitLabel ?? null,
    monthlyRent: input.monthlyRent ?? null,
    securityDeposit: input.role === 'TENANT' ? (input.securityDeposit ?? 0) : null,
    leaseStart: input.leaseStart ?? null,
    leaseEnd: input.leaseEnd ?? null,
    status: 'PENDING',
    tokenHash: hashToken(token),
    expiresAt: expiryFrom(now),
    invitedBy: caller.userId,
    invitedByName: caller.name || caller.email,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    version: 1,
  };
  await invitations.createInvitation(record, [sentEvent(caller, record, 'Invited')]);
  await mailAndLog(caller, record, token);
  return toApi(record, now);
}

export async function resend(caller: Caller, invitationId: string): Promise<Invitation> {
  const current = await invitations.getInvitation(caller.orgId, invitationId);
  requireMayInvite(caller, current.role);
  if (current.status !== 'PENDING') {
    throw new Conflict('NOT_PENDING', `This invitation was ${current.status.toLowerCase()}; invite the person again.`);
  }
  const token = newToken();
  const now = new Date();
  const updated = await invitations.replaceLink(
    current,
    { tokenHash: hashToken(token), expiresAt: expiryFrom(now), updatedAt: now.toISOString() },
    [sentEvent(caller, current, 'Sent a new link to')],
  );
  await mailAndLog(caller, updated, token);
  return toApi(updated, now);
}

export async function revoke(caller: Caller, invitationId: string): Promise<Invitation> {
  const current = await invitations.getInvitation(caller.orgId, invitationId);
  requireMayInvite(caller, current.role);
  if (current.status !== 'PENDING') {
    throw new Conflict('NOT_PENDING', `This invitation was already ${current.status.toLowerCase()}.`);
  }
  const now = new Date();
  const revoked = await invitations.revokeInvitation(current, now.toISOString(), [
    membershipEventOp(caller.orgId, {
      action: 'INVITATION_REVOKED',
      actor: actorOf(caller),
      details: `Revoked the invitation of ${current.email} (${humanizeRole(current.role)}).`,
    }),
  ]);
  await recordSecurityEvent({
    userId: caller.userId,
    action: 'INVITATION_REVOKED',
    details: `Revoked the invitation of ${current.email} (${humanizeRole(current.role)}).`,
    success: true,
  });
  return toApi(revoked, now);
}

/** The public page's view of a link: no change is made, nothing about the invitee is told. */
export async function lookup(token: string, clientIp: string): Promise<PublicInvitation> {
  const { invitation, organizationName } = await findCurrent(token, clientIp);
  return {
    organizationName,
    role: invitation.role,
    inviterName: invitation.invitedByName,
    status: invitations.statusOf(invitation),
  };
}

/**
 * Acceptance: the signed-in email must be the invitation's; the membership is written through the members
 * repository in the same transaction that marks the invitation ACCEPTED (and records the organization's
 * membership event), so of concurrent accepts exactly one wins. A person who belongs to other organizations
 * joins this one too (docs/people.md "Several organizations"), and it becomes their remembered choice.
 */
export async function accept(
  person: Person,
  token: string,
  clientIp: string,
): Promise<{ organizationId: string; organizationName: string; role: Role }> {
  const { invitation, tokenHash, organizationName } = await findCurrent(token, clientIp);
  assertPending(invitation);
  if (invitation.email !== person.email.toLowerCase()) {
    throw new NotAllowed(INVITATION_MESSAGES.wrongEmail(maskEmail(invitation.email)), 'WRONG_EMAIL');
  }
  if (await getMembership(invitation.orgId, person.userId)) {
    throw new Conflict('ALREADY_MEMBER', `You are already a member of ${organizationName}.`);
  }
  const now = new Date().toISOString();
  const profile = { userId: person.userId, email: person.email, name: person.name, image: person.image };
  try {
    await members.addMember(invitation.orgId, profile, invitation.role, {
      alsoWrite: [
        invitations.markAccepted(invitation, tokenHash, person.userId, now),
        ...leaseOfTenant(invitation, person),
        membershipEventOp(invitation.orgId, {
          action: 'INVITATION_ACCEPTED',
          actor: actorOf(person),
          details: `Joined as ${humanizeRole(invitation.role)} (invited by ${invitation.invitedByName}).`,
        }),
      ],
    });
  } catch (error) {
    // Someone (another tab, a concurrent click) changed it first: say precisely what it is now.
    if (error instanceof Conflict && error.code === invitations.INVITATION_CHANGED) {
      assertPending((await invitations.findByTokenHash(tokenHash))?.invitation ?? invitation);
    }
    throw error;
  }
  await rememberOrganization(person.userId, invitation.orgId);
  await recordSecurityEvent({
    userId: person.userId,
    action: 'INVITATION_ACCEPTED',
    details: `Joined ${organizationName} as ${humanizeRole(invitation.role)} (invited by ${invitation.invitedByName}).`,
    success: true,
  });
  return { organizationId: invitation.orgId, organizationName, role: invitation.role };
}

/**
 * A TENANT invitation names the home they rent and its terms: accepting it starts their lease there with the
 * invitation's rent, deposit, unit and dates (start empty = today, end empty = month-to-month), so they see that
 * property and can report maintenance at once, and the rent roll has the rent from day one. An invitation sent
 * before invitations carried rent makes a lease at $0, as it did then.
 */
function leaseOfTenant(invitation: InvitationRecord, person: Person) {
  if (invitation.role !== 'TENANT' || !invitation.propertyId) return [];
  return newLeaseOps(invitation.orgId, {
    userId: person.userId,
    propertyId: invitation.propertyId,
    leaseStart: invitation.leaseStart ?? todayOf(person),
    leaseEnd: invitation.leaseEnd,
    unitLabel: invitation.unitLabel,
    monthlyRent: invitation.monthlyRent ?? 0,
    securityDeposit: invitation.securityDeposit ?? 0,
    rentDueDay: RENT_DUE_DAY_DEFAULT,
    graceDays: GRACE_DAYS_DEFAULT,
  }).ops;
}

/**
 * The invitation of a link that is still its invitation's current one. Only unknown links count against the
 * address (docs/people.md "Invitations"): a link that exists is always answered, so one person's typos or someone
 * guessing from a shared address (an office, a carrier's NAT) never refuse the invitee's real link. Past the limit an
 * unknown link is 429 instead of 404: read first (no write while refused), then a conditional ADD that holds under
 * concurrency. The limit bounds the cost and noise of guessing; guessing itself cannot succeed (256 random bits).
 */
async function findCurrent(token: string, clientIp: string) {
  const tokenHash = hashToken(token);
  const found = await invitations.findByTokenHash(tokenHash);
  if (!found) {
    await invitations.assertGuessesLeft(clientIp);
    await invitations.countGuess(clientIp);
    throw new NotFound('Invitation', { message: INVITATION_MESSAGES.notFound });
  }
  if (!found.current) throw new Conflict('INVITATION_REPLACED', INVITATION_MESSAGES.replaced);
  return { invitation: found.invitation, organizationName: found.organizationName, tokenHash };
}

function assertPending(invitation: InvitationRecord) {
  const status = invitations.statusOf(invitation);
  if (status === 'ACCEPTED') throw new Conflict('INVITATION_ACCEPTED', INVITATION_MESSAGES.accepted);
  if (status === 'REVOKED') throw new Conflict('INVITATION_REVOKED', INVITATION_MESSAGES.revoked);
  if (status === 'EXPIRED') throw new Conflict('INVITATION_EXPIRED', INVITATION_MESSAGES.expired);
}

/** The organization's membership event of an invitation sent (a new invitation, or a resend's new link). */
function sentEvent(caller: Caller, record: InvitationRecord, verb: string) {
  return membershipEventOp(record.orgId, {
    action: 'INVITATION_SENT',
    actor: actorOf(caller),
    details: `${verb} ${record.email} as ${humanizeRole(record.role)}.`,
  });
}

function requireMayInvite(caller: Caller, role: Role) {
  if (mayInviteRole(caller.role, role)) return;
  if (caller.role === 'PROPERTY_MANAGER') {
    throw new NotAllowed('Property managers invite tenants only. Ask an admin or a landlord.', 'TENANTS_ONLY');
  }
  throw new NotAllowed('Only an admin can invite an admin.', 'ADMIN_ONLY');
}

async function refuseExistingMember(orgId: string, email: string) {
  const userId = await findUserIdByEmail(email);
  if (!userId) return;
  const member = await members.getMember(orgId, userId).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  if (member) throw new Conflict('ALREADY_MEMBER', `${email} is already a member of this organization.`);
}

/** Sends the link (the only place the token is ever written) and records the sending. */
async function mailAndLog(caller: Caller, record: InvitationRecord, token: string) {
  const [organization, property] = await Promise.all([
    getOrganization(record.orgId),
    record.propertyId ? getProperty(record.orgId, record.propertyId).catch(() => null) : null,
  ]);
  const mail = invitationMail({
    to: record.email,
    organizationName: organization.name,
    inviterName: record.invitedByName,
    role: record.role,
    link: `${siteUrl()}/invite/${token}`,
    expiresAt: record.expiresAt,
    lease: property && {
      address: property.address,
      unitLabel: record.unitLabel,
      leaseStart: record.leaseStart,
      leaseEnd: record.leaseEnd,
      monthlyRent: record.monthlyRent ?? 0,
      securityDeposit: record.securityDeposit ?? 0,
    },
  });
  try {
    await sendEmail(mail);
  } catch (error) {
    logger.warn('invitation email not sent', { invitationId: record.id, error: (error as Error)?.name });
    throw new Busy(
      'The invitation was saved, but its email could not be sent. Try Resend in a few minutes.',
      'EMAIL_NOT_SENT',
    );
  }
  await recordSecurityEvent({
    userId: caller.userId,
    action: 'INVITATION_SENT',
    details: `Invited ${record.email} to ${organization.name} as ${humanizeRole(record.role)}.`,
    success: true,
  });
}

function toApi(record: InvitationRecord, now: Date): Invitation {
  return {
    id: record.id,
    email: record.email,
    role: record.role,
    propertyId: record.propertyId,
    unitLabel: record.unitLabel,
    monthlyRent: record.monthlyRent === null ? null : fromCents(record.monthlyRent),
    securityDeposit: record.securityDeposit === null ? null : fromCents(record.securityDeposit),
    leaseStart: record.leaseStart,
    leaseEnd: record.leaseEnd,
    status: invitations.statusOf(record, now),
    expiresAt: record.expiresAt,
    invitedBy: record.invitedByName,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
