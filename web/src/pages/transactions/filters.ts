import { isCategory, isCategoryGroup, NO_PROPERTY, UNCATEGORIZED } from '@rent/shared';
import { cleanFilters, FILTER_KEYS, type TransactionFilters } from '../../api/transactions';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The page's filters from its URL; values the server would refuse are dropped. */
export function filtersFromParams(params: URLSearchParams): TransactionFilters {
  const get = (key: string) => params.get(key)?.trim() ?? '';
  const out: TransactionFilters = {};
  const from = get('from');
  const to = get('to');
  if (ISO_DATE.test(from)) out.from = from;
  if (ISO_DATE.test(to)) out.to = to;
  if (out.from && out.to && out.from > out.to) delete out.to;
  const property = get('propertyId');
  if (property === NO_PROPERTY || ID.test(property)) out.propertyId = property;
  const group = get('categoryGroup');
  const category = get('category');
  if (isCategoryGroup(group)) out.categoryGroup = group;
  else if (category === UNCATEGORIZED || isCategory(category)) out.category = category;
  const direction = get('direction');
  if (direction === 'in' || direction === 'out') out.direction = direction;
  const ignored = get('ignored');
  if (ignored === 'true' || ignored === 'false') out.ignored = ignored;
  const receipt = get('hasReceipt');
  if (receipt === 'true' || receipt === 'false') out.hasReceipt = receipt;
  if (get('needsReview') === 'true') out.needsReview = 'true';
  const search = get('search').slice(0, 100);
  if (search) out.search = search;
  return cleanFilters(out);
}

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
