import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@rent/shared';
import { batchGet, type ConsistentRead, readConsistent } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { indexPrefixQuery, queryAll } from '../query.js';
import { type Membership, tokensValidAfterOf } from './items.js';

/**
 * A person's memberships in several organizations (docs/people.md "Several organizations").
 * The organization a request acts in is the one its `X-Organization-Id` header names, checked with ONE
 * consistent GetItem of that membership (ORG#o / MEMBER#u): a role change or removal holds from the next
 * request, in every organization. Without the header: the person's remembered choice (`lastOrgId` on the
 * profile), else their earliest membership.
 */

function toMembership(item: Record<string, unknown>): Membership {
  const membership: Membership = {
    orgId: item.orgId as string,
    userId: item.userId as string,
    role: item.role as Role,
  };
  if (typeof item.tokensValidAfter === 'number') membership.tokensValidAfter = item.tokensValidAfter;
  return membership;
}

/**
 * The person's membership of this organization as it is now (consistent), or null. `read` makes the read (identity's
 * may ride along the request's own batch read, data/batchGet.ts `Carpool`).
 */
export async function getMembership(
  orgId: string,
  userId: string,
  read: ConsistentRead = readConsistent,
): Promise<Membership | null> {
  const [item] = await read([keys.membership(orgId, userId)]);
  return item ? toMembership(item) : null;
}

/** Which organizations the person belongs to (GSI1 USER#u / ORG#…, eventually consistent): ids and join times. */
async function membershipIndex(userId: string): Promise<{ orgId: string; createdAt: string }[]> {
  const k = keys.membershipsOfUserPrefix(userId);
  const items = await queryAll(
    indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix, { ProjectionExpression: 'orgId, createdAt' }),
  );
  return items.map((item) => ({ orgId: String(item.orgId), createdAt: String(item.createdAt ?? '') }));
}

/**
 * Which membership a request without a header resolved to, so the next one can check exactly that membership:
 * `remembered` when it was the profile's `lastOrgId`, else the earliest membership, joined at `joinedAt`.
 */
export interface DefaultChoice {
  orgId: string;
  joinedAt: string;
  remembered: boolean;
}

export interface DefaultMembership {
  membership: Membership | null;
  profileTokensValidAfter: number | undefined;
  /** What was chosen (null: no membership). */
  choice: DefaultChoice | null;
}

/**
 * The organization a request without a header acts in: the remembered choice when the person is still a
 * member there, else the membership they joined first. Also the profile's `tokensValidAfter`, so a person
 * with no membership is still checked for "sign out of all devices" without another read.
 *
 * `expected` (the previous request's choice, runtime/identity.ts) lets one consistent BatchGetItem read the
 * profile and that membership together. It is taken only when the rule above still picks it from what was just
 * read: the profile still remembers that organization, or still remembers none and the membership is the same one
 * (same join time: any other membership is newer, so it is still the earliest). Otherwise the full lookup below
 * goes on from the profile just read.
 */
export async function defaultMembership(
  userId: string,
  expected?: DefaultChoice,
  read: ConsistentRead = readConsistent,
): Promise<DefaultMembership> {
  let profile: Record<string, unknown> | undefined;
  if (expected) {
    const membershipKey = keys.membership(expected.orgId, userId);
    const items = await read([keys.user(userId), membershipKey]);
    profile = items.find((item) => item.PK === keys.user(userId).PK);
    const item = items.find((item) => item.PK === membershipKey.PK && item.SK === membershipKey.SK);
    const remembered = rememberedOrganization(profile);
    const stillChosen =
      item !== undefined &&
      (remembered === expected.orgId ||
        (remembered === null && !expected.remembered && joinedAt(item) === expected.joinedAt));
    if (stillChosen) {
      return {
        membership: toMembership(item),
        profileTokensValidAfter: tokensValidAfterOf(profile),
        choice: { orgId: expected.orgId, joinedAt: joinedAt(item), remembered: remembered === expected.orgId },
      };
    }
  } else {
    ({ Item: profile } = await db.send(
      new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }),
    ));
  }
  const profileTokensValidAfter = tokensValidAfterOf(profile);
  const remembered = rememberedOrganization(profile);
  if (remembered) {
    const item = await getMembershipItem(remembered, userId);
    if (item) {
      const choice = { orgId: remembered, joinedAt: joinedAt(item), remembered: true };
      return { membership: toMembership(item), profileTokensValidAfter, choice };
    }
  }
  const earliest = (await membershipIndex(userId))
    .filter((m) => m.orgId !== remembered)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.orgId.localeCompare(b.orgId));
  for (const candidate of earliest) {
    // The index may lag a removal: the membership item itself decides.
    const item = await getMembershipItem(candidate.orgId, userId);
    if (item) {
      const choice = { orgId: candidate.orgId, joinedAt: joinedAt(item), remembered: false };
      return { membership: toMembership(item), profileTokensValidAfter, choice };
    }
  }
  return { membership: null, profileTokensValidAfter, choice: null };
}

const rememberedOrganization = (profile: Record<string, unknown> | undefined) =>
  typeof profile?.lastOrgId === 'string' ? profile.lastOrgId : null;
const joinedAt = (membership: Record<string, unknown>) => String(membership.createdAt ?? '');

async function getMembershipItem(orgId: string, userId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.membership(orgId, userId), ConsistentRead: true }),
  );
  return Item;
}

export interface OrganizationOfPerson {
  orgId: string;
  name: string;
  role: Role;
  joinedAt: string;
}

/**
 * Every organization the person belongs to, with its name and their role as it is now: the index says
 * which, then one consistent BatchGetItem reads the memberships and the organizations (100 keys a call).
 */
export async function organizationsOf(userId: string): Promise<OrganizationOfPerson[]> {
  const index = await membershipIndex(userId);
  if (index.length === 0) return [];
  const items = await batchGet(
    index.flatMap(({ orgId }) => [keys.membership(orgId, userId), keys.organization(orgId)]),
  );
  const byKey = new Map(items.map((item) => [`${item.PK}|${item.SK}`, item]));
  return index.flatMap(({ orgId }) => {
    const key = (k: { PK: string; SK: string }) => `${k.PK}|${k.SK}`;
    const membership = byKey.get(key(keys.membership(orgId, userId)));
    const organization = byKey.get(key(keys.organization(orgId)));
    if (!membership || !organization) return [];
    return [
      {
        orgId,
        name: String(organization.name),
        role: membership.role as Role,
        joinedAt: String(membership.createdAt ?? ''),
      },
    ];
  });
}

/**
 * Remembers the person's choice (`lastOrgId` on their profile): requests without a header, e.g. from a
 * new device, act there. Only this attribute changes; the last choice wins. No profile: nothing to do.
 */
export async function rememberOrganization(userId: string, orgId: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET lastOrgId = :org',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':org': orgId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
