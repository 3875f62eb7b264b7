/** CSV for every export (the ledger's, the reports', the tax package's): one quoting and one formula guard. */

/** Leading characters that make a spreadsheet run a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that need the cell quoted: RFC 4180's comma, quote and line breaks, and `;` for spreadsheets set to it. */
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, a quote (doubled inside) or a line break. Text that a
 * spreadsheet would run as a formula gets a leading apostrophe and quotes; `text = false` is for values the app
 * itself formats (dates, amounts, ids), which may start with "-".
 */
export function csvCell(value: string, text = true): string {
  const out = text && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(out) || out !== value ? `"${out.replace(/"/g, '""')}"` : out;
}
