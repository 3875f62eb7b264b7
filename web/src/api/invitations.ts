import type { Invitation, InvitationInput, PublicInvitation } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';

export type { Invitation, PublicInvitation };

export const invitationsKey = ['invitations'] as const;

/** The organization's invitations, pending and past (ADMIN and LANDLORD only). */
export function useInvitations(options: { enabled: boolean }) {
  const session = useSession();
  return useQuery({
    queryKey: [...invitationsKey, session.data?.userId],
    queryFn: async () => (await callRoute('listInvitations')).invitations,
    enabled: session.status === 'authenticated' && options.enabled,
  });
}

function useInvitationMutation<T>(fn: (input: T) => Promise<Invitation>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: invitationsKey }),
        // The organization's membership activity records invitations sent and revoked (api/myOrganizations).
        client.invalidateQueries({ queryKey: ['members', 'activity'] }),
      ]),
  });
}

export const useCreateInvitation = () =>
  useInvitationMutation((body: InvitationInput) => callRoute('createInvitation', { body }));
export const useResendInvitation = () =>
  useInvitationMutation((id: string) => callRoute('resendInvitation', { params: { id } }));
export const useRevokeInvitation = () =>
  useInvitationMutation((id: string) => callRoute('revokeInvitation', { params: { id } }));

/** What an invitation link is for (public: works signed out). Its errors are shown by the page itself. */
export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation-link', token],
    queryFn: () => callRoute('getInvitationByToken', { params: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Accepting: the person's organization changes, so every cached answer goes. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callRoute('acceptInvitation', { body: { token } }),
    onSuccess: () => client.resetQueries(),
  });
}
