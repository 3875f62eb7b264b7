/**
 * File import's limits (docs/banking.md "File import"), zod-free so the browser's wizard refuses what the server
 * would refuse before anything is sent. The schemas (domain/import.ts) and the routes' body limits read them here; the
 * file parsers are in core/fileImport.
 */

/** The biggest file the browser reads: a longer history is exported as several files. */
export const IMPORT_MAX_FILE_MB = 5;
export const IMPORT_MAX_FILE_BYTES = IMPORT_MAX_FILE_MB * 1024 * 1024;
/** The most rows one import (one file) may hold: a longer history is imported as several files. */
export const IMPORT_MAX_ROWS = 5_000;
/** Rows per POST /api/imports call: the browser sends a file in chunks of at most this many. */
export const IMPORT_CHUNK_ROWS = 500;
/** A preview carries every row of the file (~150 bytes each). */
export const IMPORT_PREVIEW_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const IMPORT_CHUNK_MAX_BODY_BYTES = 256 * 1024;
export const IMPORT_EXTERNAL_ID_MAX = 200;
export const IMPORT_FILE_NAME_MAX = 200;
export const IMPORT_PAGE_DEFAULT = 20;
export const IMPORT_PAGE_MAX = 100;

export const IMPORT_STATUSES = ['importing', 'imported', 'undoing', 'undone'] as const;

const encoder = new TextEncoder();
/** The size of a value as a JSON request body, in UTF-8 bytes. */
export const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/**
 * A file's rows as the browser sends them: consecutive chunks of at most IMPORT_CHUNK_ROWS rows and about `budget`
 * bytes of JSON (long names and bank memos make rows larger; the route refuses a body over
 * IMPORT_CHUNK_MAX_BODY_BYTES). Every chunk holds at least one row.
 */
export function importChunks<T>(rows: readonly T[], budget: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = jsonBytes(row) + 1;
    if (current.length > 0 && (current.length >= IMPORT_CHUNK_ROWS || bytes + size > budget)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
