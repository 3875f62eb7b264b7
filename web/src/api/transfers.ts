import type { RouteResponse, Routes } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import { type Transaction, transactionKey, transactionsKey } from './transactions';

/** Transfers between own accounts (docs/ledger.md "Transfers"): the pair, its candidates, pair and unpair. */
export type TransferInfo = RouteResponse<Routes['getTransactionTransfer']>;
export type TransferSide = TransferInfo['candidates'][number];
type PairResult = RouteResponse<Routes['pairTransactionTransfer']>;

/** Under the ledger's key, so every ledger write refreshes it. */
export const transferKey = (id: string) => [...transactionsKey, 'transfer', id] as const;

export function useTransfer(transaction: Pick<Transaction, 'id' | 'version'> | null) {
  const session = useSession();
  return useQuery({
    // The version in the key: a save of the transaction (a new category, ignored) asks again.
    queryKey: [...transferKey(transaction?.id ?? ''), transaction?.version ?? 0],
    queryFn: () => callRoute('getTransactionTransfer', { params: { id: transaction?.id ?? '' } }),
    enabled: session.status === 'authenticated' && !!transaction,
    staleTime: 5_000,
  });
}

function useAfterPair() {
  const client = useQueryClient();
  return (result: PairResult) => {
    for (const t of [result.transaction, result.other]) if (t) client.setQueryData(transactionKey(t.id), t);
    void client.invalidateQueries({ queryKey: transactionsKey });
  };
}

export function usePairTransfer() {
  const after = useAfterPair();
  return useMutation({
    mutationFn: ({ id, otherId }: { id: string; otherId: string }) =>
      callRoute('pairTransactionTransfer', { params: { id }, body: { otherId } }),
    onSuccess: after,
  });
}

export function useUnpairTransfer() {
  const after = useAfterPair();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => callRoute('unpairTransactionTransfer', { params: { id } }),
    onSuccess: after,
  });
}
