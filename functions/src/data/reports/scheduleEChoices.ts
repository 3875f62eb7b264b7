import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';

/**
 * A property's Schedule E choices for a tax year (docs/reports-and-tax.md "Schedule E"): ORG#o / SCHEDE#yyyy#PROP#p,
 * one small item written only once someone saves them. Without it the worksheet takes line 1b from the property's
 * type and line 2 from the leases. Versioned: the first save expects version 0 (no item yet), every later one the
 * version it read, so two people saving at once cannot overwrite each other (409).
 */
export interface ScheduleEChoicesRecord {
  propertyId: string;
  year: string;
  /** null = from the property's type. */
  propertyTypeCode: number | null;
  /** null = the days under a lease. */
  fairRentalDays: number | null;
  personalUseDays: number;
  qjv: boolean;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export const noScheduleEChoices = (propertyId: string, year: string): ScheduleEChoicesRecord => ({
  propertyId,
  year,
  propertyTypeCode: null,
  fairRentalDays: null,
  personalUseDays: 0,
  qjv: false,
  version: 0,
  updatedAt: null,
  updatedBy: null,
});

function toRecord(item: Record<string, unknown>): ScheduleEChoicesRecord {
  return {
    propertyId: String(item.propertyId),
    year: String(item.year),
    propertyTypeCode: (item.propertyTypeCode as number | null | undefined) ?? null,
    fairRentalDays: (item.fairRentalDays as number | null | undefined) ?? null,
    personalUseDays: (item.personalUseDays as number | undefined) ?? 0,
    qjv: item.qjv === true,
    version: Number(item.version ?? 0),
    updatedAt: (item.updatedAt as string | undefined) ?? null,
    updatedBy: (item.updatedBy as string | undefined) ?? null,
  };
}

/** The property's choices for the year, or the empty ones (version 0) when none were saved. */
export async function getScheduleEChoices(
  orgId: string,
  year: string,
  propertyId: string,
): Promise<ScheduleEChoicesRecord> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.scheduleEChoices(orgId, year, propertyId),
      ConsistentRead: true,
    }),
  );
  return Item ? toRecord(Item) : noScheduleEChoices(propertyId, year);
}

/** Every saved choice of the year, by property (one Query: a few small items). */
export async function scheduleEChoicesOfYear(
  orgId: string,
  year: string,
): Promise<Map<string, ScheduleEChoicesRecord>> {
  const prefix = keys.scheduleEChoicesOfYear(orgId, year);
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix));
  return new Map(items.map((item) => [String(item.propertyId), toRecord(item)]));
}

export type ScheduleEChoicesChange = Pick<
  ScheduleEChoicesRecord,
  'propertyTypeCode' | 'fairRentalDays' | 'personalUseDays' | 'qjv'
>;

const stale = () =>
  new Conflict(
    'CONFLICT',
    "This property's Schedule E choices were changed by someone else while you were editing. Reload them, then try again.",
  );

/**
 * Writes the whole item (it is small and has no other writer) if it is still at `expected`: absent for 0, else
 * that version. Answers the item as written.
 */
export async function saveScheduleEChoices(
  orgId: string,
  year: string,
  propertyId: string,
  expected: number,
  change: ScheduleEChoicesChange,
  byUserId: string,
): Promise<ScheduleEChoicesRecord> {
  const record: ScheduleEChoicesRecord = {
    propertyId,
    year,
    ...change,
    version: expected + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: byUserId,
  };
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.scheduleEChoices(orgId, year, propertyId), type: 'ScheduleEChoices', ...record },
        ...(expected === 0
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : {
              ConditionExpression: 'attribute_exists(PK) AND version = :expected',
              ExpressionAttributeValues: { ':expected': expected },
            }),
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw stale();
    throw error;
  }
  return record;
}
