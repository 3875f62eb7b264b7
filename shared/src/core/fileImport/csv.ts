import { type AmountResult, type DecimalMark, detectDecimalMark, parseAmount, parseDebitCredit } from './amounts.js';
import { type BankFormat, bankFormatOfHeader, bankFormatOfHeaderless } from './bankFormats.js';
import { type DateFormat, detectDateFormat, looksLikeDate, parseDate } from './dates.js';
import type { ParsedRow, RowError } from './types.js';

/**
 * CSV bank statements: RFC 4180 quoting (quoted delimiters, doubled quotes, line breaks inside
 * quotes), a byte-order mark, `,` `;` or tab delimiters, preamble lines before the header (Bank of
 * America's summary block), and a suggested column mapping. Pure and zod-free; bad input is reported
 * per line, never thrown.
 */

export type Delimiter = ',' | ';' | '\t';

export interface CsvRecord {
  /** The file line the record starts on (1-based). */
  line: number;
  cells: string[];
}

/** Splits text into records. The delimiter is detected when not given. */
export function parseCsv(text: string, delimiter?: Delimiter): { delimiter: Delimiter; records: CsvRecord[] } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const chosen = delimiter ?? detectDelimiter(body);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
      touched = true;
    } else if (ch === chosen) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      cell += ch;
    }
  }
  if (cell !== '' || cells.length > 0 || touched) endRecord();
  return { delimiter: chosen, records: records.map((r) => ({ ...r, cells: r.cells.map((c) => c.trim()) })) };
}

/** The delimiter that splits the first lines most consistently into more than one field. */
export function detectDelimiter(text: string): Delimiter {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 30);
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const candidate of [',', ';', '\t'] as Delimiter[]) {
    const counts = lines.map((l) => countOutsideQuotes(l, candidate));
    const tail = counts.slice(Math.floor(counts.length / 3));
    const mode = modeOf(tail);
    if (mode === 0) continue;
    const score = tail.filter((c) => c === mode).length * 10 + mode;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, ch: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ch && !quoted) n++;
  }
  return n;
}

function modeOf(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [v, c] of counts) if (c > bestCount || (c === bestCount && v > best)) [best, bestCount] = [v, c];
  return best;
}

// ---- header and mapping ----------------------------------------------------------------------------

const KEYWORDS = {
  date: /^(transaction |trans\.? |posting |posted |post |booking |value )?date$|^date\b|\bdate$|datum|buchungstag/i,
  name: /description|payee|^name$|merchant|details|narrative|memo|beschreibung|verwendungszweck|beguenstigter|empfänger/i,
  amount: /^(transaction )?amount|\bamt\b|^amount|betrag|^value$|^sum$/i,
  debit: /debit|withdrawal|money out|paid out|outflow|spent|^out$|soll|ausgabe/i,
  credit: /credit|deposit|money in|paid in|inflow|received|^in$|haben|eingang/i,
  externalId:
    /^(reference|ref\.?|reference number|transaction id|transaction reference|id|fitid|bank reference|referenz)$/i,
  skip: /balance|running|saldo|^type$|category|status|check|card/i,
};

export interface ColumnMapping {
  date: number;
  name: number;
  amount: { kind: 'signed'; column: number } | { kind: 'split'; debit: number; credit: number };
  externalId: number | null;
  /** Some exports (credit cards) print charges as positive: flip every amount. */
  flipSign: boolean;
}

export interface CsvLayout {
  delimiter: Delimiter;
  /** Index into records of the header row, or null when the file has none. */
  headerIndex: number | null;
  /** Column names: the header's cells, or "Column 1", "Column 2", ... */
  columns: string[];
  /** Records after the header (or all, without one), blank ones left out. */
  data: CsvRecord[];
  /** A mapping to start from, or null for the columns it could not place (the person maps them). */
  suggestion: Partial<ColumnMapping>;
  /** The bank whose known export this is (its mapping is the suggestion), or null: the generic guess. */
  bank: BankFormat | null;
}

function headerScore(cells: string[]): number {
  const named = cells.filter((c) => c !== '');
  if (named.length < 2) return 0;
  if (named.some((c) => looksLikeDate(c) || parseAmount(c).ok)) return 0;
  const has = (re: RegExp) => named.some((c) => re.test(c));
  if (!has(KEYWORDS.date)) return 0;
  return [KEYWORDS.name, KEYWORDS.amount, KEYWORDS.debit, KEYWORDS.credit].filter(has).length;
}

/**
 * Finds the header and the mapping to start from: a known bank export's (bankFormats.ts), else a guess. The header is
 * the first of the first 30 records that names a date column and at least one of
 * description / amount / debit / credit, holds no date or amount itself, and is followed by data. A
 * preamble above it (an account summary) is left out. Without one, the records start with data.
 */
export function detectLayout(records: CsvRecord[], delimiter: Delimiter): CsvLayout {
  let headerIndex: number | null = null;
  for (let i = 0; i < Math.min(records.length, 30); i++) {
    if (headerScore(records[i]!.cells) > 0) {
      headerIndex = i;
      break;
    }
  }
  const data = records.slice(headerIndex === null ? 0 : headerIndex + 1);
  const width =
    headerIndex === null ? Math.max(0, ...data.map((r) => r.cells.length)) : records[headerIndex]!.cells.length;
  const columns =
    headerIndex === null
      ? Array.from({ length: width }, (_, i) => `Column ${i + 1}`)
      : records[headerIndex]!.cells.map((c, i) => c || `Column ${i + 1}`);
  const known = headerIndex === null ? bankFormatOfHeaderless(data) : bankFormatOfHeader(columns);
  if (known) return { delimiter, headerIndex, columns, data, suggestion: known.mapping, bank: known.format };
  return { delimiter, headerIndex, columns, data, suggestion: suggestMapping(columns, data), bank: null };
}

/** Guesses which column is which, from the names and, without a header, from the values. */
export function suggestMapping(columns: string[], data: CsvRecord[]): Partial<ColumnMapping> {
  const find = (re: RegExp, taken: Set<number>) => columns.findIndex((c, i) => !taken.has(i) && re.test(c));
  const taken = new Set<number>();
  const take = (re: RegExp) => {
    const i = find(re, taken);
    if (i >= 0) taken.add(i);
    return i;
  };
  const sample = data.slice(0, 50);
  const valuesOf = (i: number) => sample.map((r) => r.cells[i] ?? '');
  const suggestion: Partial<ColumnMapping> = { flipSign: false, externalId: null };
  let date = take(KEYWORDS.date);
  if (date < 0)
    date = columns.findIndex((_, i) => valuesOf(i).filter(Boolean).every(looksLikeDate) && valuesOf(i).some(Boolean));
  if (date >= 0) {
    taken.add(date);
    suggestion.date = date;
  }
  // Debit and credit columns first: "Withdrawal Amt." and "Deposit Amt." also read as amounts, and taking the first
  // as a signed amount would import every withdrawal as money in.
  const debit = find(KEYWORDS.debit, taken);
  const credit = debit >= 0 ? find(KEYWORDS.credit, new Set([...taken, debit])) : -1;
  const amount = debit >= 0 && credit >= 0 ? -1 : take(KEYWORDS.amount);
  if (debit >= 0 && credit >= 0) {
    taken.add(debit).add(credit);
    suggestion.amount = { kind: 'split', debit, credit };
  } else if (amount >= 0) suggestion.amount = { kind: 'signed', column: amount };
  else {
    const numeric = columns.findIndex(
      (_, i) =>
        !taken.has(i) &&
        valuesOf(i).some(Boolean) &&
        valuesOf(i)
          .filter(Boolean)
          .every((v) => parseAmount(v, detectDecimalMark(valuesOf(i))).ok),
    );
    if (numeric >= 0) {
      taken.add(numeric);
      suggestion.amount = { kind: 'signed', column: numeric };
    }
  }
  const id = take(KEYWORDS.externalId);
  if (id >= 0) suggestion.externalId = id;
  let name = take(KEYWORDS.name);
  if (name < 0) {
    // The text column with the longest values.
    let longest = 0;
    columns.forEach((_, i) => {
      if (taken.has(i) || KEYWORDS.skip.test(columns[i]!)) return;
      const length = valuesOf(i).reduce((n, v) => n + (parseAmount(v).ok ? 0 : v.length), 0);
      if (length > longest) [longest, name] = [length, i];
    });
  }
  if (name >= 0) suggestion.name = name;
  return suggestion;
}

export function isCompleteMapping(mapping: Partial<ColumnMapping>): mapping is ColumnMapping {
  return mapping.date !== undefined && mapping.name !== undefined && mapping.amount !== undefined;
}

/** The date orders the mapped date column fits (several = ask), and the amount columns' decimal mark. */
export function analyzeColumns(data: CsvRecord[], mapping: ColumnMapping) {
  const dates = detectDateFormat(data.map((r) => r.cells[mapping.date] ?? ''));
  const amountCells =
    mapping.amount.kind === 'signed'
      ? data.map((r) => r.cells[(mapping.amount as { column: number }).column] ?? '')
      : data.flatMap((r) => {
          const a = mapping.amount as { debit: number; credit: number };
          return [r.cells[a.debit] ?? '', r.cells[a.credit] ?? ''];
        });
  return { dates, decimal: detectDecimalMark(amountCells) };
}

/**
 * The rows of a mapped file: each data record becomes a row or an error with its line number (a
 * wrong field count, no date, a date not in the chosen order, no amount, no description). Rows are
 * never merged: two equal lines stay two rows.
 */
export function mapCsvRows(
  layout: Pick<CsvLayout, 'columns' | 'data'>,
  mapping: ColumnMapping,
  dateFormat: DateFormat,
  decimal: DecimalMark,
): { rows: ParsedRow[]; errors: RowError[] } {
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  const width = layout.columns.length;
  for (const record of layout.data) {
    const { cells, line } = record;
    if (cells.every((c) => c === '')) continue;
    const needed = Math.max(mapping.date, mapping.name, mapping.externalId ?? 0, ...amountColumns(mapping));
    if (cells.length <= needed) {
      errors.push({ line, reason: `Expected ${width} fields, found ${cells.length}` });
      continue;
    }
    const rawDate = cells[mapping.date]!;
    const date = parseDate(rawDate, dateFormat);
    if (!date) {
      errors.push({ line, reason: rawDate ? `"${rawDate}" is not a date in the order ${dateFormat}` : 'No date' });
      continue;
    }
    const amount: AmountResult =
      mapping.amount.kind === 'signed'
        ? parseAmount(cells[mapping.amount.column]!, decimal)
        : parseDebitCredit(cells[mapping.amount.debit]!, cells[mapping.amount.credit]!, decimal);
    if (!amount.ok) {
      errors.push({ line, reason: amount.reason === 'empty' ? 'No amount' : amount.reason });
      continue;
    }
    const name = cells[mapping.name]!.replace(/\s+/g, ' ').trim();
    if (!name) {
      errors.push({ line, reason: 'No description' });
      continue;
    }
    // American Express quotes its reference in apostrophes ('320242780012345678'): the quotes are not part of it.
    const externalId =
      mapping.externalId === null ? null : cells[mapping.externalId]!.trim().replace(/^'(.+)'$/, '$1') || null;
    const cents = mapping.flipSign && amount.cents !== 0 ? -amount.cents : amount.cents;
    rows.push({
      line,
      date,
      name: name.slice(0, 300),
      amountCents: cents,
      externalId: externalId?.slice(0, 200) ?? null,
    });
  }
  return { rows, errors };
}

function amountColumns(mapping: ColumnMapping): number[] {
  return mapping.amount.kind === 'signed' ? [mapping.amount.column] : [mapping.amount.debit, mapping.amount.credit];
}
