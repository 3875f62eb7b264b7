/** CSV for every export (the ledger's and the reports'): one quoting and one formula guard. */

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

/** Saves text as a file through a temporary link (the browser's download). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  // A byte-order mark so spreadsheet apps read the UTF-8 (en dashes, accents) correctly.
  downloadBlob(new Blob(['\ufeff', text], { type }), fileName);
}

/** Saves a blob as a file through a temporary link (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
