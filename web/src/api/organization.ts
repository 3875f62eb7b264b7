import type { RouteResponse, Routes } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { usePendingInvitation } from '../auth/pendingInvitation';
import { useSession } from '../auth/session';
import { callRoute, errorMessage } from './client';
import { chooseOrganization, chosenOrganization, lastOrganization, rememberOrganization } from './organizationChoice';

export const organizationKey = ['organization'] as const;
type Organization = RouteResponse<Routes['getOrganization']>;

/** Organization failures carry these messages; the detail falls back to "Unknown error". */
export const ORG_FETCH_ERROR = 'Failed to fetch organization';
export const ORG_UPDATE_ERROR = 'Failed to update organization';

export interface OrganizationState {
  isPending: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
  organization: Organization | null;
  role: Organization['userOrgRole'] | null;
  errorText: string | null;
}

export const OrganizationContext = createContext<OrganizationState | null>(null);

/**
 * The caller's organization and role, from the one query the app's OrganizationProvider runs: the shell, the flyout
 * hosts and the page ask for it some twenty times per page, and one query observer serves them all.
 */
export function useOrganization(): OrganizationState {
  const state = useContext(OrganizationContext);
  if (!state) throw new Error('useOrganization needs the OrganizationProvider (app/App.tsx) above it');
  return state;
}

/** The organization query, fetched only once a session with a userId exists; OrganizationProvider runs it. */
export function useOrganizationQuery(): OrganizationState {
  const session = useSession();
  const userId = session.data?.userId;
  // Not while this tab signs in for an invitation: the first request would make the invitee an organization.
  const invitation = usePendingInvitation();
  const enabled = session.status === 'authenticated' && !!userId && !invitation;
  const query = useQuery({
    queryKey: [...organizationKey, userId],
    queryFn: async () => {
      try {
        const organization = await callRoute('getOrganization');
        // The server's default (its remembered choice) becomes this browser's: later requests name it, so a
        // choice made meanwhile in another tab or device cannot mix two organizations' data on this page.
        if (userId && !chosenOrganization(userId)) chooseOrganization(userId, organization.id);
        if (userId) rememberOrganization(userId, organization);
        return organization;
      } catch (error) {
        console.error(ORG_FETCH_ERROR, error);
        throw error;
      }
    },
    enabled,
    staleTime: 5 * 60_000,
    // Back in the tab, ask again (one small request): a removal or a role change meanwhile shows at once, instead
    // of the pages of an organization that is no longer theirs.
    refetchOnWindowFocus: 'always',
    // A returning visitor starts from the organization as last fetched (stale at once, so fetched again now): an
    // equal answer keeps the same object, and nothing draws twice.
    initialData: enabled ? () => lastOrganization<Organization>(userId) : undefined,
    initialDataUpdatedAt: 0,
  });
  // Only what callers read: react-query re-renders for the fields read, and spreading the result would read them all
  // (every refetch's fetching flags would redraw the shell and every page). One object while they are unchanged.
  const { isPending, error, refetch, data } = query;
  return useMemo(
    () => ({
      isPending,
      error,
      refetch,
      organization: data ?? null,
      role: data?.userOrgRole ?? null,
      errorText: error ? errorMessage(error, 'Unknown error') : null,
    }),
    [isPending, error, refetch, data],
  );
}

export function useUpdateOrganization() {
  const client = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (name: string) => callRoute('updateOrganization', { body: { name } }),
    onSuccess: (organization) => {
      // On success the local name is updated (the header follows).
      // The PUT answers without the list of the caller's organizations: keep the one the GET brought.
      const userId = session.data?.userId;
      const updated = client.setQueryData<Organization>([...organizationKey, userId], (old) => ({
        ...organization,
        userOrganizations: organization.userOrganizations ?? old?.userOrganizations,
      }));
      if (userId && updated) rememberOrganization(userId, updated);
    },
    onError: (error) => console.error(ORG_UPDATE_ERROR, error),
  });
}
