import {
  analyzeColumns,
  type ColumnMapping,
  type CsvLayout,
  type DateFormat,
  type DecimalMark,
  detectLayout,
  isCompleteMapping,
  looksLikeOfx,
  mapCsvRows,
  type ParsedRow,
  parseCsv,
  parseOfx,
  type RowError,
} from '@rent/shared/core/fileImport/index';

/**
 * The browser side of reading a bank file: bytes to text (UTF-8, else Windows-1252, which older bank
 * exports use), then the shared parsers. This module loads with the import wizard only.
 */

export type { ColumnMapping, CsvLayout, DateFormat, ParsedRow, RowError };
export { isCompleteMapping };

export async function fileText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export type LoadedFile =
  | { kind: 'ofx'; rows: ParsedRow[]; errors: RowError[] }
  | { kind: 'csv'; layout: CsvLayout; errors: RowError[] };

export function loadText(name: string, text: string): LoadedFile {
  if (/\.(ofx|qfx)$/i.test(name) || looksLikeOfx(text)) {
    const statement = parseOfx(text);
    return { kind: 'ofx', rows: statement.rows, errors: statement.errors };
  }
  const { delimiter, records } = parseCsv(text);
  const layout = detectLayout(records, delimiter);
  const errors = layout.data.length === 0 ? [{ line: 1, reason: 'The file holds no rows' }] : [];
  return { kind: 'csv', layout, errors };
}

export interface MappedCsv {
  /** The date orders every value fits: more than one means the person must choose. */
  candidates: DateFormat[];
  /** The order the rows were read in (null until one is known or chosen). */
  format: DateFormat | null;
  decimal: DecimalMark;
  rows: ParsedRow[];
  errors: RowError[];
}

/** The rows of a CSV under a mapping and a date order (the detected one unless the person chose). */
export function mapCsv(
  layout: CsvLayout,
  mapping: Partial<ColumnMapping>,
  chosen: DateFormat | null,
): MappedCsv | null {
  if (!isCompleteMapping(mapping)) return null;
  const { dates, decimal } = analyzeColumns(layout.data, mapping);
  const format = chosen && dates.candidates.includes(chosen) ? chosen : dates.format;
  if (!format) return { candidates: dates.candidates, format: null, decimal, rows: [], errors: [] };
  return { candidates: dates.candidates, format, decimal, ...mapCsvRows(layout, mapping, format, decimal) };
}

/** Where the starting column mapping came from: the account's last confirmed one, a known bank export, a guess. */
export type MappingOrigin = 'remembered' | 'bank' | 'guess';

/** A mapping remembered on a bank account (docs/banking.md "File import"): for a file with these columns. */
export type RememberedMapping = ColumnMapping & { columns: string[]; dateFormat: DateFormat | null };

/**
 * The mapping a CSV starts with: the one last confirmed for the account when the file has the same columns, else
 * the known bank export's or the guess (core/fileImport/bankFormats.ts, csv.ts).
 */
export function startingMapping(
  file: LoadedFile,
  remembered: RememberedMapping | null | undefined,
): { mapping: Partial<ColumnMapping>; dateFormat: DateFormat | null; origin: MappingOrigin } {
  if (file.kind !== 'csv') return { mapping: {}, dateFormat: null, origin: 'guess' };
  const columns = file.layout.columns;
  if (
    remembered &&
    remembered.columns.length === columns.length &&
    remembered.columns.every((c, i) => c === columns[i])
  ) {
    const { columns: _, dateFormat, ...mapping } = remembered;
    return { mapping, dateFormat, origin: 'remembered' };
  }
  const bank = file.layout.bank;
  return { mapping: file.layout.suggestion, dateFormat: bank?.dateFormat ?? null, origin: bank ? 'bank' : 'guess' };
}
