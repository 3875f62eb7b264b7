import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inClosedPeriod, PERIOD_CLOSED_CODE, periodClosedMessage } from '@rent/shared';
import { Conflict, NotFound } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { overridesClosedPeriod } from './audit.js';

/**
 * Closed periods (docs/decisions.md "Audit trail and closed periods"): the organization item carries
 * `booksClosedThrough` (YYYY-MM-DD), `booksClosedAt` and `booksClosedBy`. Every ledger write path asks
 * `assertPeriodOpen` with the dates it touches (before and after) and is refused with a 409 when one is on or
 * before the close, unless the request is an ADMIN's explicit override (its audit entries say so).
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

/** The close date, or null; with an ADMIN's override, null (nothing is closed for this request). */
export async function closedThroughFor(orgId: string): Promise<string | null> {
  if (overridesClosedPeriod()) return null;
  return (await getClosedPeriod(orgId)).closedThrough;
}

/** 409 PERIOD_CLOSED when any of `dates` is on or before the close (and the request is no override). */
export async function assertPeriodOpen(orgId: string, dates: (string | null | undefined)[]): Promise<void> {
  const closedThrough = await closedThroughFor(orgId);
  if (!closedThrough) return;
  if (dates.some((date) => date && inClosedPeriod(date, closedThrough))) {
    throw new Conflict(PERIOD_CLOSED_CODE, periodClosedMessage(closedThrough), { closedThrough });
  }
}

export async function setClosedPeriod(
  orgId: string,
  closedThrough: string | null,
  userId: string,
): Promise<ClosedPeriodRecord> {
  const now = new Date().toISOString();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(orgId),
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: 'SET booksClosedThrough = :through, booksClosedAt = :now, booksClosedBy = :by',
        ExpressionAttributeValues: { ':through': closedThrough, ':now': now, ':by': userId },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound('Organization');
    throw error;
  }
  return { closedThrough, closedAt: now, closedBy: userId };
}
