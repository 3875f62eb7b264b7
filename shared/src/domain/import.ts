import * as z from 'zod';
import { DATE_FORMATS } from '../core/fileImport/dates.js';
import { IMPORT_ROW_STATUSES } from '../core/fileImport/duplicates.js';
import {
  IMPORT_CHUNK_ROWS,
  IMPORT_EXTERNAL_ID_MAX,
  IMPORT_FILE_NAME_MAX,
  IMPORT_MAX_ROWS,
  IMPORT_PAGE_MAX,
  IMPORT_STATUSES,
} from '../core/imports.js';
import { formatCount } from '../core/money.js';
import { TRANSACTION_NAME_MAX, TRANSACTION_NOTES_MAX } from '../core/transactions.js';
import { Id, IsoDate, line, optionalText, pageLimit, Timestamp, text } from './common.js';
import { moneyField } from './money.js';
import { PropertyIdField } from './transaction.js';

/**
 * File import on the wire (docs/banking.md "File import"). The browser parses the file
 * (shared/src/core/fileImport) and sends rows; amounts are decimals on the wire, cents inside. Its limits are
 * core/imports.ts's.
 */

/** The browser makes the import's id (a UUID), so a repeated request continues the same import. */
export const ImportId = z
  .string({ error: 'An import id is required' })
  .regex(/^[A-Za-z0-9_-]{8,40}$/, { error: 'That import id is not valid' });

const tooMany = `An import holds at most ${formatCount(IMPORT_MAX_ROWS)} rows. Split the file into smaller periods.`;

export const ImportRowInput = z.strictObject({
  /** The file line the row came from: unique within the file, it names the row. */
  line: z
    .number({ error: 'line must be a whole number' })
    .int({ error: 'line must be a whole number' })
    .min(1, { error: 'line must be at least 1' })
    .max(10_000_000, { error: 'line is too large' }),
  date: IsoDate,
  name: text('Name', TRANSACTION_NAME_MAX),
  amount: moneyField(),
  externalId: z
    .string({ error: 'externalId must be text' })
    .trim()
    .max(IMPORT_EXTERNAL_ID_MAX, { error: `externalId must be at most ${IMPORT_EXTERNAL_ID_MAX} characters` })
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The bank's memo for the row (OFX MEMO): the transaction's notes. */
  notes: optionalText('Notes', TRANSACTION_NOTES_MAX),
});
export type ImportRowInput = z.output<typeof ImportRowInput>;

const uniqueLines = (rows: { line: number }[]) => new Set(rows.map((r) => r.line)).size === rows.length;
const BankAccountField = Id.nullable();

/** POST /api/imports/preview: every row of the file, and the account it goes into (or none). */
export const ImportPreviewInput = z.strictObject({
  bankAccountId: BankAccountField,
  rows: z
    .array(ImportRowInput)
    .min(1, { error: 'The file holds no rows to import' })
    .max(IMPORT_MAX_ROWS, { error: tooMany })
    .refine(uniqueLines, { error: 'Each line of the file can appear once' }),
});
export type ImportPreviewInput = z.output<typeof ImportPreviewInput>;

export const ImportRowStatusSchema = z.enum(IMPORT_ROW_STATUSES);

export const ImportPreviewRow = z.object({
  line: z.number(),
  status: ImportRowStatusSchema,
  reason: z.string().nullable(),
  /** Whether the row starts ticked: only new rows do (core/fileImport/duplicates.ts includedByDefault). */
  include: z.boolean(),
  /** The ledger transaction it matches, its account and where it came from: shown so the person can decide. */
  match: z
    .object({
      id: z.string(),
      date: z.string(),
      name: z.string(),
      amount: z.number(),
      bankAccountId: z.string().nullable(),
      /** The account's name as the bank list shows it ("Checking ••0000"); null without an account. */
      accountName: z.string().nullable(),
      /** "Bank", "Manual" or "Import: <file>" (core/transactions.ts transactionSourceLabel). */
      source: z.string(),
    })
    .nullable(),
});

/** Column indexes of a CSV, as the wizard maps them. */
const columnIndex = z
  .number({ error: 'A column must be a whole number' })
  .int({ error: 'A column must be a whole number' })
  .min(0, { error: 'A column must be at least 0' })
  .max(99, { error: 'A column must be at most 99' });

/**
 * The CSV column mapping a person confirmed for an account, remembered on the account and offered the next time a
 * file with the same columns is imported into it.
 */
export const ImportMapping = z.strictObject({
  /** The file's column names (its header, or "Column 1", ...): the mapping is offered for the same columns only. */
  columns: z
    .array(z.string().max(100, { error: 'A column name is at most 100 characters' }))
    .min(1)
    .max(100),
  date: columnIndex,
  name: columnIndex,
  amount: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('signed'), column: columnIndex }),
    z.strictObject({ kind: z.literal('split'), debit: columnIndex, credit: columnIndex }),
  ]),
  externalId: columnIndex.nullable(),
  flipSign: z.boolean(),
  dateFormat: z.enum(DATE_FORMATS).nullable(),
});
export type ImportMapping = z.output<typeof ImportMapping>;
export const ImportPreviewResult = z.object({
  rows: z.array(ImportPreviewRow),
  counts: z.object({ new: z.number(), duplicate: z.number(), possible_duplicate: z.number() }),
});
export type ImportPreviewResult = z.infer<typeof ImportPreviewResult>;

/**
 * POST /api/imports: one chunk of an import. The first call creates the import; later calls (and
 * repeats of any call) with the same id add to it. Each row says whether the person included it.
 */
export const CreateImportInput = z
  .strictObject({
    id: ImportId,
    fileName: line('File name', IMPORT_FILE_NAME_MAX),
    bankAccountId: BankAccountField,
    propertyId: PropertyIdField,
    /** A CSV's confirmed column mapping: remembered on the bank account for its next import (needs an account). */
    mapping: ImportMapping.nullish().transform((v) => v ?? null),
    /** How many rows the whole file sends over all chunks (included or not). */
    totalRows: z
      .number({ error: 'totalRows must be a whole number' })
      .int({ error: 'totalRows must be a whole number' })
      .min(1, { error: 'totalRows must be at least 1' })
      .max(IMPORT_MAX_ROWS, { error: tooMany }),
    rows: z
      .array(ImportRowInput.safeExtend({ include: z.boolean({ error: 'include must be true or false' }) }))
      .min(1, { error: 'Send at least one row' })
      .max(IMPORT_CHUNK_ROWS, { error: `Send at most ${IMPORT_CHUNK_ROWS} rows per request` })
      .refine(uniqueLines, { error: 'Each line of the file can appear once' }),
  })
  .refine((input) => input.rows.length <= input.totalRows, {
    error: 'This request sends more rows than totalRows says the whole file has',
    path: ['totalRows'],
  });
export type CreateImportInput = z.output<typeof CreateImportInput>;

export const FileImport = z.object({
  id: z.string(),
  fileName: z.string(),
  bankAccountId: z.string().nullable(),
  propertyId: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number(),
  /** Rows received so far (included or not); the import is complete when it reaches totalRows. */
  receivedRows: z.number(),
  importedCount: z.number(),
  skippedCount: z.number(),
  removedCount: z.number().nullable(),
  keptCount: z.number().nullable(),
  createdAt: Timestamp,
  createdBy: z.object({ userId: z.string(), email: z.string().nullable() }),
  finishedAt: Timestamp.nullable(),
  undoneAt: Timestamp.nullable(),
});
export type FileImport = z.infer<typeof FileImport>;

export const CreateImportResult = z.object({
  import: FileImport,
  /** Rows of this call written now, already there from an earlier try of the same call, and left out. */
  insertedCount: z.number(),
  existingCount: z.number(),
  skippedCount: z.number(),
});

export const ImportListQuery = z.strictObject({
  limit: pageLimit(IMPORT_PAGE_MAX),
  cursor: z.string().max(2000, { error: 'That cursor is not valid' }).optional(),
});
export const ImportPage = z.object({ imports: z.array(FileImport), nextCursor: z.string().nullable() });

export const UndoImportResult = z.object({
  import: FileImport,
  removedCount: z.number(),
  /** Transactions of the import that people changed since (edited, categorized, a receipt, a message): kept. */
  keptCount: z.number(),
  /** False when the call ran out of time: calling again continues. */
  complete: z.boolean(),
});

export const byImportId = z.strictObject({ id: ImportId });
