/**
 * The ledger's filters (GET /api/transactions and /totals take these names) and the browser's reading of them
 * from a URL. Zod-free, so the first page load may import it; the server's zod schema (domain/transaction.ts)
 * refuses what `parseTransactionFilters` drops, so a filter from a URL never turns into a 400.
 */
import { isCategory, isCategoryGroup } from './categories.js';
import { MAX_ABS_CENTS, toCents } from './money.js';
import { isId, isIsoDate } from './validation.js';

/** The value of the propertyId filter that means "transactions with no property". */
export const NO_PROPERTY = 'none';
/** The value of the category filter that means "transactions with no category". */
export const UNCATEGORIZED = 'uncategorized';
/** The longest text search the server takes. */
export const FILTER_SEARCH_MAX = 100;

/**
 * The filters as the page keeps them (and the URL carries them): text values, '' or absent meaning "not set".
 */
export interface TransactionFilters {
  from?: string;
  to?: string;
  /** A property id, or "none" for transactions with no property. */
  propertyId?: string;
  /** A category, or "uncategorized". */
  category?: string;
  categoryGroup?: string;
  direction?: 'in' | 'out';
  ignored?: 'true' | 'false';
  hasReceipt?: 'true' | 'false';
  /** Absolute amount at least / at most (a decimal such as 75 or 75.01; compared in cents, sign ignored). */
  minAmount?: string;
  maxAmount?: string;
  needsReview?: 'true';
  /** Transactions with an open review request assigned to the caller. */
  waitingOnMe?: 'true';
  search?: string;
}

export const FILTER_KEYS = [
  'from',
  'to',
  'propertyId',
  'category',
  'categoryGroup',
  'direction',
  'ignored',
  'hasReceipt',
  'minAmount',
  'maxAmount',
  'needsReview',
  'waitingOnMe',
  'search',
] as const satisfies readonly (keyof TransactionFilters)[];

export type FilterKey = (typeof FILTER_KEYS)[number];

/** A propertyId filter the server takes: an id, or "none". */
export const isPropertyFilter = (value: string): boolean => value === NO_PROPERTY || isId(value);
/** A category filter the server takes: a category value, or "uncategorized". */
export const isCategoryFilter = (value: string): boolean => value === UNCATEGORIZED || isCategory(value);

/** An amount filter's cents: a decimal of at most 2 places from 0 to the largest amount, else null. */
export function amountFilterCents(value: string): number | null {
  const cents = value.startsWith('-') ? null : toCents(value);
  return cents !== null && cents <= MAX_ABS_CENTS ? cents : null;
}

const isBooleanText = (value: string): value is 'true' | 'false' => value === 'true' || value === 'false';

/** Only the filters that are set, in a stable order (query keys and URLs stay equal for equal filters). */
export function cleanFilters(filters: TransactionFilters): TransactionFilters {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) out[key] = value;
  }
  return out as TransactionFilters;
}

/** Where filters are read from: a URL's search parameters or a plain record. */
export type FilterSource = URLSearchParams | Readonly<Record<string, string | null | undefined>>;

/**
 * The filters from a URL; each value the server would refuse is dropped (the rest still apply):
 * dates that are not real days, a `to` before `from`, unknown categories, groups or properties' id shapes,
 * other words than in/out and true/false, amounts that are not 0 or more with at most 2 decimals (or a maximum
 * below the minimum). A group wins over a category (the server takes one of them);
 * a search longer than the server takes is cut.
 */
export function parseTransactionFilters(source: FilterSource): TransactionFilters {
  const get = (key: FilterKey): string =>
    (source instanceof URLSearchParams ? source.get(key) : source[key])?.trim() ?? '';
  const out: TransactionFilters = {};
  const from = get('from');
  const to = get('to');
  if (isIsoDate(from)) out.from = from;
  if (isIsoDate(to) && !(out.from && out.from > to)) out.to = to;
  const property = get('propertyId');
  if (isPropertyFilter(property)) out.propertyId = property;
  const group = get('categoryGroup');
  const category = get('category');
  if (isCategoryGroup(group)) out.categoryGroup = group;
  else if (isCategoryFilter(category)) out.category = category;
  const direction = get('direction');
  if (direction === 'in' || direction === 'out') out.direction = direction;
  const ignored = get('ignored');
  if (isBooleanText(ignored)) out.ignored = ignored;
  const receipt = get('hasReceipt');
  if (isBooleanText(receipt)) out.hasReceipt = receipt;
  const min = get('minAmount');
  const max = get('maxAmount');
  const minCents = amountFilterCents(min);
  const maxCents = amountFilterCents(max);
  if (minCents !== null) out.minAmount = min;
  if (maxCents !== null && !(minCents !== null && minCents > maxCents)) out.maxAmount = max;
  if (get('needsReview') === 'true') out.needsReview = 'true';
  if (get('waitingOnMe') === 'true') out.waitingOnMe = 'true';
  const search = get('search').slice(0, FILTER_SEARCH_MAX);
  if (search) out.search = search;
  return cleanFilters(out);
}
