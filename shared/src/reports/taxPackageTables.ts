import { RECEIPT_THRESHOLD_CENTS } from '../core/attention.js';
import { categoryGroupOf, categoryLabel } from '../core/categories.js';
import { type Cents, centsToString, toCents } from '../core/money.js';
import type { ReportTable } from './table.js';

/**
 * The tax package's own tables (docs/reports-and-tax.md "Tax package"), pure: the year's full ledger (a split as one
 * row per part with its transaction's id), the expenses without a receipt, and the loans' interest. Each is one
 * ReportTable, so its CSV is written like every other export's.
 */

/** One line of the year as the package reads it: a transaction, or one part of a split (`part` from 1). */
export interface PackageLedgerLine {
  id: string;
  date: string;
  name: string;
  propertyId: string | null;
  amount: Cents;
  category: string | null;
  receiptCount: number;
  part?: number;
  memo?: string | null;
  notes?: string | null;
  source?: string | null;
}

const sourceText = (source: string | null | undefined) =>
  source === 'plaid' ? 'Bank' : source === 'user_created' ? 'Manual' : source === 'import' ? 'Import' : (source ?? '');

/**
 * Every line of the year, oldest first: date, name, amount (signed as the ledger), category and its group, property,
 * notes, source, the transaction's id, the part ("2 of 3") and its memo, and the names of its receipt files in the
 * zip (on each part, since the receipt belongs to the whole transaction).
 */
export function ledgerTable(
  lines: readonly PackageLedgerLine[],
  addressOf: (propertyId: string) => string,
  receiptNames: ReadonlyMap<string, readonly string[]>,
): ReportTable {
  const partsOf = new Map<string, number>();
  for (const line of lines) if (line.part) partsOf.set(line.id, (partsOf.get(line.id) ?? 0) + 1);
  const sorted = [...lines].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) ||
      (a.part ?? 0) - (b.part ?? 0),
  );
  return {
    columns: [
      { label: 'Date' },
      { label: 'Name', weight: 2 },
      { label: 'Amount', kind: 'money' },
      { label: 'Category' },
      { label: 'Category group' },
      { label: 'Property', weight: 2 },
      { label: 'Notes', weight: 2 },
      { label: 'Source' },
      { label: 'Transaction ID' },
      { label: 'Part' },
      { label: 'Part memo' },
      { label: 'Receipt files', weight: 2 },
    ],
    rows: sorted.map((line) => {
      const group = categoryGroupOf(line.category);
      return {
        cells: [
          line.date,
          line.name,
          line.amount,
          categoryLabel(line.category),
          group ? categoryLabel(group) : '',
          line.propertyId ? addressOf(line.propertyId) : '',
          line.notes ?? '',
          sourceText(line.source),
          line.id,
          line.part ? `${line.part} of ${partsOf.get(line.id)}` : '',
          line.memo ?? '',
          (receiptNames.get(line.id) ?? []).join('; '),
        ],
      };
    }),
  };
}

export interface MissingReceipt {
  id: string;
  date: string;
  name: string;
  amount: Cents;
}

/**
 * The year's expenses over $75 without a receipt, oldest first, one per transaction (a receipt belongs to the whole
 * line, so a split counts once, by its total): the rule of the dashboard's "Needs attention" count
 * (core/attention.ts), so the two agree.
 */
export function missingReceipts(lines: readonly PackageLedgerLine[]): MissingReceipt[] {
  const byId = new Map<string, MissingReceipt & { receipts: number }>();
  for (const line of lines) {
    const seen = byId.get(line.id);
    if (seen) {
      seen.amount += line.amount;
      seen.receipts += line.receiptCount;
    } else {
      byId.set(line.id, {
        id: line.id,
        date: line.date,
        name: line.name,
        amount: line.amount,
        receipts: line.receiptCount,
      });
    }
  }
  return [...byId.values()]
    .filter((t) => t.receipts === 0 && t.amount < -RECEIPT_THRESHOLD_CENTS)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1))
    .map(({ receipts: _, ...t }) => t);
}

/** "Expenses over $75 without a receipt", as the README and the list name them. */
export const MISSING_RECEIPTS_TITLE = `Expenses over $${centsToString(RECEIPT_THRESHOLD_CENTS).replace(/\.00$/, '')} without a receipt`;

export function missingReceiptsTable(missing: readonly MissingReceipt[]): ReportTable {
  return {
    preamble: [[MISSING_RECEIPTS_TITLE]],
    columns: [
      { label: 'Date' },
      { label: 'Name', weight: 2 },
      { label: 'Amount', kind: 'money' },
      { label: 'Transaction ID' },
    ],
    rows: missing.map((t) => ({ cells: [t.date, t.name, t.amount, t.id] })),
  };
}

/** A loan's year as the loans service answers it (amounts as wire decimals). */
export interface PackageLoan {
  address: string;
  lender: string;
  principal: number;
  annualRate: string;
  interest: { bySchedule: number; byLedger: number; form1098: number | null; flag: string | null };
  /** Escrow paid in with the year's payments, and the bills the lender paid from it (deducted as taxes, insurance). */
  escrow: { paidIn: number; paidOut: number };
}

/**
 * Each loan's interest of the year: by its schedule, per the ledger (line 12), and per the lender's Form 1098; and its
 * escrow paid in and paid out, which a preparer compares with the lender's escrow statement.
 */
export function loansTable(loans: readonly PackageLoan[], year: string, notice: string): ReportTable {
  const cents = (value: number) => toCents(value) ?? 0;
  return {
    preamble: [[`Mortgage loans ${year}`], [notice]],
    columns: [
      { label: 'Property', weight: 2 },
      { label: 'Lender', weight: 1.5 },
      { label: 'Principal', kind: 'money' },
      { label: 'Rate (%)' },
      { label: 'Interest by schedule', kind: 'money' },
      { label: 'Interest per the ledger', kind: 'money' },
      { label: 'Interest per Form 1098', kind: 'money' },
      { label: 'Escrow paid in', kind: 'money' },
      { label: 'Paid from escrow', kind: 'money' },
      { label: 'Note', weight: 2 },
    ],
    rows: loans.map((loan) => ({
      cells: [
        loan.address,
        loan.lender,
        cents(loan.principal),
        loan.annualRate,
        cents(loan.interest.bySchedule),
        cents(loan.interest.byLedger),
        loan.interest.form1098 === null ? null : cents(loan.interest.form1098),
        cents(loan.escrow.paidIn),
        cents(loan.escrow.paidOut),
        loan.interest.flag ?? (loan.interest.form1098 === null ? 'No Form 1098 amount entered' : ''),
      ],
    })),
    footer: notice,
  };
}
