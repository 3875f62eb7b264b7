import { IMPORT_CHUNK_MAX_BODY_BYTES, IMPORT_PREVIEW_MAX_BODY_BYTES } from '../../core/imports.js';
import {
  byImportId,
  CreateImportInput,
  CreateImportResult,
  ImportListQuery,
  ImportPage,
  ImportPreviewInput,
  ImportPreviewResult,
  UndoImportResult,
} from '../../domain/import.js';
import { STAFF } from '../../domain/roles.js';
import { defineRoute } from '../route.js';

/** File import (CSV, OFX, QFX; docs/banking.md "File import"). Part of THE route table (../routes.ts). Staff only. */
export const importRoutes = {
  previewImport: defineRoute({
    id: 'previewImport',
    method: 'POST',
    path: '/api/imports/preview',
    body: ImportPreviewInput,
    response: ImportPreviewResult,
    roles: STAFF,
    maxBodyBytes: IMPORT_PREVIEW_MAX_BODY_BYTES,
  }),
  createImport: defineRoute({
    id: 'createImport',
    method: 'POST',
    path: '/api/imports',
    body: CreateImportInput,
    response: CreateImportResult,
    roles: STAFF,
    status: 201,
    maxBodyBytes: IMPORT_CHUNK_MAX_BODY_BYTES,
  }),
  listImports: defineRoute({
    id: 'listImports',
    method: 'GET',
    path: '/api/imports',
    query: ImportListQuery,
    response: ImportPage,
    roles: STAFF,
  }),
  undoImport: defineRoute({
    id: 'undoImport',
    method: 'DELETE',
    path: '/api/imports/{id}',
    params: byImportId,
    response: UndoImportResult,
    roles: STAFF,
  }),
} as const;
