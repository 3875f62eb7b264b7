/**
 * The transactions-by-category detail report, pure: each category of a period with its transactions
 * and subtotal, in the books' order (income, operating expenses, debt service, capital spending, then what
 * counts nowhere: transfers, uncategorized). Ignored transactions never reach it (the ledger query leaves them
 * out). The grand total is the counted categories' signed net, which is the profit and loss's cash flow for the
 * same period and properties, to the cent (tests/integration/tax-package.test.ts).
 */
import { type BookLine, bookLineOf, COUNTED_LINES } from './books.js';
import { CATEGORY_GROUPS, type CategoryGroup, categoryLabel } from './categories.js';
import type { Cents } from './money.js';

/** At most this many transactions in one report (one period and property filter); beyond it, narrow the period. */
export const TRANSACTIONS_BY_CATEGORY_LIMIT = 10_000;

export const BOOK_LINE_LABELS: Record<BookLine, string> = {
  income: 'Income',
  operatingExpenses: 'Operating expenses',
  debtService: 'Debt service',
  capitalSpending: 'Capital spending',
  transfers: 'Transfers (not counted)',
  uncategorized: 'Uncategorized (not counted)',
};

const LINE_ORDER: BookLine[] = [...COUNTED_LINES, 'transfers', 'uncategorized'];
const CATEGORY_ORDER = new Map(
  (Object.keys(CATEGORY_GROUPS) as CategoryGroup[])
    .flatMap((group) => [group, ...CATEGORY_GROUPS[group]])
    .map((category, i) => [category as string, i]),
);

export interface CategoryTransaction {
  id: string;
  date: string;
  name: string;
  propertyId: string | null;
  amount: Cents;
  /** A category value, or null for uncategorized. */
  category: string | null;
}

export interface CategoryDetail<T extends CategoryTransaction = CategoryTransaction> {
  /** A category value or "uncategorized". */
  category: string;
  label: string;
  line: BookLine;
  lineLabel: string;
  counted: boolean;
  /** Oldest first (date, then id). */
  transactions: T[];
  /** Signed sum of the amounts (money out negative). */
  subtotal: Cents;
}

export interface TransactionsByCategory<T extends CategoryTransaction = CategoryTransaction> {
  categories: CategoryDetail<T>[];
  /** The counted categories' signed net: the profit and loss's cash flow. */
  total: Cents;
  /** Transfers and uncategorized money, listed but counted nowhere. */
  notCounted: Cents;
  count: number;
}

export function transactionsByCategory<T extends CategoryTransaction>(
  transactions: readonly T[],
): TransactionsByCategory<T> {
  const byCategory = new Map<string, T[]>();
  for (const t of transactions) {
    const key = t.category ?? 'uncategorized';
    const list = byCategory.get(key) ?? [];
    list.push(t);
    byCategory.set(key, list);
  }
  const categories: CategoryDetail<T>[] = [...byCategory].map(([category, list]) => {
    const line = bookLineOf(category);
    return {
      category,
      label: category === 'uncategorized' ? 'Uncategorized' : categoryLabel(category),
      line,
      lineLabel: BOOK_LINE_LABELS[line],
      counted: (COUNTED_LINES as readonly string[]).includes(line),
      transactions: list.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id)),
      subtotal: list.reduce((n, t) => n + t.amount, 0),
    };
  });
  const rank = (c: CategoryDetail<T>) =>
    LINE_ORDER.indexOf(c.line) * 10_000 + (CATEGORY_ORDER.get(c.category) ?? 9_999);
  categories.sort((a, b) => rank(a) - rank(b));
  const sum = (counted: boolean) => categories.filter((c) => c.counted === counted).reduce((n, c) => n + c.subtotal, 0);
  return { categories, total: sum(true), notCounted: sum(false), count: transactions.length };
}
