import { formatCurrency, toCents } from '../core/money.js';
import type { ReconciliationIssueKind } from '../core/reconciliation.js';
import type { ReportTable, TableRow } from './table.js';

/**
 * The reconciliation report of one bank account and month (CSV and PDF, docs/reconciliation.md "Reports"): the
 * statement's balances, the difference, the cleared lines with why each matched, and what makes up the difference;
 * and the year's summary of every account and month for the tax package. Reads the API's shapes (decimals).
 */

const cents = (value: number | null) => (value === null ? null : (toCents(value) ?? 0));
const money = (value: number | null) => (value === null ? '—' : formatCurrency(cents(value)!, 2));

const ISSUE_WORDS: Record<ReconciliationIssueKind, string> = {
  missing: 'Missing from the books',
  extra: 'In the books, not on the statement',
  amount_differs: 'Amount differs',
  date_outside: 'Date outside the period',
  balances: 'Balances',
};

export interface ReconciliationReportInput {
  accountName: string;
  month: string;
  periodStart: string;
  periodEnd: string;
  status: 'new' | 'open' | 'finished';
  startBalance: number | null;
  endBalance: number | null;
  difference: number;
  cleared: number;
  clearedCount: number;
  finishedAt: string | null;
  lines: { date: string; name: string; amount: number; cleared: boolean; reason: string | null }[];
  issues: { kind: ReconciliationIssueKind; effect: number; message: string }[];
}

const STATUS_WORDS = { new: 'Not started', open: 'In progress', finished: 'Reconciled' } as const;

export function reconciliationTable(r: ReconciliationReportInput): ReportTable {
  const rows: TableRow[] = [{ cells: ['Cleared lines', '', null, ''], style: 'bold' }];
  for (const line of r.lines) {
    if (!line.cleared) continue;
    rows.push({ cells: [line.date, line.name, cents(line.amount), line.reason ?? 'Ticked by a person'] });
  }
  rows.push({ cells: ['', `Cleared, ${r.clearedCount} lines`, cents(r.cleared), ''], style: 'bold' });
  const issues = r.issues.filter((i) => i.effect !== 0);
  if (issues.length > 0) {
    rows.push({ cells: ['What makes up the difference', '', null, ''], style: 'bold' });
    for (const issue of issues) rows.push({ cells: [ISSUE_WORDS[issue.kind], issue.message, cents(issue.effect), ''] });
  }
  rows.push({ cells: ['', 'Difference', cents(r.difference), ''], style: 'bold' });
  const status =
    r.status === 'finished' && r.finishedAt ? `Reconciled on ${r.finishedAt.slice(0, 10)}` : STATUS_WORDS[r.status];
  return {
    preamble: [[`Bank reconciliation: ${r.accountName}, ${r.periodStart} to ${r.periodEnd}`]],
    summary: [
      `${status}. Statement start balance ${money(r.startBalance)}, end balance ${money(r.endBalance)}; cleared in the books ${money(r.cleared)}; difference ${money(r.difference)}.`,
    ],
    columns: [
      { label: 'Date', weight: 0.7 },
      { label: 'Description', weight: 2 },
      { label: 'Amount', kind: 'money' },
      { label: 'Matched by', weight: 1.4 },
    ],
    rows,
    footer: 'The difference is the end balance minus the start balance minus the cleared lines.',
  };
}

export interface ReconciliationYearRow {
  accountName: string;
  month: string;
  status: 'open' | 'finished' | null;
  startBalance: number | null;
  endBalance: number | null;
  finishedAt: string | null;
}

/** Every account and month of a year: reconciled, in progress, or not reconciled (the tax package). */
export function reconciliationYearTable(year: string, rows: readonly ReconciliationYearRow[]): ReportTable {
  return {
    preamble: [[`Bank reconciliations ${year}`]],
    columns: [
      { label: 'Account', weight: 1.5 },
      { label: 'Month', weight: 0.6 },
      { label: 'Status', weight: 1 },
      { label: 'Start balance', kind: 'money' },
      { label: 'End balance', kind: 'money' },
    ],
    rows: rows.map((row) => ({
      cells: [
        row.accountName,
        row.month,
        row.status === 'finished'
          ? `Reconciled${row.finishedAt ? ` on ${row.finishedAt.slice(0, 10)}` : ''}`
          : row.status === 'open'
            ? 'In progress'
            : 'Not reconciled',
        cents(row.startBalance),
        cents(row.endBalance),
      ],
    })),
    footer: 'A month is reconciled when its statement matched the books to the cent.',
  };
}
