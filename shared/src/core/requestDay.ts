import { addDays } from './leases.js';

/**
 * The day a request acts on (docs/people.md "The caller's day"): the person's own calendar day when the browser's
 * LOCAL_DATE_HEADER gives one within a day of the UTC date, as every time zone's is; else the UTC date. So "today"
 * (rent due, a late fee, this month's collection, a loan's balance) follows the landlord's evening, not Greenwich's.
 */
export function requestDay(header: string | undefined, now: Date = new Date()): string {
  const utc = now.toISOString().slice(0, 10);
  const local = header?.trim();
  return local === utc || local === addDays(utc, -1) || local === addDays(utc, 1) ? local : utc;
}
