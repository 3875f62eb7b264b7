// The file-import parsers (browser side, loaded on the Import click) and the duplicate rules (server side).
export * from './amounts.js';
export * from './bankFormats.js';
export * from './csv.js';
export * from './dates.js';
export * from './duplicates.js';
export * from './ofx.js';
export * from './types.js';
