import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFound } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { indexPrefixQuery, queryAll } from '../query.js';

/**
 * Account deletion's reads and the profile's anonymisation (docs/people.md "Account
 * deletion"). Leaving each organization goes through the members repository (its counters guard the last ADMIN).
 */

/** The organization ids of every membership (GSI1 USER#u / ORG#o: one Query). */
export async function organizationIdsOf(userId: string): Promise<string[]> {
  const k = keys.membershipsOfUserPrefix(userId);
  const items = await queryAll(
    indexPrefixQuery(tableName(), 'GSI1', k.GSI1PK, k.GSI1SKPrefix, { ProjectionExpression: 'orgId' }),
  );
  return [...new Set(items.map((item) => String(item.orgId)))];
}

/**
 * What the person deleting their account needs to know of this profile: null when it is already deleted or
 * never existed.
 */
export async function activeProfile(userId: string): Promise<{ email: string; name: string | null } | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }),
  );
  if (!Item || Item.deletedAt) return null;
  return { email: String(Item.email ?? ''), name: (Item.name as string | null | undefined) ?? null };
}

/**
 * The profile's deletedAt, deletedBy, deletionReason (docs/people.md "Account deletion"). The profile stays (so its
 * security log and the tokens cutoff stay meaningful) but says nothing about the person: email, name, picture, the
 * email index entry and the notification choices go. `tokensValidAfter` refuses every token issued up to the deletion
 * at once.
 */
export async function anonymiseProfile(
  userId: string,
  deletion: { deletedAt: string; deletedBy: string; deletionReason: string; tokensValidAfter: number },
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression:
          'SET deletedAt = :at, deletedBy = :by, deletionReason = :reason, tokensValidAfter = :t, updatedAt = :at, ' +
          '#name = :null, image = :null, email = :none ' +
          'REMOVE GSI1PK, GSI1SK, notificationsOff, emailVerified ADD version :one',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':at': deletion.deletedAt,
          ':by': deletion.deletedBy,
          ':reason': deletion.deletionReason,
          ':t': deletion.tokensValidAfter,
          ':null': null,
          ':none': '',
          ':one': 1,
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound('Account', { message: 'This account was already deleted.' });
    throw error;
  }
}
