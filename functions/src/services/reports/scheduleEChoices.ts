import {
  defaultScheduleETypeCode,
  fairRentalDays,
  type ScheduleEChoicesInput,
  scheduleEDaysProblem,
} from '@rent/shared';
import {
  getScheduleEChoices,
  type ScheduleEChoicesRecord,
  saveScheduleEChoices,
} from '../../data/reports/scheduleEChoices.js';
import { getProperty } from '../../data/tenancy/properties.js';
import { leasesOfProperty } from '../../data/tenancy/tenancies.js';
import { Invalid } from '../../domain-errors.js';

/**
 * A property's Schedule E choices for a tax year (docs/reports-and-tax.md "Schedule E"): line 1b's code, line 2's
 * fair rental and personal use days, and the QJV box, with what the books give without them (the property's type,
 * the days under a lease). Another organization's property is a 404 (read by the caller's organization).
 */

interface Caller {
  orgId: string;
  userId: string;
}

export const choicesToWire = (c: ScheduleEChoicesRecord) => ({
  propertyTypeCode: c.propertyTypeCode,
  fairRentalDays: c.fairRentalDays,
  personalUseDays: c.personalUseDays,
  qjv: c.qjv,
  version: c.version,
});

async function answer(
  orgId: string,
  year: string,
  propertyId: string,
  choicesRead: Promise<ScheduleEChoicesRecord> | ScheduleEChoicesRecord,
) {
  const [property, leases, choices] = await Promise.all([
    getProperty(orgId, propertyId),
    leasesOfProperty(orgId, propertyId),
    choicesRead,
  ]);
  return {
    propertyId,
    year,
    choices: choicesToWire(choices),
    defaults: {
      propertyTypeCode: defaultScheduleETypeCode(property.propertyType),
      fairRentalDays: fairRentalDays(propertyId, leases, year),
    },
  };
}

/** The choices, or 404 when the organization has no such property (answer reads it beside them). */
export async function scheduleEChoices(caller: Caller, year: string, propertyId: string) {
  return answer(caller.orgId, year, propertyId, getScheduleEChoices(caller.orgId, year, propertyId));
}

export async function updateScheduleEChoices(
  caller: Caller,
  year: string,
  propertyId: string,
  input: ScheduleEChoicesInput,
) {
  const problem = scheduleEDaysProblem(year, input);
  if (problem) throw new Invalid(problem);
  await getProperty(caller.orgId, propertyId);
  const { version, ...change } = input;
  const saved = await saveScheduleEChoices(caller.orgId, year, propertyId, version, change, caller.userId);
  return answer(caller.orgId, year, propertyId, saved);
}
