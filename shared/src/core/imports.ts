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
