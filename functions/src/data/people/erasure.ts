import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { type Item, type Key, prefixQuery, queryAll, queryPage } from '../query.js';
import { emailLockKey } from './invitations.js';
import { DELETED_ACCOUNT } from './items.js';

/**
 * Account deletion's erasure of the copies of a person kept on other items (docs/people.md "Account deletion"):
 * their email and the names they were shown by, written at the time into membership activity, invitations, other
 * people's security logs, the closed-period log, rule batches and file imports, and the product-news subscriber and
 * contact messages of their email. Maintenance requests and their activity are data/maintenance/erasure.ts.
 *
 * Each function handles ONE page of one bounded Query (`start` is where the previous page stopped; the answer is
 * where the next starts, undefined after the last) and rewrites each item on its own, so no history is too long for
 * it, and every rewrite is idempotent: an item already erased is left alone, a page done twice changes nothing.
 * Items deleted meanwhile are not brought back (every write is conditioned on the item existing).
 */

/** The person whose copies go: their id, their email (lower-case) and every name they were shown by. */
export interface ErasedPerson {
  userId: string;
  email: string;
  names: string[];
}

const PAGE = 200;
const AT_ONCE = 25;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The email as a whole address (not the tail of a longer one), in any case. */
const address = (email: string) =>
  new RegExp(`(?<![A-Za-z0-9._%+-])${literal(email)}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`, 'gi');

/** Whether a text names the person (their email, in any case). */
export const mentions = (text: string, who: ErasedPerson) => who.email.length > 0 && address(who.email).test(text);

/**
 * A text written with the person in it (membership activity's details, security-log details), with the person
 * replaced by "A deleted account": "Name (email)" with any of their names, "(invited by Name)", "Name (email)" where
 * the name has changed since (at the start, or after "Removed "), then the email wherever it is left.
 */
export function withoutPerson(text: string, who: ErasedPerson): string {
  if (!who.email) return text;
  const email = literal(who.email);
  let out = text;
  for (const name of who.names.filter(Boolean)) {
    out = out.replace(new RegExp(`${literal(name)} \\(${email}\\)`, 'gi'), DELETED_ACCOUNT);
    out = out.replaceAll(`(invited by ${name})`, `(invited by ${DELETED_ACCOUNT})`);
  }
  out = out.replace(new RegExp(`^(Removed )?[^()]*? \\(${email}\\)`, 'i'), `$1${DELETED_ACCOUNT}`);
  return out.replace(address(who.email), DELETED_ACCOUNT);
}

/** Runs `fn` on every item, a few at a time. */
async function each(items: Item[], fn: (item: Item) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += AT_ONCE) await Promise.all(items.slice(i, i + AT_ONCE).map(fn));
}

/** SETs on an item that still exists (one deleted meanwhile stays deleted). */
async function rewrite(
  item: Item,
  update: { expression: string; names?: Record<string, string>; values: Record<string, unknown>; condition?: string },
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: update.expression,
        ConditionExpression: `attribute_exists(PK)${update.condition ? ` AND ${update.condition}` : ''}`,
        ...(update.names && { ExpressionAttributeNames: update.names }),
        ExpressionAttributeValues: update.values,
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

async function page(pk: string, prefix: string, start: Key | undefined, extra: Record<string, unknown> = {}) {
  return queryPage(prefixQuery(tableName(), pk, prefix, { Limit: PAGE, ConsistentRead: true, ...extra }), start);
}

// ---- what an organization knows of the person --------------------------------------------------------------

/**
 * Before anything is rewritten: the names the person's invitations were signed with in this organization (they are
 * in the activity and the invitees' logs as "invited by <name>"), and whose security logs may name the person: its
 * members, its former members, whoever invited the person and whoever accepted the person's invitations.
 */
export async function surveyOrganization(
  orgId: string,
  who: Pick<ErasedPerson, 'userId' | 'email'>,
): Promise<{ names: string[]; people: string[] }> {
  const pk = keys.organization(orgId).PK;
  const ids = (prefix: string) =>
    queryAll(prefixQuery(tableName(), pk, prefix, { ProjectionExpression: 'userId', ConsistentRead: true }));
  const [members, former, invitations] = await Promise.all([
    ids(keys.membersPrefix(orgId).SKPrefix),
    ids(keys.formerMembersPrefix(orgId).SKPrefix),
    queryAll(
      prefixQuery(tableName(), pk, keys.invitationsPrefix(orgId).SKPrefix, {
        ProjectionExpression: 'email, invitedBy, invitedByName, acceptedBy',
        ConsistentRead: true,
      }),
    ),
  ]);
  const byThem = invitations.filter((i) => i.invitedBy === who.userId);
  const toThem = invitations.filter((i) => String(i.email ?? '').toLowerCase() === who.email);
  const names = byThem.map((i) => String(i.invitedByName ?? '')).filter((n) => n && n !== DELETED_ACCOUNT);
  const people = [
    ...members.map((m) => m.userId),
    ...former.map((m) => m.userId),
    ...toThem.map((i) => i.invitedBy),
    ...byThem.map((i) => i.acceptedBy),
  ].filter((id): id is string => typeof id === 'string' && id !== who.userId);
  return { names: [...new Set(names)], people: [...new Set(people)] };
}

// ---- text copies --------------------------------------------------------------------------------------------

/** Membership activity (ORG#o / MEMBERLOG#): an event by the person names "A deleted account"; one about them too. */
export async function eraseFromMembershipEvents(orgId: string, who: ErasedPerson, start?: Key) {
  const prefix = keys.membershipEventsPrefix(orgId);
  const found = await page(prefix.PK, prefix.SKPrefix, start);
  await each(found.items, async (item) => {
    const actor = String(item.actor ?? '');
    const details = String(item.details ?? '');
    const nextActor = mentions(actor, who) ? DELETED_ACCOUNT : actor;
    const nextDetails = withoutPerson(details, who);
    if (nextActor === actor && nextDetails === details) return;
    await rewrite(item, {
      expression: 'SET actor = :actor, details = :details',
      values: { ':actor': nextActor, ':details': nextDetails },
    });
  });
  return found.next;
}

/** Another person's security log (USER#u / LOG#): "changed by <email>", "Invited <email>", "invited by <name>". */
export async function eraseFromSecurityLog(userId: string, who: ErasedPerson, start?: Key) {
  const prefix = keys.securityLogPrefix(userId);
  const found = await page(prefix.PK, prefix.SKPrefix, start);
  await each(found.items, async (item) => {
    if (typeof item.details !== 'string') return;
    const details = withoutPerson(item.details, who);
    if (details === item.details) return;
    await rewrite(item, { expression: 'SET details = :details', values: { ':details': details } });
  });
  return found.next;
}

// ---- copies next to the person's id -------------------------------------------------------------------------

/**
 * Invitations (ORG#o / INVITE#): one sent TO the person loses their address (the list shows "A deleted account"); if
 * it was still pending it is revoked, since it no longer names anyone to accept it, and the lock keyed by their
 * address's hash (ORG#o / INVITEMAIL#) goes. One sent BY the person keeps
 * `invitedBy` (the id) and loses the name it was signed with.
 */
export async function eraseFromInvitations(orgId: string, who: ErasedPerson, start?: Key) {
  // The lock naming the invitation last sent to their address is keyed by the address's hash: personal data too.
  if (!start && who.email) {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: emailLockKey(orgId, who.email) }));
  }
  const prefix = keys.invitationsPrefix(orgId);
  const found = await page(prefix.PK, prefix.SKPrefix, start);
  const now = new Date().toISOString();
  await each(found.items, async (item) => {
    const toThem = String(item.email ?? '').toLowerCase() === who.email;
    const byThem = item.invitedBy === who.userId && item.invitedByName !== DELETED_ACCOUNT;
    if (!toThem && !byThem) return;
    const sets: string[] = [];
    const values: Record<string, unknown> = { ':one': 1, ':label': DELETED_ACCOUNT };
    if (toThem) sets.push('email = :label');
    if (byThem) sets.push('invitedByName = :label');
    if (toThem && item.status === 'PENDING') {
      sets.push('#status = :revoked', 'updatedAt = :now');
      Object.assign(values, { ':revoked': 'REVOKED', ':now': now });
    }
    await rewrite(item, {
      expression: `SET ${sets.join(', ')} ADD version :one`,
      ...(sets.some((s) => s.startsWith('#status')) && { names: { '#status': 'status' } }),
      values,
    });
  });
  return found.next;
}

/** The closed-period log (ORG#o / CLOSELOG#): the change keeps `byUserId`; its `byName` says "A deleted account". */
export async function eraseFromClosedPeriodLog(orgId: string, who: ErasedPerson, start?: Key) {
  const prefix = keys.closedPeriodChangesPrefix(orgId);
  const found = await page(prefix.PK, prefix.SKPrefix, start, {
    FilterExpression: 'byUserId = :user',
    ExpressionAttributeValues: { ':user': who.userId },
  });
  await each(found.items, async (item) => {
    if (item.byName === DELETED_ACCOUNT) return;
    await rewrite(item, { expression: 'SET byName = :label', values: { ':label': DELETED_ACCOUNT } });
  });
  return found.next;
}

/** Rule batches and file imports: `createdBy` / `undoneBy` keep the person's id, their email becomes null. */
async function eraseCreators(pk: string, prefix: string, who: ErasedPerson, start?: Key) {
  const found = await page(pk, prefix, start, {
    FilterExpression: '#created.#user = :user OR #undone.#user = :user',
    ExpressionAttributeNames: { '#created': 'createdBy', '#undone': 'undoneBy', '#user': 'userId' },
    ExpressionAttributeValues: { ':user': who.userId },
  });
  await each(found.items, async (item) => {
    for (const field of ['createdBy', 'undoneBy'] as const) {
      const by = item[field] as { userId?: string; email?: string | null } | null | undefined;
      if (by?.userId !== who.userId || by.email == null) continue;
      await rewrite(item, {
        expression: 'SET #by.#email = :null',
        names: { '#by': field, '#email': 'email', '#user': 'userId' },
        values: { ':null': null, ':user': who.userId },
        condition: '#by.#user = :user',
      });
    }
  });
  return found.next;
}

export async function eraseFromRuleBatches(orgId: string, who: ErasedPerson, start?: Key) {
  const prefix = keys.ruleBatchesPrefix(orgId);
  return eraseCreators(prefix.PK, prefix.SKPrefix, who, start);
}

export async function eraseFromFileImports(orgId: string, who: ErasedPerson, start?: Key) {
  const prefix = keys.fileImportsPrefix(orgId);
  return eraseCreators(prefix.PK, prefix.SKPrefix, who, start);
}

// ---- what the public forms kept under the email ------------------------------------------------------------

/** The product-news subscription of the email, and its pending confirmation link. */
export async function eraseSubscriber(email: string): Promise<void> {
  if (!email) return;
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.subscriber(email), ConsistentRead: true }),
  );
  if (!Item) return;
  if (typeof Item.tokenHash === 'string') {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.subscriberToken(Item.tokenHash) }));
  }
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.subscriber(email) }));
}

/** Contact-form messages of one month (CONTACT#yyyy-mm) sent from the email: deleted. */
export async function eraseContactMessages(month: string, email: string, start?: Key) {
  if (!email) return undefined;
  const prefix = keys.contactSubmissionsOfMonth(month);
  const found = await page(prefix.PK, prefix.SKPrefix, start, {
    FilterExpression: 'email = :email',
    ExpressionAttributeValues: { ':email': email },
  });
  await each(found.items, async (item) => {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK } }));
  });
  return found.next;
}
