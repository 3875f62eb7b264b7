/** CSV for every export (the ledger's, the reports', the tax package's): one quoting and one formula guard. */

/** Characters that make a spreadsheet run a cell as a formula when they start it (CSV injection). */
const FORMULA_CHARS = new Set(['=', '+', '-', '@', '\u2212']);
/** Control and invisible format characters a spreadsheet skips before it decides what a cell is. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * Whether a spreadsheet could run this text as a formula: it starts with a control or invisible character, or its
 * first visible character, after Unicode compatibility normalisation (so the full-width ＝ ＋ － ＠ count as = + - @),
 * starts a formula.
 */
function startsFormula(value: string): boolean {
  if (value === '' || INVISIBLE.test(value[0]!)) return value !== '';
  return FORMULA_CHARS.has(value.normalize('NFKC')[0] ?? '');
}
/** Characters that need the cell quoted: RFC 4180's comma, quote and line breaks, and `;` for spreadsheets set to it. */
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, a quote (doubled inside) or a line break. Text that a
 * spreadsheet would run as a formula gets a leading apostrophe and quotes; `text = false` is for values the app
 * itself formats (dates, amounts, ids), which may start with "-".
 */
export function csvCell(value: string, text = true): string {
  const out = text && startsFormula(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(out) || out !== value ? `"${out.replace(/"/g, '""')}"` : out;
}

/** UTF-8's byte-order mark: without it Excel on Windows reads a CSV as its ANSI code page ("–" shows as "â€“"). */
const BYTE_ORDER_MARK = '\ufeff';

/**
 * A CSV file's bytes, exactly as every download saves them (the browser's and the tax package's): the byte-order
 * mark, then the text in UTF-8.
 */
export function csvFileBytes(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(BYTE_ORDER_MARK + text) as Uint8Array<ArrayBuffer>;
}
