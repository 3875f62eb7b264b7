import { SECURITY_LOG_PAGE_DEFAULT } from '@rent/shared/core/security';
import type { RouteResponse, Routes } from '@rent/shared/types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getSessionState, useSession } from '../auth/session';
import { leaveNotice } from '../lib/notices';
import { callRoute } from './client';
import { useOrganization } from './organization';
import { chooseOrganization } from './organizationChoice';
import { queryClient } from './queryClient';

/** Several organizations (docs/people.md "Several organizations"): the caller's list and switching. */

/** The caller's organizations: they come with GET /api/organization (the header's query, no extra request). */
export function useMyOrganizations() {
  const { organization } = useOrganization();
  return { organizations: organization?.userOrganizations ?? [] };
}

/**
 * Acts in another organization from now on: the server checks the membership and remembers the choice,
 * this browser remembers it too (sent as X-Organization-Id), then every cached answer is dropped and the
 * app starts again on the home page, so nothing of the previous organization can show in this one.
 */
export async function switchOrganization(organizationId: string): Promise<void> {
  const userId = getSessionState().data?.userId;
  if (!userId) return;
  await callRoute('switchOrganization', { body: { organizationId } });
  chooseOrganization(userId, organizationId);
  leaveForHome();
}

/**
 * Creates an organization (the person becomes its ADMIN) and acts there from now on, as a switch does: the choice
 * is remembered and the app starts again on the home page, where the shell says what was made.
 */
export async function createOrganization(name: string): Promise<void> {
  const userId = getSessionState().data?.userId;
  const created = await callRoute('createOrganization', { body: { name } });
  if (userId) chooseOrganization(userId, created.id);
  leaveNotice({ kind: 'created', organization: created.name });
  leaveForHome();
}

/** Drops every cached answer and loads the home page afresh (the role's home: the dashboard or the tenant's). */
export function leaveForHome(): void {
  queryClient.clear();
  window.location.assign('/');
}

/** Org Settings "Membership activity" (ADMIN and LANDLORD), newest first, a page at a time. */
export type MembershipEvent = RouteResponse<Routes['listMembershipEvents']>['events'][number];
/** Under ['members']: every member change invalidates it with the member list (api/members.ts). */
export const membershipEventsKey = ['members', 'activity'] as const;

export function useMembershipEvents(options: { enabled: boolean }) {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: [...membershipEventsKey, session.data?.userId],
    queryFn: ({ pageParam }) =>
      callRoute('listMembershipEvents', {
        query: { limit: SECURITY_LOG_PAGE_DEFAULT, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: session.status === 'authenticated' && options.enabled,
    staleTime: 0,
  });
}
