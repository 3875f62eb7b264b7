import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  INVITATION_GUESSES_PER_HOUR,
  INVITATION_MESSAGES,
  INVITATIONS_PER_DAY,
  type InvitationStatus,
  type Role,
} from '@rent/shared';
import { Conflict, NotFound, TooMany } from '../../domain-errors.js';
import { readConsistent, readOne } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import { type TransactOp, transact } from '../transact.js';
import { deletedAccountsAmong } from './accounts.js';
import { DELETED_ACCOUNT } from './items.js';

/**
 * Invitations (ORG#o / INVITE#i) and their links. A link's token is never stored: its SHA-256 names an
 * item of its own (INVITETOKEN#hash) that points at the invitation, read with one consistent GetItem.
 * The invitation keeps the hash of its current link, so a resent invitation's older links are told apart
 * ("replaced") and stop working; acceptance is a condition on that hash and on the status.
 * Token items are kept 30 days past their expiry (ttl) so a late click still gets a precise message.
 */
export interface InvitationRecord {
  id: string;
  orgId: string;
  email: string;
  role: Role;
  propertyId: string | null;
  /** A tenant's lease terms, copied to the lease made at acceptance (cents; null on other roles' invitations). */
  unitLabel: string | null;
  monthlyRent: number | null;
  securityDeposit: number | null;
  leaseStart: string | null;
  leaseEnd: string | null;
  /** What is stored: PENDING, ACCEPTED or REVOKED (EXPIRED is computed from expiresAt). */
  status: Exclude<InvitationStatus, 'EXPIRED'>;
  tokenHash: string;
  expiresAt: string;
  invitedBy: string;
  invitedByName: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

const KEEP_TOKEN_SECONDS = 30 * 24 * 3600;
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** What the organization sees: EXPIRED once a pending invitation's link has run out. */
export function statusOf(record: Pick<InvitationRecord, 'status' | 'expiresAt'>, now = new Date()): InvitationStatus {
  return record.status === 'PENDING' && Date.parse(record.expiresAt) <= now.getTime() ? 'EXPIRED' : record.status;
}

function tokenPut(record: InvitationRecord): TransactOp {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.invitationToken(record.tokenHash),
          type: 'InvitationToken',
          orgId: record.orgId,
          invitationId: record.id,
          ttl: epoch(record.expiresAt) + KEEP_TOKEN_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
}

/** One more invitation sent today by this organization, refused past the daily limit. */
function dailyCount(orgId: string, now: Date): TransactOp {
  const day = now.toISOString().slice(0, 10);
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.invitationDailyCounter(orgId, day),
        UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': INVITATIONS_PER_DAY,
          ':ttl': epoch(now.toISOString()) + 2 * 86400,
        },
      },
    },
    onConditionFailure: () =>
      new TooMany(INVITATION_MESSAGES.tooManyInvitations(INVITATIONS_PER_DAY), 'TOO_MANY_INVITATIONS'),
  };
}

/**
 * One pending invitation per email and organization, also when the same invitation is sent several times at once
 * (a double click): a lock item per email (its SHA-256, not the address) names the invitation last sent to it. A new
 * one is written only if the lock still names what was read, and that was no pending invitation; of concurrent
 * sends one writes it, the others are 409 ALREADY_INVITED as a later send is.
 */
export function emailLockKey(orgId: string, email: string) {
  return keys.invitationEmailLock(orgId, createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex'));
}

const alreadyInvited = (email: string) =>
  new Conflict('ALREADY_INVITED', `${email} already has a pending invitation. Use Resend to send the email again.`);

async function emailLockOp(record: InvitationRecord): Promise<TransactOp> {
  const Key = emailLockKey(record.orgId, record.email);
  const { Item: lock } = await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  const seen = lock?.invitationId as string | undefined;
  if (seen) {
    const { Item: last } = await db.send(
      new GetCommand({ TableName: tableName(), Key: keys.invitation(record.orgId, seen), ConsistentRead: true }),
    );
    if (last && statusOf(toRecord(last), new Date(record.createdAt)) === 'PENDING') throw alreadyInvited(record.email);
  }
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...Key, type: 'InvitationEmailLock', invitationId: record.id },
        ConditionExpression: seen ? 'invitationId = :seen' : 'attribute_not_exists(PK)',
        ...(seen && { ExpressionAttributeValues: { ':seen': seen } }),
      },
    },
    onConditionFailure: () => alreadyInvited(record.email),
  };
}

/** Writes a new invitation and its link, counted against the organization's daily limit. */
export async function createInvitation(record: InvitationRecord, alsoWrite: TransactOp[] = []): Promise<void> {
  const lock = await emailLockOp(record);
  await transact([
    lock,
    ...alsoWrite,
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...keys.invitation(record.orgId, record.id), type: 'Invitation', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    tokenPut(record),
    dailyCount(record.orgId, new Date(record.createdAt)),
  ]);
}

/**
 * Every invitation of the organization, newest first. One sent by a deleted account, or accepted by one, names "A
 * deleted account" whatever copy it still holds (docs/people.md "Account deletion").
 */
export async function listInvitations(orgId: string): Promise<InvitationRecord[]> {
  const k = keys.invitationsPrefix(orgId);
  const items = await queryAll({ ...prefixQuery(tableName(), k.PK, k.SKPrefix), ConsistentRead: true });
  const deleted = await deletedAccountsAmong(
    items.flatMap((i) => [i.invitedBy, i.acceptedBy]).filter((id): id is string => typeof id === 'string'),
  );
  return items
    .map((item) => {
      const record = toRecord(item);
      if (deleted.has(record.invitedBy)) record.invitedByName = DELETED_ACCOUNT;
      if (deleted.has(String(item.acceptedBy))) record.email = DELETED_ACCOUNT;
      return record;
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** One invitation of the caller's organization; another organization's is NotFound. */
export async function getInvitation(orgId: string, invitationId: string): Promise<InvitationRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.invitation(orgId, invitationId), ConsistentRead: true }),
  );
  if (!Item) throw new NotFound('Invitation');
  return toRecord(Item);
}

const changed = () =>
  new Conflict('CONFLICT', 'This invitation was changed by someone else at the same time. Reload and try again.');

/** Resend: a new link (the old one stops working) and a new expiry, counted like a new invitation. */
export async function replaceLink(
  current: InvitationRecord,
  next: { tokenHash: string; expiresAt: string; updatedAt: string },
  alsoWrite: TransactOp[] = [],
): Promise<InvitationRecord> {
  const updated: InvitationRecord = { ...current, ...next, version: current.version + 1 };
  await transact([
    ...alsoWrite,
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.invitation(current.orgId, current.id),
          UpdateExpression: 'SET tokenHash = :hash, expiresAt = :expires, updatedAt = :now ADD version :one',
          ConditionExpression: 'version = :version AND #status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':hash': next.tokenHash,
            ':expires': next.expiresAt,
            ':now': next.updatedAt,
            ':one': 1,
            ':version': current.version,
            ':pending': 'PENDING',
          },
        },
      },
      onConditionFailure: changed,
    },
    tokenPut(updated),
    dailyCount(current.orgId, new Date(next.updatedAt)),
  ]);
  return updated;
}

/** Revoke: the invitation stays listed as REVOKED and its link stops working. */
export async function revokeInvitation(
  current: InvitationRecord,
  now: string,
  alsoWrite: TransactOp[] = [],
): Promise<InvitationRecord> {
  await transact([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.invitation(current.orgId, current.id),
          UpdateExpression: 'SET #status = :revoked, updatedAt = :now ADD version :one',
          ConditionExpression: 'version = :version AND #status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':revoked': 'REVOKED',
            ':pending': 'PENDING',
            ':now': now,
            ':one': 1,
            ':version': current.version,
          },
        },
      },
      onConditionFailure: changed,
    },
    ...alsoWrite,
  ]);
  return { ...current, status: 'REVOKED', updatedAt: now, version: current.version + 1 };
}

/**
 * The invitation a link's hash points at, whether that link is still the invitation's current one, and the name of
 * its organization, read in the same call as the invitation (what every use of a link shows or says).
 */
export async function findByTokenHash(
  tokenHash: string,
): Promise<{ invitation: InvitationRecord; current: boolean; organizationName: string } | null> {
  const pointer = await readOne(keys.invitationToken(tokenHash));
  if (!pointer) return null;
  const orgId = String(pointer.orgId);
  const invitationKey = keys.invitation(orgId, String(pointer.invitationId));
  const organizationKey = keys.organization(orgId);
  const items = await readConsistent([invitationKey, organizationKey]);
  const item = items.find((found) => found.SK === invitationKey.SK);
  if (!item) return null;
  const organization = items.find((found) => found.SK === organizationKey.SK);
  if (!organization) throw new NotFound('Organization');
  const invitation = toRecord(item);
  return { invitation, current: invitation.tokenHash === tokenHash, organizationName: String(organization.name) };
}

export const INVITATION_CHANGED = 'INVITATION_CHANGED';

/**
 * The part of an acceptance that marks the invitation ACCEPTED: joins the membership's TransactWriteItems
 * (members.addMember), conditioned on the link being current, the invitation pending and not expired.
 */
export function markAccepted(invitation: InvitationRecord, tokenHash: string, userId: string, now: string): TransactOp {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.invitation(invitation.orgId, invitation.id),
        UpdateExpression:
          'SET #status = :accepted, acceptedBy = :user, acceptedAt = :now, updatedAt = :now ADD version :one',
        ConditionExpression: '#status = :pending AND tokenHash = :hash AND expiresAt > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':accepted': 'ACCEPTED',
          ':pending': 'PENDING',
          ':user': userId,
          ':now': now,
          ':one': 1,
          ':hash': tokenHash,
        },
      },
    },
    onConditionFailure: () => new Conflict(INVITATION_CHANGED, INVITATION_MESSAGES.accepted),
  };
}

/** Refuses a client address that has looked up too many unknown links this hour. */
export async function assertGuessesLeft(clientIp: string, now = new Date()): Promise<void> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.invitationGuessCounter(clientIp, hourOf(now)) }),
  );
  if (typeof Item?.count === 'number' && Item.count >= INVITATION_GUESSES_PER_HOUR) throw tooManyGuesses();
}

/** Counts one unknown link looked up from this address (a conditional ADD: the limit holds under concurrency). */
export async function countGuess(clientIp: string, now = new Date()): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.invitationGuessCounter(clientIp, hourOf(now)),
        UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': INVITATION_GUESSES_PER_HOUR,
          ':ttl': Math.floor(now.getTime() / 1000) + 7200,
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw tooManyGuesses();
    throw error;
  }
}

const tooManyGuesses = () => new TooMany(INVITATION_MESSAGES.tooManyGuesses, 'TOO_MANY_GUESSES');
const hourOf = (now: Date) => now.toISOString().slice(0, 13);

function toRecord(item: Record<string, unknown>): InvitationRecord {
  return {
    id: item.id as string,
    orgId: item.orgId as string,
    email: item.email as string,
    role: item.role as Role,
    propertyId: (item.propertyId as string | null | undefined) ?? null,
    unitLabel: (item.unitLabel as string | null | undefined) ?? null,
    monthlyRent: (item.monthlyRent as number | null | undefined) ?? null,
    securityDeposit: (item.securityDeposit as number | null | undefined) ?? null,
    leaseStart: (item.leaseStart as string | null | undefined) ?? null,
    leaseEnd: (item.leaseEnd as string | null | undefined) ?? null,
    status: item.status as InvitationRecord['status'],
    tokenHash: item.tokenHash as string,
    expiresAt: item.expiresAt as string,
    invitedBy: item.invitedBy as string,
    invitedByName: item.invitedByName as string,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}
