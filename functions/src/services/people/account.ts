import { type AccountDeletionPreview, DELETION_REASONS, type DeleteAccountInput, humanizeRole } from '@rent/shared';
import { activeProfile, anonymiseProfile, organizationIdsOf } from '../../data/people/accounts.js';
import * as members from '../../data/people/members.js';
import { membershipEventOp } from '../../data/people/membershipEvents.js';
import { requestPurge } from '../../data/people/orgPurge.js';
import { recordSecurityEvent } from '../../data/people/securityLog.js';
import { Conflict, NotFound } from '../../domain-errors.js';
import { adminDeleteUser } from '../../lib/cognito.js';
import { startOrganizationPurge } from '../../lib/jobs.js';
import { logger } from '../../lib/logger.js';
import type { Person } from '../../runtime/identity.js';

/** How the membership activity names a person who deleted their account (their name and email are erased). */
const DELETED_ACCOUNT = 'A deleted account';

/**
 * "Delete my account" (docs/people.md "Account deletion"). Refused while the person is the
 * last ADMIN of an organization that has other members. Otherwise, in this order: every token issued so far is
 * refused (tokensValidAfter on the profile, read by identity), each membership is left through the members
 * repository (whose counters guard the last ADMIN again, atomically), organizations left empty get a purge
 * (a job), the profile is anonymised, a security-log entry is kept, and the Cognito user is deleted.
 */
interface Placement {
  id: string;
  name: string;
  member: members.MemberRecord;
  memberCount: number;
  adminCount: number;
}

async function placements(userId: string): Promise<Placement[]> {
  const found: Placement[] = [];
  for (const orgId of await organizationIdsOf(userId)) {
    try {
      const [member, counts] = await Promise.all([members.getMember(orgId, userId), members.ensureCounters(orgId)]);
      found.push({
        id: orgId,
        name: counts.name,
        member,
        memberCount: counts.memberCount,
        adminCount: counts.adminCount,
      });
    } catch (error) {
      if (!(error instanceof NotFound)) throw error; // left or removed since the index was written
    }
  }
  return found;
}

const isBlocking = (p: Placement) => p.member.role === 'ADMIN' && p.adminCount <= 1 && p.memberCount > 1;

export async function preview(person: Person): Promise<AccountDeletionPreview> {
  const all = await placements(person.userId);
  const summary = (p: Placement) => ({ id: p.id, name: p.name });
  return {
    blockedBy: all.filter(isBlocking).map(summary),
    deletesOrganizations: all.filter((p) => p.memberCount <= 1).map(summary),
    leavesOrganizations: all.filter((p) => p.memberCount > 1 && !isBlocking(p)).map(summary),
  };
}

export async function deleteAccount(
  person: Person,
  input: DeleteAccountInput,
  username: string,
): Promise<{ deletedAt: string; purgedOrganizations: string[] }> {
  if (!(await activeProfile(person.userId)))
    throw new NotFound('Account', { message: 'This account was already deleted.' });
  const all = await placements(person.userId);
  const blocking = all.filter(isBlocking);
  if (blocking.length > 0) throw lastAdmin(blocking.map((p) => p.name));

  const at = new Date();
  const deletedAt = at.toISOString();
  const tokensValidAfter = Math.floor(at.getTime() / 1000);
  const purged: string[] = [];
  for (const placement of all) {
    const sole = placement.memberCount <= 1;
    // Recorded before the membership goes, so a crash in between still leaves the organization to its purge.
    if (sole) await requestPurge(placement.id, deletedAt);
    try {
      // A shared organization's membership activity says a member left, as every other way of leaving does; it
      // names no one, since the account and its email are erased. (An organization of one is purged whole.)
      const left = `A member deleted their account and left the organization (was ${humanizeRole(placement.member.role)}).`;
      await members.leave(placement.id, placement.member, {
        alsoWrite: sole
          ? []
          : [membershipEventOp(placement.id, { action: 'LEFT_ORGANIZATION', actor: DELETED_ACCOUNT, details: left })],
      });
    } catch (error) {
      if (error instanceof Conflict && error.code === members.LAST_ADMIN) throw lastAdmin([placement.name]);
      throw error;
    }
    if (sole) purged.push(placement.id);
  }
  const label = DELETION_REASONS.find((r) => r.value === input.reason)?.label ?? input.reason;
  await anonymiseProfile(person.userId, {
    deletedAt,
    deletedBy: person.userId,
    deletionReason: input.details ? `${input.reason}: ${input.details}` : input.reason,
    tokensValidAfter,
  });
  await recordSecurityEvent(
    {
      userId: person.userId,
      action: 'ACCOUNT_DELETED',
      details: `Account deleted (${label}).${purged.length ? ` ${purged.length} organization(s) with no other member deleted.` : ''}`,
      success: true,
    },
    at,
  );
  for (const orgId of purged) await startOrganizationPurge(orgId);
  try {
    await adminDeleteUser(username);
  } catch (error) {
    // The account is already unusable (tokens refused, profile anonymised); the sign-in record is logged to retry.
    logger.error('cognito user not deleted', { error: (error as Error)?.name ?? 'Error' });
  }
  return { deletedAt, purgedOrganizations: purged };
}

function lastAdmin(names: string[]) {
  return new Conflict(
    'LAST_ADMIN',
    `You are the last admin of ${names.join(', ')}, which others still belong to. Make another member an admin (or remove the other members) in Org Settings, then delete your account.`,
  );
}
