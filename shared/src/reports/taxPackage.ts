import { centsToString } from '../core/money.js';

/**
 * The CPA tax package (docs/reports-and-tax.md "Tax package"), its pure parts: where each file goes in the zip and the
 * README that says what each one is. The job (functions/src/services/reports/taxPackageBuild.ts) streams the files; this decides
 * their names.
 */

export const TAX_PACKAGE_NOTICE = 'A worksheet for your tax preparer, not tax advice.';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Text safe in a file name on Windows, macOS and Linux: no path or reserved characters, one space at a time. */
export function fileNamePart(text: string, max = 60): string {
  const cleaned = text
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const cut = [...cleaned].slice(0, max).join('').trim();
  return cut.replace(/[. ]+$/, '') || 'Untitled';
}

export interface ReceiptEntry {
  receiptId: string;
  contentType: string;
  fileName: string;
  transaction: { date: string; name: string; amount: number /* cents */ };
}

/**
 * receipts/<date> <name> <amount> <short id>.<ext>, e.g. "receipts/2025-03-14 Home Depot -45.10 3f2a9c1b.pdf":
 * sorted by date in any file browser, found by the payee or the amount, unique by the receipt's short id.
 */
export function receiptEntryName(entry: ReceiptEntry): string {
  const ext = EXTENSIONS[entry.contentType] ?? /\.(\w{1,5})$/.exec(entry.fileName)?.[1]?.toLowerCase() ?? 'bin';
  const shortId = entry.receiptId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || 'receipt';
  const t = entry.transaction;
  return `receipts/${t.date} ${fileNamePart(t.name)} ${centsToString(t.amount)} ${shortId}.${ext}`;
}

/** A name not yet used in the zip: the same name again gets " (2)", " (3)" before its extension. */
export function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    candidate = name.replace(/(\.\w+)?$/, (ext) => ` (${n})${ext}`);
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

export interface PackageFile {
  path: string;
  description: string;
}

export interface ReadmeInput {
  organization: string;
  year: string;
  /** ISO timestamp. */
  generatedAt: string;
  files: readonly PackageFile[];
  receiptCount: number;
  /** Receipts that could not be read (listed by name, with why). */
  missing: readonly string[];
  /** Anything else the preparer should know (e.g. a report left out and why). */
  notes?: readonly string[];
  /** The year's expenses without a receipt (over the threshold), one line each. */
  missingReceipts?: { title: string; lines: readonly string[] };
}

/** README.txt at the root of the zip: who, which year, when, what each file is, and that it is not tax advice. */
export function taxPackageReadme(input: ReadmeInput): string {
  const width = Math.max(...input.files.map((f) => f.path.length), 10);
  const lines = [
    `Tax package ${input.year}`,
    `Organization: ${input.organization}`,
    `Tax year: ${input.year} (January 1 to December 31)`,
    `Generated at: ${input.generatedAt} (UTC) by Rent.Today`,
    '',
    TAX_PACKAGE_NOTICE,
    'Every report is here as CSV (for a spreadsheet) and as PDF (to read or print). Amounts are US dollars;',
    'money out is negative. Ignored transactions are left out of every report; transfers and uncategorized',
    'transactions are listed in the detail report but counted in no total.',
    '',
    'Files',
    ...input.files.map((f) => `  ${f.path.padEnd(width)}  ${f.description}`),
    `  ${'receipts/'.padEnd(width)}  ${input.receiptCount} receipt ${input.receiptCount === 1 ? 'file' : 'files'} of the year's transactions, named "<date> <payee> <amount> <id>"`,
    '',
  ];
  if (input.missing.length > 0) {
    lines.push('Receipts that could not be included', ...input.missing.map((m) => `  ${m}`), '');
  }
  if (input.missingReceipts) {
    const { title, lines: missing } = input.missingReceipts;
    lines.push(`${title}: ${missing.length === 0 ? 'none' : missing.length}`, ...missing.map((m) => `  ${m}`), '');
  }
  if (input.notes && input.notes.length > 0) lines.push('Notes', ...input.notes.map((n) => `  ${n}`), '');
  return `${lines.join('\r\n')}\r\n`;
}
