import type { ColumnMapping, CsvRecord } from './csv.js';
import type { DateFormat } from './dates.js';

/**
 * The CSV exports of the banks most of our landlords use (docs/banking.md "File import"), recognised by their
 * header row (or, for Wells Fargo, by the shape of a file without one), so the column mapping starts right instead
 * of from a guess by column names (Chase checking's first column "Details" holds only DEBIT/CREDIT, not the
 * description). Anything else falls back to the generic guess in csv.ts. Pure and zod-free.
 */

export interface BankFormat {
  id: string;
  /** Shown in the wizard: "Chase (checking) export". */
  label: string;
  /** The date order the bank writes, so files whose days are all 12 or less need not ask. */
  dateFormat: DateFormat;
}

interface HeaderFormat extends BankFormat {
  /** Header names (compared loosely) that must all be present. */
  requires: string[];
  /** At least one of these must be present too (when given): tells apart two exports with a common core. */
  anyOf?: string[];
  date: string;
  name: string;
  amount: { kind: 'signed'; column: string } | { kind: 'split'; debit: string; credit: string };
  externalId?: string;
  /** The export prints charges as positive amounts. */
  flipSign?: boolean;
}

/** Header names compared loosely: case, spaces and surrounding punctuation do not matter. */
const norm = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

const HEADER_FORMATS: HeaderFormat[] = [
  {
    id: 'chase-checking',
    label: 'Chase (checking or savings) export',
    dateFormat: 'MM/DD/YYYY',
    requires: ['details', 'posting date', 'description', 'amount'],
    date: 'posting date',
    name: 'description',
    amount: { kind: 'signed', column: 'amount' },
  },
  {
    id: 'chase-card',
    label: 'Chase (credit card) export',
    dateFormat: 'MM/DD/YYYY',
    requires: ['transaction date', 'post date', 'description', 'category', 'type', 'amount'],
    date: 'transaction date',
    name: 'description',
    amount: { kind: 'signed', column: 'amount' },
  },
  {
    id: 'bank-of-america-card',
    label: 'Bank of America (credit card) export',
    dateFormat: 'MM/DD/YYYY',
    requires: ['posted date', 'reference number', 'payee', 'amount'],
    date: 'posted date',
    name: 'payee',
    amount: { kind: 'signed', column: 'amount' },
    externalId: 'reference number',
  },
  {
    id: 'bank-of-america-checking',
    label: 'Bank of America (checking or savings) export',
    dateFormat: 'MM/DD/YYYY',
    requires: ['date', 'description', 'amount', 'running bal.'],
    date: 'date',
    name: 'description',
    amount: { kind: 'signed', column: 'amount' },
  },
  {
    id: 'capital-one-card',
    label: 'Capital One (credit card) export',
    dateFormat: 'YYYY-MM-DD',
    requires: ['transaction date', 'posted date', 'card no.', 'description', 'debit', 'credit'],
    date: 'transaction date',
    name: 'description',
    amount: { kind: 'split', debit: 'debit', credit: 'credit' },
  },
  {
    id: 'citi',
    label: 'Citi export',
    dateFormat: 'MM/DD/YYYY',
    requires: ['status', 'date', 'description', 'debit', 'credit'],
    date: 'date',
    name: 'description',
    amount: { kind: 'split', debit: 'debit', credit: 'credit' },
  },
  {
    id: 'amex',
    label: 'American Express export',
    dateFormat: 'MM/DD/YYYY',
    requires: ['date', 'description', 'amount'],
    anyOf: ['card member', 'account #', 'extended details', 'appears on your statement as', 'reference'],
    date: 'date',
    name: 'description',
    amount: { kind: 'signed', column: 'amount' },
    externalId: 'reference',
    // American Express prints charges as positive and payments and credits as negative.
    flipSign: true,
  },
];

/** Wells Fargo's export has no header: date, amount, "*", a check number or blank, description. */
export const WELLS_FARGO: BankFormat = { id: 'wells-fargo', label: 'Wells Fargo export', dateFormat: 'MM/DD/YYYY' };

export interface BankMatch {
  format: BankFormat;
  mapping: ColumnMapping;
}

/** The known export whose header these are, with the mapping by column index; null for any other header. */
export function bankFormatOfHeader(columns: readonly string[]): BankMatch | null {
  const names = columns.map(norm);
  const index = (name: string) => names.indexOf(name);
  for (const candidate of HEADER_FORMATS) {
    if (!candidate.requires.every((name) => index(name) >= 0)) continue;
    if (candidate.anyOf && !candidate.anyOf.some((name) => index(name) >= 0)) continue;
    const { id, label, dateFormat } = candidate;
    const externalId = candidate.externalId ? index(candidate.externalId) : -1;
    return {
      format: { id, label, dateFormat },
      mapping: {
        date: index(candidate.date),
        name: index(candidate.name),
        amount:
          candidate.amount.kind === 'signed'
            ? { kind: 'signed', column: index(candidate.amount.column) }
            : { kind: 'split', debit: index(candidate.amount.debit), credit: index(candidate.amount.credit) },
        externalId: externalId >= 0 ? externalId : null,
        flipSign: candidate.flipSign === true,
      },
    };
  }
  return null;
}

/** A file without a header in Wells Fargo's shape: five fields, the third always "*". */
export function bankFormatOfHeaderless(data: readonly CsvRecord[]): BankMatch | null {
  const rows = data.filter((r) => r.cells.some((c) => c !== '')).slice(0, 50);
  if (rows.length === 0) return null;
  if (!rows.every((r) => r.cells.length === 5 && r.cells[2] === '*')) return null;
  return {
    format: WELLS_FARGO,
    mapping: { date: 0, name: 4, amount: { kind: 'signed', column: 1 }, externalId: null, flipSign: false },
  };
}
