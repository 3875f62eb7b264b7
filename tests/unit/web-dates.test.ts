import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsoDate, formatLongDate, formatMonth, monthName } from '../../web/src/lib/dates';

/** Any calendar day from 1900 to 2199, as "yyyy-mm-dd". */
const anyIsoDate = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('dates written without Intl (web/src/lib/dates.ts) write what Intl writes in en-US', () => {
  it('a calendar date: "Mar 5, 2024"', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    fc.assert(
      fc.property(anyIsoDate, (iso) => {
        expect(formatIsoDate(iso)).toBe(intl.format(utcDay(iso)));
      }),
    );
    expect(formatIsoDate('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatIsoDate(null)).toBe('—');
    expect(formatIsoDate('March')).toBe('March');
  });

  it('a long date: "November 22, 2026"', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    fc.assert(
      fc.property(anyIsoDate, (iso) => {
        expect(formatLongDate(iso)).toBe(intl.format(utcDay(iso)));
      }),
    );
    expect(formatLongDate('2026-11-22T10:00:00Z')).toBe('November 22, 2026');
  });

  it('a month: "October 2026", and each month\'s names', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    fc.assert(
      fc.property(anyIsoDate, (iso) => {
        expect(formatMonth(iso.slice(0, 7))).toBe(intl.format(utcDay(iso)));
      }),
    );
    const long = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month++) {
      const day = new Date(Date.UTC(2026, month - 1, 1));
      expect(monthName(month)).toBe(long.format(day));
      expect(monthName(month, true)).toBe(short.format(day));
    }
  });

  it('a moment in the viewer\'s time zone: "Dec 3, 2026, 8:42 AM"', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true }),
        (moment) => {
          expect(formatDateTime(moment.toISOString())).toBe(intl.format(moment));
        },
      ),
      { numRuns: 2000 },
    );
    // Midnight and noon: 12 AM and 12 PM.
    for (const hour of [0, 11, 12, 13, 23]) {
      const moment = new Date(2026, 11, 3, hour, 5);
      expect(formatDateTime(moment.toISOString())).toBe(intl.format(moment));
    }
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime(undefined)).toBe('—');
  });
});
