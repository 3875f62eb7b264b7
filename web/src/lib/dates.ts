/**
 * Dates are written in en-US by hand, not with Intl: a page's first use of Intl's date or number formats costs 20–40
 * ms of main thread while the browser loads its locale data (docs/performance.md "No Intl on a first load").
 * tests/unit/web-dates.test.ts holds each to what Intl writes.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 1 -> "January"; `short`: "Jan". */
export function monthName(month: number, short = false): string {
  const name = MONTHS[month - 1] ?? '';
  return short ? name.slice(0, 3) : name;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2024-03-05" -> "Mar 5, 2024" (a calendar date: no time zone shift). */
export function formatIsoDate(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${monthName(Number(match[2]), true)} ${Number(match[3])}, ${Number(match[1])}` : value;
}

/** "2026-11-22" -> "November 22, 2026" (anything after the date is ignored). */
export function formatLongDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  return match ? `${monthName(Number(match[2]))} ${Number(match[3])}, ${Number(match[1])}` : iso;
}

/** "2026-10" -> "October 2026". */
export function formatMonth(month: string): string {
  return `${monthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
}

/** An ISO timestamp in the viewer's time zone: "Dec 3, 2026, 8:42 AM". */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const day = `${monthName(date.getMonth() + 1, true)} ${date.getDate()}, ${date.getFullYear()}`;
  return `${day}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The default date is today, in ISO date form (the user's calendar day). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
