import { daysInYear, SCHEDULE_E_TYPE_CODES } from '@rent/shared/core/scheduleEForm';
import type { ScheduleEChoicesBody, ScheduleEWorksheet } from '../../api/reports';

/**
 * The Schedule E choices form's draft and its checks, pure (docs/reports-and-tax.md "Schedule E"): text fields as
 * typed, turned into the route's body or into the first thing to fix.
 */
export interface ChoicesDraft {
  /** '' = from the property's type. */
  typeCode: string;
  /** '' = the days under a lease. */
  fairRentalDays: string;
  personalUseDays: string;
  qjv: boolean;
}

type Choices = NonNullable<ScheduleEWorksheet['choices']>;

export const draftOf = (c: Choices): ChoicesDraft => ({
  typeCode: c.propertyTypeCode === null ? '' : String(c.propertyTypeCode),
  fairRentalDays: c.fairRentalDays === null ? '' : String(c.fairRentalDays),
  personalUseDays: String(c.personalUseDays),
  qjv: c.qjv,
});

export const typeCodeOptions = (fromProperty: string) => [
  { value: '', label: `From the property's type${fromProperty ? `: ${fromProperty}` : ''}` },
  ...SCHEDULE_E_TYPE_CODES.map((t) => ({ value: String(t.code), label: `${t.code} ${t.label}` })),
];

const days = (text: string, most: number): number | null =>
  /^\d{1,3}$/.test(text.trim()) && Number(text) <= most ? Number(text) : null;

/** The body to save, or the field to fix and why. */
export function choicesBody(
  draft: ChoicesDraft,
  version: number,
  year: string,
): { body: ScheduleEChoicesBody } | { field: 'fairRentalDays' | 'personalUseDays'; error: string } {
  const most = daysInYear(year);
  const fair = draft.fairRentalDays.trim() === '' ? null : days(draft.fairRentalDays, most);
  if (draft.fairRentalDays.trim() !== '' && fair === null) {
    return { field: 'fairRentalDays', error: `Enter a whole number of days from 0 to ${most}, or leave it empty.` };
  }
  const personal = days(draft.personalUseDays === '' ? '0' : draft.personalUseDays, most);
  if (personal === null) return { field: 'personalUseDays', error: `Enter a whole number of days from 0 to ${most}.` };
  return {
    body: {
      version,
      propertyTypeCode: draft.typeCode === '' ? null : Number(draft.typeCode),
      fairRentalDays: fair,
      personalUseDays: personal,
      qjv: draft.qjv,
    },
  };
}
