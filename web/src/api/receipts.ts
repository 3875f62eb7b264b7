import {
  isReceiptContentType,
  RECEIPT_LINK_SECONDS,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_MB,
  type ReceiptContentType,
} from '@rent/shared/core/receipts';
import type { RouteResponse, Routes } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { ApiError, callRoute } from './client';
import { transactionKey, transactionsKey } from './transactions';

export type Receipt = RouteResponse<Routes['listMyReceipts']>['receipts'][number];

/** Error and success texts for receipts (docs/product.md "Messages people see"). */
export const RECEIPT_TEXTS = {
  uploadFailed: 'Failed to upload receipt',
  urlFailed: 'Could not get receipt URL',
  deleteFailed: 'Failed to delete receipt',
  uploaded: 'Receipt uploaded successfully!',
  confirmRemove: 'Remove this receipt? This cannot be undone.',
} as const;

export const receiptsKey = (transactionId: string | null) => ['receipts', transactionId ?? 'unattached'] as const;

/**
 * A receipt's file is refused before anything is sent when the server would refuse it too (docs/product.md
 * "Validation": images, and PDFs; core/receipts.ts holds the server's types and size).
 */
export function receiptFileProblem(file: File): string | null {
  if (!isReceiptContentType(file.type)) return 'Upload a JPEG, PNG, WebP or PDF file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > RECEIPT_MAX_BYTES) return `The file is larger than ${RECEIPT_MAX_MB} MB.`;
  return null;
}

/** A short-lived link (a receipt's or a photo's) is asked again well before it ends. */
export const LINK_STALE_MS = (RECEIPT_LINK_SECONDS * 1000 * 2) / 3;

/** A transaction's receipts. */
export function useReceipts(transactionId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: receiptsKey(transactionId),
    queryFn: async () =>
      (await callRoute('listMyReceipts', { query: { transactionId: transactionId ?? '' } })).receipts,
    enabled: session.status === 'authenticated' && !!transactionId,
  });
}

/** A short-lived link to a receipt's file (thumbnails use it; View asks for a fresh one). */
export async function fetchReceiptUrl(reference: string): Promise<string> {
  return (await callRoute('getReceiptUrl', { query: { reference } })).url;
}

export function useReceiptThumbnail(receipt: Receipt) {
  const image = receipt.contentType.startsWith('image/');
  return useQuery({
    queryKey: ['receipt-url', receipt.reference],
    queryFn: () => fetchReceiptUrl(receipt.reference),
    enabled: image,
    staleTime: LINK_STALE_MS,
    gcTime: (RECEIPT_LINK_SECONDS * 1000 * 4) / 5,
    retry: false,
  });
}

/** PUTs the file straight to storage with XMLHttpRequest, for upload progress (fetch has none). */
export function putFile(
  upload: { url: string; headers: Record<string, string> },
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', upload.url);
    for (const [name, value] of Object.entries(upload.headers)) {
      // The browser sets these itself (and refuses to be told).
      if (!/^(content-length|host)$/i.test(name)) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new ApiError(xhr.status, RECEIPT_TEXTS.uploadFailed, `STORAGE_${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError(0, RECEIPT_TEXTS.uploadFailed, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * The upload (docs/ledger.md "Receipts"): ask for a presigned PUT, send the bytes straight to
 * storage, then confirm (the server checks size, type and first bytes). With a null transactionId
 * the receipt stays unattached until createTransaction attaches it (receiptIds).
 */
export async function uploadReceipt(
  file: File,
  transactionId: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Receipt> {
  const problem = receiptFileProblem(file);
  if (problem) throw new ApiError(400, problem, 'VALIDATION');
  const { reference, upload } = await callRoute('createReceiptUpload', {
    body: {
      fileName: file.name || 'receipt',
      contentType: file.type as ReceiptContentType,
      size: file.size,
      transactionId,
    },
  });
  onProgress(0);
  await putFile(upload, file, onProgress, signal);
  const confirmed = await callRoute('confirmReceiptUpload', { params: { id: reference } });
  return confirmed.receipt;
}

export function useUploadReceipt(transactionId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadReceipt(file, transactionId, onProgress),
    onSuccess: (receipt) => {
      if (!transactionId) return;
      client.setQueryData<Receipt[]>(receiptsKey(transactionId), (list) => [...(list ?? []), receipt]);
      void client.invalidateQueries({ queryKey: receiptsKey(transactionId) });
      client.setQueryData(transactionKey(transactionId), (t: { hasReceipt: boolean } | undefined) =>
        t ? { ...t, hasReceipt: true } : t,
      );
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
  });
}

export function useDeleteReceipt(transactionId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute('deleteReceipt', { params: { id } }),
    onSuccess: ({ id }) => {
      if (!transactionId) return;
      client.setQueryData<Receipt[]>(receiptsKey(transactionId), (list) => list?.filter((r) => r.id !== id));
      void client.invalidateQueries({ queryKey: receiptsKey(transactionId) });
      void client.invalidateQueries({ queryKey: transactionKey(transactionId) });
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
    onError: (error) => console.error(RECEIPT_TEXTS.deleteFailed, error),
  });
}

/** Deletes uploads that will never be attached (a new transaction abandoned); failures are left to expire. */
export function useDiscardReceipts() {
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      Promise.allSettled(ids.map((id) => callRoute('deleteReceipt', { params: { id } }))),
  });
}
