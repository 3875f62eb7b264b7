import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { deletedAccountsAmong } from '../people/accounts.js';
import { DELETED_ACCOUNT } from '../people/items.js';
import { type Item, indexPrefixQuery, type Key, prefixQuery, queryPage } from '../query.js';
import type { MaintenanceEventRecord } from './events.js';
import type { MaintenanceRecord } from './items.js';

/**
 * Account deletion's erasure of the reporter's and authors' copies on maintenance (docs/people.md "Account
 * deletion"): a request keeps `reportedById` and an activity event its `authorId`, while the name and email copied
 * at the time become "A deleted account" and null. One page of one bounded Query per call (`start` in, the next
 * start out, undefined after the last), each item rewritten on its own and only if it still holds a copy, so a
 * page done twice changes nothing. The request's version moves, so an edit opened before the erasure gets the usual
 * 409 instead of writing the old copy back.
 */
const PAGE = 200;
const AT_ONCE = 25;

async function each(items: Item[], fn: (item: Item) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += AT_ONCE) await Promise.all(items.slice(i, i + AT_ONCE).map(fn));
}

async function update(item: Item, expression: string, condition: string, values: Record<string, unknown>) {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: expression,
        ConditionExpression: `attribute_exists(PK) AND ${condition}`,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // deleted meanwhile: nothing to erase
  }
}

const holdsCopy = (name: unknown, email: unknown) => name !== DELETED_ACCOUNT || email != null;

/** The requests the person reported (GSI1 ORG#o#REPORTER#u). */
export async function eraseReporterCopies(orgId: string, userId: string, start?: Key): Promise<Key | undefined> {
  const k = keys.maintenanceOfReporter(orgId, userId);
  const page = await queryPage(indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix, { Limit: PAGE }), start);
  await each(page.items, async (item) => {
    if (item.type !== 'MaintenanceRequest' || !holdsCopy(item.reporterName, item.reporterEmail)) return;
    await update(item, 'SET reporterName = :label, reporterEmail = :null ADD version :one', 'reportedById = :user', {
      ':label': DELETED_ACCOUNT,
      ':null': null,
      ':one': 1,
      ':user': userId,
    });
  });
  return page.next;
}

/** The activity events (reported, status, assignment, comment) the person wrote, on any request (MAINTACT#). */
export async function eraseAuthorCopies(orgId: string, userId: string, start?: Key): Promise<Key | undefined> {
  const page = await queryPage(
    prefixQuery(tableName(), keys.allMaintenanceEvents(orgId).PK, keys.allMaintenanceEvents(orgId).SKPrefix, {
      Limit: PAGE,
      ConsistentRead: true,
      FilterExpression: 'authorId = :user',
      ExpressionAttributeValues: { ':user': userId },
    }),
    start,
  );
  await each(page.items, async (item) => {
    if (!holdsCopy(item.authorName, item.authorEmail)) return;
    await update(item, 'SET authorName = :label, authorEmail = :null', 'authorId = :user', {
      ':label': DELETED_ACCOUNT,
      ':null': null,
      ':user': userId,
    });
  });
  return page.next;
}

// ---- readers -------------------------------------------------------------------------------------------

/** The requests with the reporters among `deleted` named "A deleted account". */
export const markDeletedReporters = (records: MaintenanceRecord[], deleted: ReadonlySet<string>) =>
  records.map((r) => (deleted.has(r.reportedById) ? { ...r, reporterName: DELETED_ACCOUNT, reporterEmail: null } : r));

/** Activity as read, with a deleted author named "A deleted account" whatever copy the event still holds. */
export async function withDeletedAuthors(events: MaintenanceEventRecord[]): Promise<MaintenanceEventRecord[]> {
  const deleted = await deletedAccountsAmong(events.map((e) => e.authorId));
  return events.map((e) => (deleted.has(e.authorId) ? { ...e, authorName: DELETED_ACCOUNT, authorEmail: null } : e));
}
