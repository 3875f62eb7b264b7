import type { Reconciliation, ReconciliationList } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { ApiError, callRoute } from './client';
import { transactionsKey } from './transactions';

/** Statement reconciliation (docs/reconciliation.md): one account's month, and the calls that change it. */
export type { Reconciliation, ReconciliationList };

export const reconciliationKey = (accountId: string, month: string) => ['reconciliation', accountId, month] as const;

export function useReconciliation(accountId: string | null, month: string) {
  const session = useSession();
  return useQuery({
    queryKey: reconciliationKey(accountId ?? '', month),
    queryFn: () => callRoute('getReconciliation', { params: { id: accountId!, month } }) as Promise<Reconciliation>,
    enabled: session.status === 'authenticated' && accountId !== null,
  });
}

export type StatementBody = { startBalance?: string | null; endBalance?: string | null; ofx?: string | null };

/**
 * Finishing a long statement can take more than one request (503 RECONCILE_UNFINISHED: the lines marked so far stay
 * marked); it is sent again until it answers, a few times at most.
 */
const finishing = (params: { id: string; month: string }) => async (): Promise<Reconciliation> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await callRoute('finishReconciliation', { params })) as Reconciliation;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'RECONCILE_UNFINISHED') || attempt >= FINISH_ATTEMPTS)
        throw error;
    }
  }
};
const FINISH_ATTEMPTS = 10;

/** Every change answers the reconciliation as it stands now: it replaces the cached one. */
export function useReconciliationActions(accountId: string | null, month: string) {
  const client = useQueryClient();
  const params = { id: accountId ?? '', month };
  const settle = (next: Reconciliation) => client.setQueryData(reconciliationKey(params.id, month), next);
  const statement = useMutation({
    mutationFn: (body: StatementBody) => callRoute('putStatement', { params, body }) as Promise<Reconciliation>,
    onSuccess: settle,
  });
  const tick = useMutation({
    mutationFn: (body: { transactionId: string; cleared: boolean }) =>
      callRoute('tickReconciliationLine', { params, body }) as Promise<Reconciliation>,
    onSuccess: settle,
  });
  const refresh = () => client.invalidateQueries({ queryKey: reconciliationKey(params.id, month) });
  const add = useMutation({
    mutationFn: (lineId: string) => callRoute('addStatementLineToBooks', { params: { ...params, lineId } }),
    onSuccess: () => {
      void refresh();
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
  });
  const finish = useMutation({
    mutationFn: finishing(params),
    onSuccess: settle,
  });
  const undo = useMutation({
    mutationFn: () => callRoute('undoReconciliation', { params }) as Promise<Reconciliation>,
    onSuccess: settle,
  });
  return { statement, tick, add, finish, undo };
}
