import { toCents } from '../core/money.js';
import { type ReportTable, type TableRow, tableCsv } from './table.js';
import type { TransactionsByCategoryData } from './types.js';

const cents = (value: number) => toCents(value) ?? 0;

/**
 * The transactions-by-category detail report (CSV and PDF): per category its transactions (date, name, property,
 * amount) and a subtotal row; then the grand total of the counted categories (the profit and loss's cash flow)
 * and what is listed but counted nowhere.
 */
export function transactionsByCategoryTable(report: TransactionsByCategoryData, scope: string): ReportTable {
  const rows: TableRow[] = [];
  for (const c of report.categories) {
    for (const t of c.transactions) {
      rows.push({ cells: [c.lineLabel, c.label, t.date, t.name, t.property, cents(t.amount)] });
    }
    const n = c.transactions.length;
    rows.push({
      cells: [
        c.lineLabel,
        `${c.label} subtotal`,
        '',
        `${n} ${n === 1 ? 'transaction' : 'transactions'}`,
        '',
        cents(c.subtotal),
      ],
      style: 'bold',
    });
  }
  rows.push({
    cells: [
      'Total',
      'Counted categories (cash flow)',
      '',
      `${report.count} transactions in all`,
      '',
      cents(report.total),
    ],
    style: 'bold',
  });
  rows.push({
    cells: ['Not counted', 'Transfers and uncategorized', '', '', '', cents(report.notCounted)],
    style: 'bold',
  });
  return {
    preamble: [[`Transactions by category ${report.from} to ${report.to}`, scope]],
    columns: [
      { label: 'Line', weight: 1.1 },
      { label: 'Category', weight: 1.2 },
      { label: 'Date', weight: 0.6 },
      { label: 'Name', weight: 1.8 },
      { label: 'Property', weight: 1.4 },
      { label: 'Amount', kind: 'money' },
    ],
    rows,
    footer:
      'Money out is negative. Ignored transactions are left out; transfers and uncategorized are listed but not counted.',
  };
}

export function transactionsByCategoryCsv(report: TransactionsByCategoryData, scope: string): string {
  return tableCsv(transactionsByCategoryTable(report, scope));
}
