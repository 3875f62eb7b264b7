import type { RouteBody, Routes } from '@rent/shared/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { leaveNotice } from '../lib/notices';
import { callRoute } from './client';

/** Account deletion (its preview and the deletion), the public forms and the link pages (no sign-in). */
export function useAccountDeletionPreview(enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: ['account-deletion', session.data?.userId],
    queryFn: () => callRoute('getAccountDeletion'),
    enabled: enabled && session.status === 'authenticated',
    staleTime: 0,
  });
}

/** On success this browser signs out; the page it lands on confirms the deletion (lib/notices.ts). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: RouteBody<Routes['deleteAccount']>) => callRoute('deleteAccount', { body }),
    onSuccess: () => leaveNotice({ kind: 'account-deleted' }),
  });
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: RouteBody<Routes['sendContactMessage']>) => callRoute('sendContactMessage', { body }),
  });
}

export function useSubscribe() {
  return useMutation({ mutationFn: (body: RouteBody<Routes['subscribe']>) => callRoute('subscribe', { body }) });
}

export function useSubscriptionLink(token: string) {
  return useQuery({
    queryKey: ['subscription-link', token],
    queryFn: () => callRoute('getSubscription', { params: { token } }),
    retry: false,
  });
}

export function useConfirmSubscription() {
  return useMutation({ mutationFn: (token: string) => callRoute('confirmSubscription', { params: { token } }) });
}

export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: ['unsubscribe-link', token],
    queryFn: () => callRoute('getUnsubscribe', { params: { token } }),
    retry: false,
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => callRoute('unsubscribe', { params: { token } }) });
}
