import { REVIEW_TEXTS } from '@rent/shared/core/reviews';
import type { RouteResponse, Routes } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import { transactionsKey } from './transactions';

export type TransactionActivity = RouteResponse<Routes['getTransactionActivity']>;
export type AuditEntry = TransactionActivity['auditEntries'][number];

/**
 * A transaction's whole Activity (review requests, messages, audit entries) in one request, read by the
 * server with one Query. Under the ledger's key, so every ledger write's invalidation refreshes it.
 */
export const activityKey = (transactionId: string) => [...transactionsKey, 'activity', transactionId] as const;

export function useTransactionActivity(transactionId: string, enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: activityKey(transactionId),
    queryFn: () => callRoute('getTransactionActivity', { params: { id: transactionId } }),
    enabled: session.status === 'authenticated' && enabled,
    staleTime: 5_000,
    meta: {
      errorToast: { title: REVIEW_TEXTS.loadActivityFailed, description: REVIEW_TEXTS.loadActivityFailedDetail },
    },
  });
}

export const closedPeriodKey = ['closed-period'] as const;

/** The organization's closed period (Org Settings; staff read it). */
export function useClosedPeriod(enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: closedPeriodKey,
    queryFn: () => callRoute('getClosedPeriod'),
    enabled: session.status === 'authenticated' && enabled,
  });
}

/** Close the books through a date, or (ADMIN) reopen: null. */
export function useSetClosedPeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (closedThrough: string | null) => callRoute('setClosedPeriod', { body: { closedThrough } }),
    onSuccess: (saved) => client.setQueryData(closedPeriodKey, saved),
  });
}
