import { cleanFilters, FILTER_KEYS, type TransactionFilters } from '@rent/shared/core/filters';

/** The URL parameters for these filters, keeping any other parameters the page has. */
export function paramsWithFilters(current: URLSearchParams, filters: TransactionFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) next.delete(key);
  for (const [key, value] of Object.entries(cleanFilters(filters))) next.set(key, value);
  return next;
}

export const hasFilters = (filters: TransactionFilters) => Object.keys(cleanFilters(filters)).length > 0;

/** Days before `iso` (UTC calendar arithmetic on a yyyy-mm-dd date). */
export function shiftIsoDate(iso: string, unit: 'day' | 'week' | 'month' | 'year', amount: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (unit === 'day') date.setUTCDate(date.getUTCDate() + amount);
  else if (unit === 'week') date.setUTCDate(date.getUTCDate() + amount * 7);
  else if (unit === 'month') {
    // Clamp to the month's last day (Mar 31 - 1 month = Feb 28/29).
    const target = new Date(Date.UTC(y, m - 1 + amount, 1));
    const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(d, last));
    return target.toISOString().slice(0, 10);
  } else date.setUTCFullYear(date.getUTCFullYear() + amount);
  return date.toISOString().slice(0, 10);
}
