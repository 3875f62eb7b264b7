import { IMPORT_CHUNK_MAX_BODY_BYTES, importChunks, jsonBytes } from '@rent/shared/core/imports';
import type { RouteInput, RouteResponse, Routes } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import { transactionsKey } from './transactions';

/** File import (docs/banking.md "File import"). Types only from shared: no zod, no parser in this module. */
export type FileImport = RouteResponse<Routes['listImports']>['imports'][number];
export type ImportPreview = RouteResponse<Routes['previewImport']>;
export type ImportRowBody = RouteInput<Routes['previewImport']>['body']['rows'][number];
export type CreateImportBody = RouteInput<Routes['createImport']>['body'];
export type ImportMappingBody = NonNullable<CreateImportBody['mapping']>;

export const importsKey = ['imports'] as const;
/** The import history lists the latest imports, at most this many. */
const IMPORT_HISTORY_SHOWN = 50;

export function useImports(enabled = true) {
  const session = useSession();
  return useQuery({
    queryKey: importsKey,
    queryFn: async () => (await callRoute('listImports', { query: { limit: IMPORT_HISTORY_SHOWN } })).imports,
    enabled: enabled && session.status === 'authenticated',
    staleTime: 5_000,
  });
}

/** The organization's linked bank accounts, for "into which account". */
export function useBankAccounts(enabled = true) {
  const session = useSession();
  return useQuery({
    queryKey: ['bank-accounts'],
    queryFn: async () => (await callRoute('listBankAccounts')).accounts,
    enabled: enabled && session.status === 'authenticated',
    staleTime: 30_000,
  });
}

export const previewImport = (bankAccountId: string | null, rows: ImportRowBody[]) =>
  callRoute('previewImport', { body: { bankAccountId, rows } });

/**
 * Sends a file's rows in chunks of at most IMPORT_CHUNK_ROWS, and at most IMPORT_CHUNK_MAX_BODY_BYTES each (long
 * names and bank memos make rows larger), under one import id (made here, so a retry of any chunk continues the
 * same import), reporting the rows sent so far.
 */
export async function sendImport(
  base: Omit<CreateImportBody, 'rows' | 'totalRows'>,
  rows: CreateImportBody['rows'],
  onProgress: (sent: number) => void,
) {
  let last: RouteResponse<Routes['createImport']> | null = null;
  let sent = 0;
  for (const chunk of importChunks(rows, IMPORT_CHUNK_MAX_BODY_BYTES - jsonBytes(base) - 1024)) {
    last = await withRetry(() => callRoute('createImport', { body: { ...base, totalRows: rows.length, rows: chunk } }));
    sent += chunk.length;
    onProgress(sent);
  }
  return last!;
}

/** One more try after a network failure or a busy answer: the server writes nothing twice. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== undefined && status !== 409 && status < 500) throw error;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return fn();
  }
}

/** Undo: called again while the server answers "not complete yet" (a large import). */
export function useUndoImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      let result = await callRoute('undoImport', { params: { id } });
      for (let calls = 1; !result.complete && calls < 20; calls++) {
        result = await callRoute('undoImport', { params: { id } });
      }
      return result;
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: transactionsKey });
      void client.invalidateQueries({ queryKey: importsKey });
    },
  });
}

/** After an import: the ledger, totals and the history are stale. */
export function useAfterImport() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: transactionsKey });
    void client.invalidateQueries({ queryKey: importsKey });
  };
}
