import { bookLineOf, DEBT_SERVICE_CATEGORIES } from '../core/books.js';
import { CATEGORY_GROUPS, type CategoryGroup, categoryLabel } from '../core/categories.js';
import { toCents } from '../core/money.js';
import { type ReportTable, tableCsv } from './table.js';

/**
 * A books table (cash flow by month, profit and loss by property) from a report's cells, keyed by column: sections income, operating expenses, NOI, debt service, capital
 * spending, cash flow (then the money that counts nowhere: transfers, uncategorised), each section expandable
 * into its categories. Amounts are signed like the ledger's (money out negative), so a cell and the ledger
 * filtered to it show the same net, and NOI / cash flow are the sums of the rows above them.
 */

export type SectionId =
  | 'income'
  | 'operatingExpenses'
  | 'noi'
  | 'debtService'
  | 'capitalSpending'
  | 'cashFlow'
  | 'transfers'
  | 'uncategorized';

export interface BookRow {
  id: string;
  label: string;
  kind: 'section' | 'category' | 'result';
  /** Cents per column (a month, or a property), and the total. */
  values: Record<string, number>;
  total: number;
  children: BookRow[];
  /** The ledger's category filter that lists exactly this row's money, or null when no one filter does. */
  filter: { category?: string; categoryGroup?: CategoryGroup } | null;
}

const SECTIONS: { id: SectionId; label: string; group?: CategoryGroup; categories?: readonly string[] }[] = [
  { id: 'income', label: 'Income', group: 'income' },
  { id: 'operatingExpenses', label: 'Operating expenses' },
  { id: 'noi', label: 'Net operating income (NOI)' },
  { id: 'debtService', label: 'Debt service', categories: DEBT_SERVICE_CATEGORIES },
  { id: 'capitalSpending', label: 'Capital spending', group: 'capital_expenditures' },
  { id: 'cashFlow', label: 'Cash flow' },
  { id: 'transfers', label: 'Transfers (not counted)', group: 'transfer' },
  { id: 'uncategorized', label: 'Uncategorized (not counted)' },
];

const LINE_OF_SECTION: Partial<Record<SectionId, string>> = {
  income: 'income',
  operatingExpenses: 'operatingExpenses',
  debtService: 'debtService',
  capitalSpending: 'capitalSpending',
  transfers: 'transfers',
  uncategorized: 'uncategorized',
};

/** The categories a section lists, in taxonomy order (the group value itself first). */
function sectionCategories(id: SectionId): string[] {
  if (id === 'uncategorized') return ['uncategorized'];
  if (id === 'debtService') return [...DEBT_SERVICE_CATEGORIES];
  const group = {
    income: 'income',
    operatingExpenses: 'expenses',
    capitalSpending: 'capital_expenditures',
    transfers: 'transfer',
  }[id as string] as CategoryGroup | undefined;
  return group ? [group, ...CATEGORY_GROUPS[group]].filter((c) => bookLineOf(c) === LINE_OF_SECTION[id]) : [];
}

const add = (into: Record<string, number>, from: Record<string, number>, sign = 1) => {
  for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + sign * value;
};

export interface ColumnCell {
  column: string;
  category: string;
  /** Wire decimal, signed. */
  net: number;
}

export function bookRows(cells: readonly ColumnCell[]): BookRow[] {
  const byCategory = new Map<string, Record<string, number>>();
  for (const cell of cells) {
    const values = byCategory.get(cell.category) ?? {};
    values[cell.column] = (values[cell.column] ?? 0) + (toCents(cell.net) ?? 0);
    byCategory.set(cell.category, values);
  }
  const totalOf = (values: Record<string, number>) => Object.values(values).reduce((n, v) => n + v, 0);

  const sections = new Map<SectionId, BookRow>();
  for (const section of SECTIONS) {
    if (section.id === 'noi' || section.id === 'cashFlow') continue;
    const children = sectionCategories(section.id)
      .filter((category) => byCategory.has(category))
      .map((category) => {
        const values = byCategory.get(category)!;
        return {
          id: `${section.id}:${category}`,
          label: categoryLabel(category),
          kind: 'category' as const,
          values,
          total: totalOf(values),
          children: [],
          filter: { category },
        };
      });
    const values: Record<string, number> = {};
    for (const child of children) add(values, child.values);
    sections.set(section.id, {
      id: section.id,
      label: section.label,
      kind: 'section',
      values,
      total: totalOf(values),
      children,
      // The group's filter lists the section's money only when the whole group counts on its line (the transfer group
      // does not: its loan principal and escrow are debt service).
      filter:
        section.group && sectionCategories(section.id).length === CATEGORY_GROUPS[section.group].length + 1
          ? { categoryGroup: section.group }
          : section.id === 'uncategorized'
            ? { category: 'uncategorized' }
            : null,
    });
  }
  const result = (id: 'noi' | 'cashFlow', label: string, parts: SectionId[]): BookRow => {
    const values: Record<string, number> = {};
    for (const part of parts) add(values, sections.get(part)!.values);
    return { id, label, kind: 'result', values, total: totalOf(values), children: [], filter: null };
  };
  sections.set('noi', result('noi', 'Net operating income (NOI)', ['income', 'operatingExpenses']));
  sections.set(
    'cashFlow',
    result('cashFlow', 'Cash flow', ['income', 'operatingExpenses', 'debtService', 'capitalSpending']),
  );
  return SECTIONS.map((s) => sections.get(s.id)!);
}

/** The table (CSV and PDF): one line per section and category, a column each and the total; exact cents. */
export function bookRowsTable(rows: BookRow[], columns: readonly { key: string; label: string }[]): ReportTable {
  const keys = columns.map((c) => c.key);
  const out: ReportTable['rows'] = [];
  for (const row of rows) {
    out.push({ cells: [row.label, '', ...keys.map((k) => row.values[k] ?? 0), row.total], style: 'bold' });
    for (const child of row.children) {
      out.push({ cells: [row.label, child.label, ...keys.map((k) => child.values[k] ?? 0), child.total] });
    }
  }
  return {
    columns: [
      { label: 'Line', weight: 1.2 },
      { label: 'Category' },
      ...columns.map((c) => ({ label: c.label, kind: 'money' as const })),
      { label: 'Total', kind: 'money' },
    ],
    rows: out,
  };
}

/** The table as CSV: one line per section and category, a column each and the total; exact amounts. */
export function bookRowsCsv(rows: BookRow[], columns: readonly { key: string; label: string }[]): string {
  return tableCsv(bookRowsTable(rows, columns));
}
