import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ClosedPeriodChange } from '@rent/shared';
import { Conflict } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { prefixQuery, queryPage } from '../query.js';
import { transact } from '../transact.js';

/**
 * Closed periods (docs/ledger.md "Closed periods"): the organization item carries `booksClosedThrough`
 * (YYYY-MM-DD), `booksClosedAt` and `booksClosedBy`. Every close and reopen is kept as a ClosedPeriodChange
 * (ORG#o / CLOSELOG#at#c), written with the change itself. What a close refuses is the ledger service's rule
 * (services/ledger/periods.ts).
 */

export interface ClosedPeriodRecord {
  closedThrough: string | null;
  closedAt: string | null;
  closedBy: string | null;
}

export async function getClosedPeriod(orgId: string): Promise<ClosedPeriodRecord> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.organization(orgId),
      ConsistentRead: true,
      ProjectionExpression: 'PK, booksClosedThrough, booksClosedAt, booksClosedBy',
    }),
  );
  // No organization item (data written before organizations had one, tools): nothing is closed.
  return {
    closedThrough: (Item?.booksClosedThrough as string | undefined) ?? null,
    closedAt: (Item?.booksClosedAt as string | undefined) ?? null,
    closedBy: (Item?.booksClosedBy as string | undefined) ?? null,
  };
}

/** How many of the latest closes and reopens the closed period answers with. */
const HISTORY_SHOWN = 20;

/** The latest closes and reopens, newest first (one Query; the sort key starts with the ISO time). */
export async function listClosedPeriodChanges(orgId: string): Promise<ClosedPeriodChange[]> {
  const prefix = keys.closedPeriodChangesPrefix(orgId);
  const { items } = await queryPage(
    prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, {
      ScanIndexForward: false,
      Limit: HISTORY_SHOWN,
      ConsistentRead: true,
    }),
  );
  return items.map((item) => ({
    id: String(item.id),
    from: (item.from as string | null) ?? null,
    to: (item.to as string | null) ?? null,
    reopened: item.reopened === true,
    byUserId: String(item.byUserId),
    byName: String(item.byName ?? ''),
    at: String(item.at),
  }));
}

export interface ClosedPeriodChangeInput {
  from: string | null;
  to: string | null;
  reopened: boolean;
  byUserId: string;
  /** The person's name or email at the time (the log stays readable after they leave). */
  byName: string;
}

/**
 * Moves the close from `change.from` to `change.to` and logs it in the same TransactWriteItems, conditioned on
 * the close still being `from`: two people changing it at once cannot both log a "from" that was not there
 * (the later one gets a 409 and reloads).
 */
export async function setClosedPeriod(orgId: string, change: ClosedPeriodChangeInput): Promise<ClosedPeriodRecord> {
  const at = new Date().toISOString();
  const id = randomUUID();
  await transact([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.organization(orgId),
          ConditionExpression:
            change.from === null
              ? 'attribute_exists(PK) AND (attribute_not_exists(booksClosedThrough) OR attribute_type(booksClosedThrough, :null))'
              : 'attribute_exists(PK) AND booksClosedThrough = :from',
          UpdateExpression: 'SET booksClosedThrough = :through, booksClosedAt = :now, booksClosedBy = :by',
          ExpressionAttributeValues: {
            ':through': change.to,
            ':now': at,
            ':by': change.byUserId,
            ...(change.from === null ? { ':null': 'NULL' } : { ':from': change.from }),
          },
        },
      },
      onConditionFailure: () =>
        new Conflict('CLOSED_PERIOD_CHANGED', 'The closed period was changed meanwhile. Reload and try again.'),
    },
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.closedPeriodChange(orgId, at, id),
            type: 'ClosedPeriodChange',
            id,
            orgId,
            ...change,
            byName: change.byName.slice(0, 200),
            at,
          },
        },
      },
    },
  ]);
  return { closedThrough: change.to, closedAt: at, closedBy: change.byUserId };
}
