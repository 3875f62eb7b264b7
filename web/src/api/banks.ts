import type { BankAccount, BankConnection, BankStatus, LinkToken } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { ApiError, callRoute } from './client';

/**
 * Bank links (docs/banking.md "Bank links"): status, connections with their accounts, and the calls that change them.
 */
export type { BankAccount, BankConnection, BankStatus, LinkToken };

export const banksKey = ['banks'] as const;
const statusKey = [...banksKey, 'status'] as const;
const connectionsKey = [...banksKey, 'connections'] as const;

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
    onSettled: () => void client.invalidateQueries({ queryKey: banksKey }),
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
