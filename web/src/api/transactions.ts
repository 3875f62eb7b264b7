import type { TransactionFilters } from '@rent/shared/core/filters';
import { PAGE_SIZE_MAX } from '@rent/shared/core/transactions';
import type {
  RouteInput,
  RouteResponse,
  Routes,
  TransactionInputBody,
  TransactionSplitBody,
  TransactionUpdateBody,
} from '@rent/shared/types';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { type CallOptions, callRoute } from './client';

export type { TransactionFilters } from '@rent/shared/core/filters';

export type Transaction = RouteResponse<Routes['getTransaction']>['transaction'];
export type TransactionTotals = RouteResponse<Routes['getTransactionTotals']>;
export type BulkSet = RouteInput<Routes['bulkUpdateTransactions']>['body']['set'];
type UnsplitBody = RouteInput<Routes['unsplitTransaction']>['body'];

export const transactionsKey = ['transactions'] as const;
export const transactionKey = (id: string) => ['transaction', id] as const;

/** Messages for failures that have one (docs/product.md "Error messages"). */
export const TRANSACTION_ERRORS = {
  create: 'Error creating transaction',
  update: 'Error updating transaction',
  ignore: 'Failed to update ignore status',
  unexpected: 'An unexpected error occurred',
} as const;

/**
 * "Error: " plus the message of an Error; anything else is "An unexpected error occurred".
 * `fallback` stands in when an Error carries no message.
 */
export function saveErrorText(error: unknown, fallback: string): string {
  if (error instanceof Error) return `Error: ${error.message || fallback}`;
  return TRANSACTION_ERRORS.unexpected;
}

/** Calls one page of the server can take before it answers short (filtered pages may need several). */
const MAX_CALLS_PER_PAGE = 12;

export interface TransactionPage {
  transactions: Transaction[];
  nextCursor: string | null;
}

/**
 * One page of `limit` transactions, newest first. With filters the server may answer a short (even
 * empty) page with a cursor to go on from: this keeps asking until the page is full, the ledger
 * ends, or MAX_CALLS_PER_PAGE calls were made (then the page is short and "next" continues).
 */
export async function fetchTransactionPage(
  filters: TransactionFilters,
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  const transactions: Transaction[] = [];
  let next = cursor;
  for (let calls = 0; calls < MAX_CALLS_PER_PAGE; calls++) {
    const page = await callRoute('listTransactions', {
      query: { ...filters, limit: limit - transactions.length, cursor: next ?? undefined },
    });
    transactions.push(...page.transactions);
    next = page.nextCursor;
    if (!next || transactions.length >= limit || signal?.aborted) break;
  }
  return { transactions, nextCursor: next };
}

/** One page of the ledger. Previous data stays on screen while the next page loads. */
export function useTransactionPage(
  filters: TransactionFilters,
  limit: number,
  cursor: string | null,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const session = useSession();
  return useQuery({
    queryKey: [...transactionsKey, 'page', filters, limit, cursor],
    queryFn: async ({ signal }) => {
      try {
        return await fetchTransactionPage(filters, limit, cursor, signal);
      } catch (error) {
        // A failed fetch is logged and rethrown (the page shows its error state).
        console.error('Failed to fetch transactions', error);
        throw error;
      }
    },
    enabled: enabled && session.status === 'authenticated',
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Calls the totals route until it is complete (rollups answer in one; text search and the like may need a few). */
export async function fetchTotals(filters: TransactionFilters): Promise<TransactionTotals> {
  let result = await callRoute('getTransactionTotals', { query: { ...filters } });
  for (let calls = 1; !result.complete && result.cursor && calls < 100; calls++) {
    result = await callRoute('getTransactionTotals', { query: { ...filters, cursor: result.cursor } });
  }
  return result;
}

/** In, out, net and count of the rows the filtered list shows, and what of the net the reports count. */
export function useTransactionTotals(filters: TransactionFilters, { enabled = true }: { enabled?: boolean } = {}) {
  const session = useSession();
  return useQuery({
    queryKey: [...transactionsKey, 'totals', filters],
    queryFn: () => fetchTotals(filters),
    enabled: enabled && session.status === 'authenticated',
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useTransaction(id: string | null, seed?: Transaction | null) {
  const session = useSession();
  return useQuery({
    queryKey: transactionKey(id ?? ''),
    queryFn: async () => (await callRoute('getTransaction', { params: { id: id ?? '' } })).transaction,
    enabled: session.status === 'authenticated' && !!id,
    initialData: seed && seed.id === id ? seed : undefined,
    // A row from the list is a fine start; read it afresh for the current version.
    initialDataUpdatedAt: 0,
    staleTime: 0,
  });
}

/** Every list, totals and the one transaction are stale after any write. */
function afterWrite(client: QueryClient, transaction?: Transaction) {
  if (transaction) client.setQueryData(transactionKey(transaction.id), transaction);
  void client.invalidateQueries({ queryKey: transactionsKey });
}

export function useCreateTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, overrideClosedPeriod }: { body: TransactionInputBody } & CallOptions) =>
      (await callRoute('createTransaction', { body, overrideClosedPeriod })).transaction,
    onSuccess: (transaction) => afterWrite(client, transaction),
    onError: (error) => console.error(TRANSACTION_ERRORS.create, error),
  });
}

export function useUpdateTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, overrideClosedPeriod }: { id: string; body: TransactionUpdateBody } & CallOptions) =>
      (await callRoute('updateTransaction', { params: { id }, body, overrideClosedPeriod })).transaction,
    onSuccess: (transaction) => afterWrite(client, transaction),
    onError: (error) => console.error(TRANSACTION_ERRORS.update, error),
  });
}

/** PUT split: the parts (adding up to the amount) replace the category, property and lease, or an earlier split. */
export function useSplitTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, overrideClosedPeriod }: { id: string; body: TransactionSplitBody } & CallOptions) =>
      (await callRoute('splitTransaction', { params: { id }, body, overrideClosedPeriod })).transaction,
    onSuccess: (transaction) => afterWrite(client, transaction),
  });
}

/** Unsplit: one category and property again for the whole amount. */
export function useUnsplitTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, overrideClosedPeriod }: { id: string; body: UnsplitBody } & CallOptions) =>
      (await callRoute('unsplitTransaction', { params: { id }, body, overrideClosedPeriod })).transaction,
    onSuccess: (transaction) => afterWrite(client, transaction),
  });
}

export function useSetIgnored() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isIgnored }: { id: string; isIgnored: boolean }) =>
      callRoute('setTransactionIgnored', { params: { id }, body: { isIgnored } }),
    // A read of the transaction still on its way began before this change: landing after it, it would put the old
    // state back on screen (the flyout reads the transaction as it opens, and a quick click can beat that read).
    onMutate: ({ id }) => client.cancelQueries({ queryKey: transactionKey(id) }),
    onSuccess: (result) => {
      client.setQueryData<Transaction>(transactionKey(result.id), (t) =>
        t ? { ...t, isIgnored: result.isIgnored, version: result.version } : t,
      );
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
    onError: (error) => console.error(TRANSACTION_ERRORS.ignore, error),
  });
}

export function useDeleteTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, overrideClosedPeriod }: { id: string } & CallOptions) =>
      callRoute('deleteTransaction', { params: { id }, overrideClosedPeriod }),
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: transactionKey(id) });
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
  });
}

export function useBulkUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; set: BulkSet }) => callRoute('bulkUpdateTransactions', { body }),
    onSettled: () => {
      for (const query of client.getQueryCache().findAll({ queryKey: ['transaction'] })) {
        void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      }
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
  });
}

/** Every transaction of the filtered set (for the CSV export), the most a call returns each time, reporting progress. */
export async function fetchAllTransactions(
  filters: TransactionFilters,
  onProgress: (count: number) => void,
  signal: AbortSignal,
): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let cursor: string | undefined;
  do {
    if (signal.aborted) throw new DOMException('Export cancelled', 'AbortError');
    const page = await callRoute('listTransactions', { query: { ...filters, limit: PAGE_SIZE_MAX, cursor } });
    all.push(...page.transactions);
    onProgress(all.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** Bank sync: accept (merge into one) or dismiss a suggested match of a posted charge and its pending one. */
export function useResolveMergeSuggestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }) =>
      (await callRoute('resolveMergeSuggestion', { params: { id }, body: { accept } })).transaction,
    onSuccess: (transaction, { id }) => {
      if (transaction.id !== id) client.removeQueries({ queryKey: transactionKey(id), exact: true });
      afterWrite(client, transaction);
    },
  });
}
