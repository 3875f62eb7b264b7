import { isTenant } from '@rent/shared/core/roles';
import type { Member, Role } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getSessionState, useSession } from '../auth/session';
import { callRoute } from './client';
import { forgetOrganization } from './organizationChoice';

export type { Member };

export const membersKey = ['members'] as const;

/** The organization's members (staff only: the server answers a tenant 403, so tenants never ask). */
export function useMembers(options: { enabled: boolean }) {
  const session = useSession();
  return useQuery({
    queryKey: [...membersKey, session.data?.userId],
    queryFn: async () => (await callRoute('listMembers')).members,
    enabled: session.status === 'authenticated' && options.enabled,
  });
}

export function useChangeMemberRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      callRoute('updateMemberRole', { params: { userId }, body: { role } }),
    onSettled: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callRoute('removeMember', { params: { userId } }),
    onSettled: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

/**
 * Leaving the organization: everything cached belonged to it, so the whole cache goes, and so does this
 * browser's choice of it: the next request acts in the person's default organization (another of theirs, or a
 * new one of their own; docs/people.md "Several organizations").
 */
export function useLeaveOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute('leaveOrganization'),
    // Every cached answer was about the old organization: start over (active queries refetch).
    onSuccess: () => {
      forgetOrganization(getSessionState().data?.userId);
      return client.resetQueries();
    },
  });
}

/** The organization's staff (not tenants) as people a maintenance request can be assigned to. */
export function useAssignees(options: { enabled: boolean }) {
  const members = useMembers(options);
  return useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => !isTenant(m.role))
        .map((m) => ({ userId: m.userId, label: m.name || m.email })),
    [members.data],
  );
}
