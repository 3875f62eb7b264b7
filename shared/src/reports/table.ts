import { centsToString } from '../core/money.js';
import { csvCell } from './csv.js';

/**
 * One report's table, the single row model behind both its CSV and its PDF (so the two cannot disagree; the
 * browser and the tax package job build both from it): columns,
 * rows of cells (text, or money in integer cents), the lines a CSV starts with, and a footer line the PDF repeats.
 */
export interface TableColumn {
  label: string;
  /** Money cells are cents, right-aligned in the PDF and exact decimals in the CSV. */
  kind?: 'text' | 'money';
  /** Relative share of the spare width in the PDF (text columns; default 1). */
  weight?: number;
}

export type TableCell = string | number | null;

export interface TableRow {
  cells: TableCell[];
  /** Section and total rows are set in bold in the PDF. */
  style?: 'plain' | 'bold';
}

export interface ReportTable {
  columns: TableColumn[];
  rows: TableRow[];
  /** Lines the CSV starts with, before the header (the PDF has them in its page header instead). */
  preamble?: string[][];
  /**
   * What the table comes to, in a few sentences (a statement's home, tenant and balance due): the CSV writes each
   * after the preamble as a line of one cell, the PDF under its page header on the first page.
   */
  summary?: string[];
  /** Printed at the foot of every PDF page (e.g. "A worksheet for your tax preparer, not tax advice."). */
  footer?: string;
}

/** A money cell as the CSV writes it: exact, no grouping; null is empty. */
export function cellText(cell: TableCell, kind: TableColumn['kind']): string {
  if (cell === null) return '';
  if (kind === 'money' && typeof cell === 'number') return centsToString(cell);
  return String(cell);
}

/** The table as CSV (RFC 4180, CRLF): the preamble, the header, the rows; text guarded against formulas. */
export function tableCsv(table: ReportTable): string {
  const lines = (table.preamble ?? []).map((line) => line.map((cell) => csvCell(cell)).join(','));
  for (const line of table.summary ?? []) lines.push(csvCell(line));
  lines.push(table.columns.map((c) => csvCell(c.label)).join(','));
  for (const row of table.rows) {
    lines.push(
      row.cells
        .map((cell, i) => {
          const kind = table.columns[i]?.kind;
          const text = cellText(cell, kind);
          return text === '' ? '' : csvCell(text, kind !== 'money');
        })
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
