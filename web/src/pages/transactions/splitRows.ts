import { categoryLabel } from '@rent/shared/core/categories';
import { NO_PROPERTY, type TransactionFilters } from '@rent/shared/core/filters';
import { type Cents, toCents } from '@rent/shared/core/money';
import { filtersParts, type PartFilter, partProperties, partsMatching } from '@rent/shared/core/splits';
import type { Transaction } from '../../api/transactions';

/**
 * How the ledger shows a split transaction (docs/ledger.md "Split transactions"): "Split (N)" for its category, "N
 * properties" when its parts name several, and under a filter by property, category or direction the sum of the
 * parts that match, "of" the whole. Sums are in integer cents.
 */

type Part = NonNullable<Transaction['parts']>[number];

/** The part filter of the ledger's filters, or null when they do not look inside splits. */
export function partFilterOf(filters: TransactionFilters): PartFilter | null {
  const filter: PartFilter = {};
  if (filters.propertyId) filter.propertyId = filters.propertyId === NO_PROPERTY ? null : filters.propertyId;
  if (filters.categoryGroup) filter.categoryGroup = filters.categoryGroup;
  else if (filters.category) filter.category = filters.category;
  if (filters.direction) filter.direction = filters.direction;
  return filtersParts(filter) ? filter : null;
}

const partsInCents = (parts: readonly Part[]) => parts.map((part) => ({ ...part, amount: toCents(part.amount) ?? 0 }));

/**
 * The amount a row shows: the whole transaction, or under a part filter a split's matching parts with the whole
 * beside it (`of`).
 */
export function shownAmount(t: Transaction, filter: PartFilter | null): { cents: Cents; of: Cents | null } {
  const whole = toCents(t.amount) ?? 0;
  if (!t.parts || !filter) return { cents: whole, of: null };
  const matching = partsMatching(partsInCents(t.parts), filter);
  return { cents: matching.reduce((sum, part) => sum + part.amount, 0), of: whole };
}

/** "Split (3)" for a split transaction, null for one that is not. */
export const splitCategoryText = (t: Transaction) => (t.parts ? `Split (${t.parts.length})` : null);

/** The parts' categories, each once, in order ("Mortgage interest, Mortgage"): the category cell's tooltip. */
export const splitCategoryList = (parts: readonly Part[]) =>
  [...new Set(parts.map((part) => categoryLabel(part.category)))].join(', ');

/** "2 properties" when a split's parts name several (no property counting as one), else null. */
export function splitPropertyText(t: Transaction): string | null {
  if (!t.parts) return null;
  const count = partProperties(t.parts).length;
  return count > 1 ? `${count} properties` : null;
}

/** The addresses a split's parts name, each once ("No property" for none): the property cell's tooltip. */
export const splitPropertyList = (parts: readonly Part[], addressOf: (propertyId: string) => string) =>
  partProperties(parts)
    .map((id) => (id ? addressOf(id) : 'No property'))
    .join('; ');
