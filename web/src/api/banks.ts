import type {
  BankAccount,
  BankConnection,
  BankStatus,
  DefaultPropertyApplied,
  DefaultPropertyPreview,
  LinkToken,
} from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { ApiError, callRoute } from './client';
import { transactionsKey } from './transactions';

/**
 * Bank links (docs/banking.md "Bank links"): status, connections with their accounts, and the calls that change them.
 */
export type { BankAccount, BankConnection, BankStatus, DefaultPropertyApplied, DefaultPropertyPreview, LinkToken };

export const banksKey = ['banks'] as const;
const statusKey = [...banksKey, 'status'] as const;
export const connectionsKey = [...banksKey, 'connections'] as const;

/** The status call (isConnected) and the connections that need someone (the banner). Staff only: a 403 is no banner. */
export function useBankStatus(options: { enabled?: boolean } = {}) {
  const session = useSession();
  return useQuery({
    queryKey: statusKey,
    queryFn: () => callRoute('getBankStatus') as Promise<BankStatus>,
    enabled: session.status === 'authenticated' && (options.enabled ?? true),
    staleTime: 30_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useBankConnections(options: { enabled?: boolean } = {}) {
  const session = useSession();
  return useQuery({
    queryKey: connectionsKey,
    queryFn: async () => ((await callRoute('listBankConnections')) as { connections: BankConnection[] }).connections,
    enabled: session.status === 'authenticated' && (options.enabled ?? true),
  });
}

function useBankMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: banksKey });
      // The dashboard's needs-attention list (a reconnect item) and the ledger follow the links.
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
  });
}

export const useCreateLinkToken = () =>
  useBankMutation((connectionId: string | null) => callRoute('createLinkToken', { body: { connectionId } }));

export const useExchangePublicToken = () =>
  useBankMutation((body: { publicToken: string; institution: { id: string; name: string } }) =>
    callRoute('exchangePublicToken', { body }),
  );

export const useConfirmReconnect = () =>
  useBankMutation((id: string) => callRoute('confirmBankReconnect', { params: { id } }));

export const useDisconnectBank = () => useBankMutation((id: string) => callRoute('disconnectBank', { params: { id } }));

export const useSetAccountProperty = () =>
  useBankMutation(({ id, propertyId }: { id: string; propertyId: string | null }) =>
    callRoute('updateBankAccount', { params: { id }, body: { propertyId } }),
  );

/** What filing an account's past transactions under its default property would do (read when the dialog opens). */
export function useDefaultPropertyPreview(accountId: string | null) {
  return useQuery({
    queryKey: [...banksKey, 'default-property-preview', accountId],
    queryFn: () => callRoute('previewAccountDefaultProperty', { params: { id: accountId! } }),
    enabled: accountId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useApplyDefaultProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => callRoute('applyAccountDefaultProperty', { params: { id: accountId } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: transactionsKey });
      void client.invalidateQueries({ queryKey: ['transaction'] });
    },
  });
}
