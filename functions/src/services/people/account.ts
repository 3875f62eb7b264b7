import { type AccountDeletionPreview, DELETION_REASONS, type DeleteAccountInput, humanizeRole } from '@rent/shared';
import { eraseAuthorCopies, eraseReporterCopies } from '../../data/maintenance/erasure.js';
import {
  activeProfile,
  anonymiseProfile,
  type ErasureProgress,
  formerOrganizationIdsOf,
  leaseOrganizationIdsOf,
  organizationIdsOf,
  recordErasure,
  saveErasureStep,
} from '../../data/people/accounts.js';
import * as erasure from '../../data/people/erasure.js';
import { DELETED_ACCOUNT } from '../../data/people/items.js';
import * as members from '../../data/people/members.js';
import { membershipEventOp } from '../../data/people/membershipEvents.js';
import { requestPurge } from '../../data/people/orgPurge.js';
import { securityEventOp } from '../../data/people/securityLog.js';
import type { Key } from '../../data/query.js';
import { Busy, Conflict, NotFound } from '../../domain-errors.js';
import { adminDeleteUser } from '../../lib/cognito.js';
import { startOrganizationPurge } from '../../lib/jobs.js';
import { logger } from '../../lib/logger.js';
import type { Person } from '../../runtime/identity.js';

/**
 * "Delete my account" (docs/people.md "Account deletion"). Refused while the person is the last ADMIN of an
 * organization that has other members. Otherwise, in steps that a run stopped part way continues by running again:
 * 1. the organizations to erase the person from (those they leave now, left before, or had a lease in) and to purge
 *    (they are the only member) are recorded (data/people/accounts.ts, USER#u / ERASURE), before any membership ends;
 * 2. each membership is left through the members repository (whose counters guard the last ADMIN again, atomically);
 *    organizations left empty get a purge request;
 * 3. the copies of their email and names on other items are erased, a page at a time, progress saved after each
 *    page; a request stops before its time runs out (503 DELETION_UNFINISHED: running it again continues);
 * 4. the purges start (a job), then ONE write anonymises the profile, refuses every token issued so far
 *    (tokensValidAfter, read by identity), keeps a security-log entry and drops the progress;
 * 5. the Cognito user is deleted.
 */

/** How long one request erases before it stops and asks to be run again (the route's Lambda has 10 s). */
const ERASURE_BUDGET_MS = 6_000;
/** A deletion left unfinished this long starts its erasure over: copies may have been made since. */
const STALE_PROGRESS_MS = 24 * 3600 * 1000;

interface Placement {
  id: string;
  name: string;
  member: members.MemberRecord;
  memberCount: number;
  adminCount: number;
}

async function placements(userId: string): Promise<Placement[]> {
  const found = await Promise.all(
    (await organizationIdsOf(userId)).map(async (orgId): Promise<Placement | undefined> => {
      try {
        const [member, counts] = await Promise.all([members.getMember(orgId, userId), members.ensureCounters(orgId)]);
        return { id: orgId, name: counts.name, member, memberCount: counts.memberCount, adminCount: counts.adminCount };
      } catch (error) {
        if (!(error instanceof NotFound)) throw error; // left or removed since the index was written
        return undefined;
      }
    }),
  );
  return found.filter((placement) => placement !== undefined);
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
  opts: { keepGoing?: () => boolean } = {},
): Promise<{ deletedAt: string; purgedOrganizations: string[] }> {
  const deadline = Date.now() + ERASURE_BUDGET_MS;
  const keepGoing = opts.keepGoing ?? (() => Date.now() < deadline);
  const profile = await activeProfile(person.userId);
  if (!profile) throw new NotFound('Account', { message: 'This account was already deleted.' });
  const all = await placements(person.userId);
  const blocking = all.filter(isBlocking);
  if (blocking.length > 0) throw lastAdmin(blocking.map((p) => p.name));

  const started = new Date();
  const [former, leased] = await Promise.all([
    formerOrganizationIdsOf(person.userId),
    leaseOrganizationIdsOf(person.userId),
  ]);
  const sole = all.filter((p) => p.memberCount <= 1).map((p) => p.id);
  const progress = await recordErasure(
    person.userId,
    { orgIds: [...all.map((p) => p.id), ...former, ...leased].filter((id) => !sole.includes(id)), purgeOrgIds: sole },
    started.toISOString(),
    new Date(started.getTime() - STALE_PROGRESS_MS).toISOString(),
  );
  for (const placement of all) {
    const alone = placement.memberCount <= 1;
    // Recorded before the membership goes, so a crash in between still leaves the organization to its purge.
    if (alone) await requestPurge(placement.id, started.toISOString());
    try {
      // A shared organization's membership activity says a member left, as every other way of leaving does; it
      // names no one, since the account and its email are erased. (An organization of one is purged whole.)
      const left = `A member deleted their account and left the organization (was ${humanizeRole(placement.member.role)}).`;
      await members.leave(placement.id, placement.member, {
        alsoWrite: alone
          ? []
          : [membershipEventOp(placement.id, { action: 'LEFT_ORGANIZATION', actor: DELETED_ACCOUNT, details: left })],
      });
    } catch (error) {
      if (error instanceof Conflict && error.code === members.LAST_ADMIN) throw lastAdmin([placement.name]);
      throw error;
    }
  }

  const purged = progress.purgeOrgIds;
  const erasing = progress.orgIds.filter((id) => !purged.includes(id));
  await erase(person.userId, profile, erasing, progress, keepGoing);

  for (const orgId of purged) await startOrganizationPurge(orgId);
  const at = new Date();
  const deletedAt = at.toISOString();
  const label = DELETION_REASONS.find((r) => r.value === input.reason)?.label ?? input.reason;
  await anonymiseProfile(
    person.userId,
    {
      deletedAt,
      deletedBy: person.userId,
      deletionReason: input.details ? `${input.reason}: ${input.details}` : input.reason,
      tokensValidAfter: Math.floor(at.getTime() / 1000),
    },
    [
      securityEventOp(
        {
          userId: person.userId,
          action: 'ACCOUNT_DELETED',
          details: `Account deleted (${label}).${purged.length ? ` ${purged.length} organization(s) with no other member deleted.` : ''}`,
          success: true,
        },
        at,
      ),
    ],
  );
  try {
    await adminDeleteUser(username);
  } catch (error) {
    // The account is already unusable (tokens refused, profile anonymised); the sign-in record is logged to retry.
    logger.error('cognito user not deleted', { error: (error as Error)?.name ?? 'Error' });
  }
  return { deletedAt, purgedOrganizations: purged };
}

interface Step {
  id: string;
  run: (start?: Key) => Promise<Key | undefined>;
}

/**
 * Step 3: every copy of the person in the organizations they were in, in other people's security logs, and what the
 * public forms kept under their email. The text copies (membership activity, security logs) go first, while the
 * invitations still say which names the person signed with. Each step is one bounded Query a page at a time; the
 * progress names the steps done and where the current one stopped.
 */
async function erase(
  userId: string,
  profile: { email: string; name: string | null; createdAt: string | null },
  orgIds: string[],
  progress: ErasureProgress,
  keepGoing: () => boolean,
): Promise<void> {
  const surveys = await Promise.all(
    orgIds.map((orgId) => erasure.surveyOrganization(orgId, { userId, email: profile.email })),
  );
  const who: erasure.ErasedPerson = {
    userId,
    email: profile.email,
    names: [...new Set([profile.name ?? '', ...surveys.flatMap((s) => s.names)].filter(Boolean))],
  };
  const people = [...new Set(surveys.flatMap((s) => s.people))];
  const perOrganization = (id: string, run: (orgId: string) => Step['run']) =>
    orgIds.map((orgId) => ({ id: `${id}:${orgId}`, run: run(orgId) }));
  const steps: Step[] = [
    ...perOrganization('events', (orgId) => (start) => erasure.eraseFromMembershipEvents(orgId, who, start)),
    ...people.map((other) => ({
      id: `log:${other}`,
      run: (start?: Key) => erasure.eraseFromSecurityLog(other, who, start),
    })),
    ...perOrganization('invitations', (orgId) => (start) => erasure.eraseFromInvitations(orgId, who, start)),
    ...perOrganization('reports', (orgId) => (start) => eraseReporterCopies(orgId, userId, start)),
    ...perOrganization('comments', (orgId) => (start) => eraseAuthorCopies(orgId, userId, start)),
    ...perOrganization('closes', (orgId) => (start) => erasure.eraseFromClosedPeriodLog(orgId, who, start)),
    ...perOrganization('batches', (orgId) => (start) => erasure.eraseFromRuleBatches(orgId, who, start)),
    ...perOrganization('imports', (orgId) => (start) => erasure.eraseFromFileImports(orgId, who, start)),
    {
      id: 'subscriber',
      run: async () => {
        await erasure.eraseSubscriber(who.email);
        return undefined;
      },
    },
    ...monthsSince(profile.createdAt).map((month) => ({
      id: `contact:${month}`,
      run: (start?: Key) => erasure.eraseContactMessages(month, who.email, start),
    })),
  ];
  for (const step of steps) {
    if (progress.done.has(step.id)) continue;
    let cursor = progress.step === step.id ? progress.cursor : undefined;
    do {
      if (!keepGoing()) throw unfinished();
      cursor = await step.run(cursor);
      await saveErasureStep(userId, step.id, cursor);
    } while (cursor);
  }
}

/** The months (yyyy-mm, UTC) from the account's creation to now: where contact messages of its email may be. */
function monthsSince(createdAt: string | null): string[] {
  const now = new Date().toISOString().slice(0, 7);
  const months: string[] = [];
  let month = createdAt && createdAt.slice(0, 7) <= now ? createdAt.slice(0, 7) : now;
  while (month <= now) {
    months.push(month);
    const [year, m] = month.split('-').map(Number) as [number, number];
    month = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  }
  return months;
}

const unfinished = () =>
  new Busy(
    'Your account is being deleted: you have left your organizations and part of your data is erased, but there is more than one request can do. Delete your account again to finish; nothing done is repeated.',
    'DELETION_UNFINISHED',
  );

function lastAdmin(names: string[]) {
  return new Conflict(
    'LAST_ADMIN',
    `You are the last admin of ${names.join(', ')}, which others still belong to. Make another member an admin (or remove the other members) in Org Settings, then delete your account.`,
  );
}
