import { keys } from '../keys.js';
import { type ChoicesStamp, versionedChoices } from './versionedChoices.js';

/**
 * A property's Schedule E choices for a tax year (docs/reports-and-tax.md "Schedule E"): ORG#o / SCHEDE#yyyy#PROP#p,
 * one small item written only once someone saves them. Without it the worksheet takes line 1b from the property's
 * type and line 2 from the leases. Versioned (versionedChoices.ts): the first save expects version 0 (no item yet),
 * every later one the version it read, so two people saving at once cannot overwrite each other (409).
 */
export interface ScheduleEChoicesRecord extends ChoicesStamp {
  propertyId: string;
  year: string;
  /** null = from the property's type. */
  propertyTypeCode: number | null;
  /** null = the days under a lease. */
  fairRentalDays: number | null;
  personalUseDays: number;
  qjv: boolean;
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

const choices = versionedChoices({
  type: 'ScheduleEChoices',
  what: 'Schedule E',
  fields: (item) => ({
    propertyId: String(item.propertyId),
    year: String(item.year),
    propertyTypeCode: (item.propertyTypeCode as number | null | undefined) ?? null,
    fairRentalDays: (item.fairRentalDays as number | null | undefined) ?? null,
    personalUseDays: (item.personalUseDays as number | undefined) ?? 0,
    qjv: item.qjv === true,
  }),
});

/** The property's choices for the year, or the empty ones (version 0) when none were saved. */
export function getScheduleEChoices(orgId: string, year: string, propertyId: string): Promise<ScheduleEChoicesRecord> {
  return choices.get(keys.scheduleEChoices(orgId, year, propertyId), () => noScheduleEChoices(propertyId, year));
}

/** Every saved choice of the year, by property (one Query: a few small items). */
export async function scheduleEChoicesOfYear(
  orgId: string,
  year: string,
): Promise<Map<string, ScheduleEChoicesRecord>> {
  const records = await choices.under(keys.scheduleEChoicesOfYear(orgId, year));
  return new Map(records.map((record) => [record.propertyId, record]));
}

export type ScheduleEChoicesChange = Pick<
  ScheduleEChoicesRecord,
  'propertyTypeCode' | 'fairRentalDays' | 'personalUseDays' | 'qjv'
>;

/** Writes the whole item if it is still at `expected` (absent for 0). Answers the item as written. */
export function saveScheduleEChoices(
  orgId: string,
  year: string,
  propertyId: string,
  expected: number,
  change: ScheduleEChoicesChange,
  byUserId: string,
): Promise<ScheduleEChoicesRecord> {
  return choices.save(
    keys.scheduleEChoices(orgId, year, propertyId),
    expected,
    { propertyId, year, ...change },
    byUserId,
  );
}
