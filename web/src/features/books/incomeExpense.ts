import { monthsBetween } from '@rent/shared/core/books';
import type { BookRow } from '@rent/shared/reports/bookRows';

/** The cash flow's sections that pay money out, added up as a month's expenses. */
const SPENDING = new Set(['operatingExpenses', 'debtService', 'capitalSpending']);

/** Income, expenses and cash flow per month (cents; expenses as a positive number), as the charts draw them. */
export interface IncomeExpenseSeries {
  /** Every month of the period, known before the report arrives (a phone's chart holds a row for each). */
  months: string[];
  income: Record<string, number>;
  expenses: Record<string, number>;
  net: Record<string, number>;
}

/** The series of a period's cash flow rows (`bookRows` of the cash flow report). */
export function incomeExpenseSeries(
  rows: readonly BookRow[],
  period: { from: string; to: string },
): IncomeExpenseSeries {
  const values = (id: string) => rows.find((row) => row.id === id)?.values ?? {};
  const expenses: Record<string, number> = {};
  for (const row of rows) {
    if (!SPENDING.has(row.id)) continue;
    for (const [month, cents] of Object.entries(row.values)) expenses[month] = (expenses[month] ?? 0) - cents;
  }
  return { months: monthsBetween(period.from, period.to), income: values('income'), expenses, net: values('cashFlow') };
}
