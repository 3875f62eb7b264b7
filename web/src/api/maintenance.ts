import type { MaintenanceFilter, RouteInput, RouteResponse, Routes } from '@rent/shared/types';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import { LINK_STALE_MS, putFile } from './receipts';

/**
 * Maintenance requests (docs/tenants-and-maintenance.md "Maintenance requests"): the list, one request, and the save.
 */
export type MaintenanceRequest = RouteResponse<Routes['getMaintenance']>['maintenanceRequest'];
export type MaintenanceCreateBody = RouteInput<Routes['createMaintenance']>['body'];
export type MaintenanceUpdateBody = RouteInput<Routes['updateMaintenance']>['body'];

export const maintenanceKey = ['maintenance'] as const;

/** One page of requests, newest first (a tenant's own; staff the organization's, filtered). */
export function useMaintenancePage(
  filter: MaintenanceFilter,
  page: { limit: number; cursor: string | null },
  options: { enabled?: boolean } = {},
) {
  const session = useSession();
  return useQuery({
    queryKey: [...maintenanceKey, 'list', session.data?.userId, filter, page.limit, page.cursor],
    queryFn: () =>
      callRoute('listMaintenance', {
        query: { ...filter, limit: page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) },
      }),
    enabled: session.status === 'authenticated' && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
}

/**
 * Creates (no id) or updates (PUT /api/maintenance?id=, with the version the person loaded) a request; every list
 * reloads after.
 */
export function useSaveMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: MaintenanceCreateBody } | { id: string; body: MaintenanceUpdateBody }) =>
      input.id === null
        ? callRoute('createMaintenance', { body: input.body })
        : callRoute('updateMaintenance', { query: { id: input.id }, body: input.body }),
    onSettled: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

/** Reopens a resolved request (POST /api/maintenance/{id}/reopen, at the version loaded); every list reloads. */
export function useReopenMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version: number }) =>
      callRoute('reopenMaintenance', { params: { id: input.id }, body: { version: input.version } }),
    onSettled: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

/** Loads one request afresh (after a 409, to show what someone else saved). */
export async function fetchMaintenanceRequest(id: string): Promise<MaintenanceRequest> {
  return (await callRoute('getMaintenance', { params: { id } })).maintenanceRequest;
}

export type MaintenanceEvent = RouteResponse<Routes['listMaintenanceActivity']>['events'][number];

/** A request's activity, oldest first (loaded when its flyout opens in edit mode). */
export function useMaintenanceActivity(id: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...maintenanceKey, 'activity', id],
    queryFn: async () => (await callRoute('listMaintenanceActivity', { params: { id: id! } })).events,
    enabled: session.status === 'authenticated' && !!id,
  });
}

export function useAddMaintenanceComment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => callRoute('addMaintenanceComment', { params: { id }, body: { body } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...maintenanceKey, 'activity', id] }),
  });
}

/** One request (a link to /maintenance?request=<id> opens it). */
export function useMaintenanceRequest(id: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...maintenanceKey, 'one', id],
    queryFn: async () => (await callRoute('getMaintenance', { params: { id: id! } })).maintenanceRequest,
    enabled: session.status === 'authenticated' && !!id,
    retry: false,
  });
}

/** A request's repair costs (staff): read each time the flyout shows them, so a cost just added is there. */
export function useMaintenanceCosts(requestId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...maintenanceKey, 'costs', requestId],
    queryFn: () => callRoute('listMaintenanceCosts', { params: { id: requestId! } }),
    enabled: session.status === 'authenticated' && !!requestId,
    staleTime: 0,
  });
}

const photosKey = (requestId: string) => [...maintenanceKey, 'photos', requestId] as const;

/** A request's photos with their short-lived links (asked again well before they end). */
export function useMaintenancePhotos(requestId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: photosKey(requestId ?? ''),
    queryFn: async () => (await callRoute('listMaintenancePhotos', { params: { id: requestId! } })).photos,
    enabled: session.status === 'authenticated' && !!requestId,
    staleTime: LINK_STALE_MS,
  });
}

/**
 * Uploads photos to a request one after the other (docs/tenants-and-maintenance.md "Photos"): a presigned PUT
 * each, then the confirm that checks the bytes; the list is read again after each. Stops at the first refusal
 * and says why.
 */
export async function uploadMaintenancePhotos(
  client: QueryClient,
  requestId: string,
  files: readonly File[],
  onProgress: (done: number) => void,
): Promise<void> {
  for (const [index, file] of files.entries()) {
    const { reference, upload } = await callRoute('createMaintenancePhotoUpload', {
      params: { id: requestId },
      body: { fileName: file.name || 'photo', contentType: file.type, size: file.size },
    });
    await putFile(upload, file, () => undefined);
    await callRoute('confirmMaintenancePhoto', { params: { id: requestId, photoId: reference } });
    onProgress(index + 1);
    await client.invalidateQueries({ queryKey: photosKey(requestId) });
  }
}
