import { canManageMembers, humanizeRole, type Member, mayAssignRole, mayManageMember, type Role } from '@rent/shared';
import * as members from '../../data/people/members.js';
import { listMembershipEvents, membershipEventOp } from '../../data/people/membershipEvents.js';
import { recordSecurityEvent } from '../../data/people/securityLog.js';
import { getPropertiesByIds } from '../../data/tenancy/properties.js';
import { unendedLeasesOfMember } from '../../data/tenancy/tenancies.js';
import { Conflict, NotAllowed } from '../../domain-errors.js';
import { todayOf } from '../../lib/today.js';
import type { Caller } from '../../runtime/identity.js';

/**
 * Who may change whom (docs/people.md "Who may change whom"). The route table already limits changes
 * to ADMIN and LANDLORD; these are the rules beyond it, checked here and made atomic by the repository:
 * - only an ADMIN grants ADMIN, takes it away, or removes an ADMIN;
 * - only an ADMIN changes or removes a LANDLORD (a LANDLORD manages managers and tenants, not a co-owner);
 * - nobody changes their own role, or removes themselves (that is leaving);
 * - the last ADMIN can be neither removed nor demoted, and may leave only an organization of one.
 * Each role change and removal is written to the affected person's security log. The rules themselves are
 * shared with the web app (shared/src/core/members.ts).
 */

export async function list(caller: Caller): Promise<Member[]> {
  return (await members.listMembers(caller.orgId)).map(toApi);
}

export async function changeRole(caller: Caller, userId: string, role: Role): Promise<Member> {
  requireManager(caller);
  if (userId === caller.userId) throw new NotAllowed('You cannot change your own role.', 'OWN_ROLE');
  const member = await members.getMember(caller.orgId, userId);
  if (!mayAssignRole(caller.role, member.role, role) || !mayManageMember(caller, member)) {
    throw new NotAllowed(
      member.role === 'LANDLORD'
        ? "Only an admin can change a landlord's role."
        : 'Only an admin can grant or remove the Admin role.',
      'ADMIN_ONLY',
    );
  }
  if (member.role === role) return toApi(member);
  if (member.role === 'TENANT') {
    await refuseWhileLeased(
      caller,
      member,
      (address) =>
        `${who(member)} has a lease at ${address} that has not ended. End it first (Properties, Tenants and leases: set its end date), then change their role.`,
    );
  }
  const organization = await members.ensureCounters(caller.orgId);
  const change = `${who(member)}: ${humanizeRole(member.role)} to ${humanizeRole(role)}.`;
  await members.changeRole(caller.orgId, member, role, caller, {
    alsoWrite: [membershipEventOp(caller.orgId, { action: 'ROLE_CHANGED', actor: actorOf(caller), details: change })],
  });
  await recordSecurityEvent({
    userId: member.userId,
    action: 'ROLE_CHANGED',
    details: `Role in ${organization.name} changed from ${humanizeRole(member.role)} to ${humanizeRole(role)} by ${caller.email}.`,
    success: true,
  });
  return toApi({ ...member, role });
}

export async function remove(caller: Caller, userId: string): Promise<{ userId: string }> {
  requireManager(caller);
  if (userId === caller.userId) {
    throw new NotAllowed('To leave the organization yourself, use Leave organization.', 'USE_LEAVE');
  }
  const member = await members.getMember(caller.orgId, userId);
  if (!mayManageMember(caller, member)) {
    throw new NotAllowed(
      `Only an admin can remove ${member.role === 'ADMIN' ? 'an admin' : 'a landlord'}.`,
      'ADMIN_ONLY',
    );
  }
  await refuseWhileLeased(
    caller,
    member,
    (address) =>
      `${who(member)} has a lease at ${address} that has not ended. End it first (Properties, Tenants and leases: set its end date), then remove them.`,
  );
  const organization = await members.ensureCounters(caller.orgId);
  const removal = `Removed ${who(member)} (${humanizeRole(member.role)}).`;
  await members.removeMember(caller.orgId, member, caller, {
    alsoWrite: [
      membershipEventOp(caller.orgId, { action: 'MEMBER_REMOVED', actor: actorOf(caller), details: removal }),
    ],
  });
  await recordSecurityEvent({
    userId: member.userId,
    action: 'MEMBER_REMOVED',
    details: `Removed from ${organization.name} (was ${humanizeRole(member.role)}) by ${caller.email}.`,
    success: true,
  });
  return { userId };
}

/**
 * The caller leaves this organization. Their next request acts in another of their organizations (the web
 * forgets the choice on 403 NOT_A_MEMBER); one who belonged to no other gets a new organization of their own.
 */
export async function leave(caller: Caller): Promise<{ ok: true }> {
  const member = await members.getMember(caller.orgId, caller.userId);
  await refuseWhileLeased(
    caller,
    member,
    (address) =>
      `You have a lease at ${address} that has not ended. Ask your landlord to end it before you leave the organization.`,
  );
  const organization = await members.ensureCounters(caller.orgId);
  const left = `Left the organization (was ${humanizeRole(member.role)}).`;
  await members.leave(caller.orgId, member, {
    alsoWrite: [
      membershipEventOp(caller.orgId, { action: 'LEFT_ORGANIZATION', actor: actorOf(caller), details: left }),
    ],
  });
  await recordSecurityEvent({
    userId: caller.userId,
    action: 'LEFT_ORGANIZATION',
    details: `Left ${organization.name} (was ${humanizeRole(member.role)}).`,
    success: true,
  });
  return { ok: true };
}

/**
 * A membership ends, or stops being a TENANT's, only when no lease of that person in the organization is running or
 * upcoming: the rent roll and the tenant's rental history need the tenant to be one (docs/tenants-and-maintenance.md
 * "Ending a membership with leases"). Past leases stay with the books. The member was read before this check, and
 * creating or extending a lease bumps the membership's version, so a lease written in between makes the removal's
 * version condition fail (409).
 */
async function refuseWhileLeased(caller: Caller, member: members.MemberRecord, message: (address: string) => string) {
  const { orgId } = caller;
  const unended = await unendedLeasesOfMember(orgId, member.userId, todayOf(caller));
  if (unended.length === 0) return;
  const [property] = await getPropertiesByIds(orgId, [unended[0]!.propertyId]);
  throw new Conflict('HAS_LEASE', message(property?.address ?? 'a property of this organization'));
}

/** How the organization's membership activity names a person: name and email, or the email. */
export const actorOf = (person: { name: string | null; email: string }) =>
  person.name ? `${person.name} (${person.email})` : person.email;
const who = (member: members.MemberRecord) => actorOf(member);

function requireManager(caller: Caller) {
  if (!canManageMembers(caller.role)) throw new NotAllowed('Only admins and landlords manage members.');
}

function toApi({ version, ...member }: members.MemberRecord): Member {
  return member;
}

/** The organization's membership activity, newest first. */
export function events(caller: Caller, page: { limit: number; cursor?: string }) {
  return listMembershipEvents(caller.orgId, page);
}
