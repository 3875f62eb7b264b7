/** File import (CSV, OFX, QFX; docs/banking.md "File import"). Part of THE route table (../routes.ts). Staff only. */
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
import type { RouteDef } from '../route.js';

export const previewImport = {
  id: 'previewImport',
  method: 'POST',
  path: '/api/imports/preview',
  body: ImportPreviewInput,
  response: ImportPreviewResult,
  roles: STAFF,
  maxBodyBytes: IMPORT_PREVIEW_MAX_BODY_BYTES,
} as const satisfies RouteDef;

export const createImport = {
  id: 'createImport',
  method: 'POST',
  path: '/api/imports',
  body: CreateImportInput,
  response: CreateImportResult,
  roles: STAFF,
  status: 201,
  maxBodyBytes: IMPORT_CHUNK_MAX_BODY_BYTES,
} as const satisfies RouteDef;

export const listImports = {
  id: 'listImports',
  method: 'GET',
  path: '/api/imports',
  query: ImportListQuery,
  response: ImportPage,
  roles: STAFF,
} as const satisfies RouteDef;

export const undoImport = {
  id: 'undoImport',
  method: 'DELETE',
  path: '/api/imports/{id}',
  params: byImportId,
  response: UndoImportResult,
  roles: STAFF,
} as const satisfies RouteDef;
