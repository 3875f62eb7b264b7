import { SECURITY_LOG_PAGE_DEFAULT } from '@rent/shared/core/security';
import type { RouteResponse, Routes } from '@rent/shared/types';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { leaveNotice } from '../lib/notices';
import { callRoute } from './client';

/** The person's own security log (GET /api/security-log) and "Sign out of all devices". */
export type SecurityEvent = RouteResponse<Routes['listSecurityLog']>['events'][number];

export const securityLogKey = ['security-log'] as const;

/** Newest first, a page at a time; `fetchNextPage` follows the server's signed cursor. */
export function useSecurityLog() {
  const session = useSession();
  const userId = session.data?.userId;
  return useInfiniteQuery({
    queryKey: [...securityLogKey, userId],
    queryFn: ({ pageParam }) =>
      callRoute('listSecurityLog', { query: { limit: SECURITY_LOG_PAGE_DEFAULT, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: session.status === 'authenticated' && !!userId,
    staleTime: 0,
  });
}

/** On success this browser signs out too; the page it lands on confirms what happened (lib/notices.ts). */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => callRoute('signOutEverywhere'),
    onSuccess: () => leaveNotice({ kind: 'signed-out-everywhere' }),
  });
}
