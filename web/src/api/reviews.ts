import { REVIEW_TEXTS } from '@rent/shared/core/reviews';
import type { RouteResponse, Routes } from '@rent/shared/types';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import { transactionKey, transactionsKey } from './transactions';

export type ReviewRequest = RouteResponse<Routes['listReviews']>['reviewRequests'][number];
export type TransactionMessage = RouteResponse<Routes['listTransactionMessages']>['messages'][number];

export const reviewsKey = (transactionId: string) => ['reviews', transactionId] as const;
export const messagesKey = (transactionId: string) => ['messages', transactionId] as const;

/** A transaction's review requests; asked for only when the Messages tab shows and there is something. */
export function useReviews(transactionId: string, enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: reviewsKey(transactionId),
    queryFn: async () => (await callRoute('listReviews', { query: { transactionId } })).reviewRequests,
    enabled: session.status === 'authenticated' && enabled,
    staleTime: 5_000,
    meta: {
      errorToast: { title: REVIEW_TEXTS.loadActivityFailed, description: REVIEW_TEXTS.loadActivityFailedDetail },
    },
  });
}

/** After any review or message write: the Activity, the transaction's flags and the ledger (badge, filters). */
function afterActivity(client: QueryClient, transactionId: string) {
  void client.invalidateQueries({ queryKey: reviewsKey(transactionId) });
  void client.invalidateQueries({ queryKey: messagesKey(transactionId) });
  void client.invalidateQueries({ queryKey: transactionKey(transactionId) });
  void client.invalidateQueries({ queryKey: transactionsKey });
}

export function usePostMessage(transactionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: string; reviewRequestId: string | null }) =>
      (await callRoute('postTransactionMessage', { params: { id: transactionId }, body: input })).message,
    onSuccess: () => afterActivity(client, transactionId),
    onError: (error) => console.error(REVIEW_TEXTS.postFailed, error),
  });
}

export function useRequestReview(transactionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { reviewerId: string; body: string }) =>
      callRoute('requestReview', { params: { id: transactionId }, body: input }),
    onSuccess: () => afterActivity(client, transactionId),
    onError: (error) => console.error(REVIEW_TEXTS.postFailed, error),
  });
}

export function useUpdateReview(transactionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; status: 'ACCEPTED' | 'REJECTED' | 'RESOLVED' }) =>
      (await callRoute('updateReview', { params: { id: input.id }, body: { status: input.status } })).reviewRequest,
    onSuccess: () => afterActivity(client, transactionId),
    onError: (error) => console.error(REVIEW_TEXTS.updateFailed, error),
  });
}
