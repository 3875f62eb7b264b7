import type { NotificationPreferenceMap, RouteBody, Routes } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';

/** The person's own notification email choices (GET/PUT /api/notification-preferences). */
export const notificationPreferencesKey = ['notification-preferences'] as const;

export function useNotificationPreferences() {
  const session = useSession();
  const userId = session.data?.userId;
  return useQuery({
    queryKey: [...notificationPreferencesKey, userId],
    queryFn: async (): Promise<NotificationPreferenceMap> =>
      (await callRoute('getNotificationPreferences')).preferences,
    enabled: session.status === 'authenticated' && !!userId,
  });
}

export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (preferences: RouteBody<Routes['updateNotificationPreferences']>['preferences']) =>
      callRoute('updateNotificationPreferences', { body: { preferences } }),
    onSuccess: (saved) => client.setQueryData([...notificationPreferencesKey, session.data?.userId], saved.preferences),
  });
}
