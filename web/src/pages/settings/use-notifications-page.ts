import {
  type NotificationKind,
  type NotificationPreferenceMap,
  notificationsShownTo,
  OPTIONAL_NOTIFICATION_KINDS,
} from '@rent/shared/core/notifications';
import { isTenant } from '@rent/shared/core/roles';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useMyOrganizations } from '../../api/myOrganizations';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../../api/notifications';
import { useSession } from '../../auth/session';
import { toast } from '../../components/toast/store';

export const NOTIFICATIONS_LOAD_ERROR = 'Failed to load notification settings';
export const NOTIFICATIONS_SAVE_ERROR = 'Failed to save notification settings';

/**
 * /settings/notifications: the data-driven list of notification emails with the person's choices (server
 * side), edited as a draft and saved at once. Toasts: success 3000 ms, error "Error" 5000 ms.
 */
export function useNotificationsPage() {
  const session = useSession();
  const saved = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const [draft, setDraft] = useState<Partial<NotificationPreferenceMap>>({});

  const current = saved.data;
  const choice = (kind: NotificationKind) => draft[kind] ?? current?.[kind] ?? true;
  const changed = OPTIONAL_NOTIFICATION_KINDS.filter((kind) => current && choice(kind) !== current[kind]);

  // Staff kinds (reviews, bank connections) only for someone who is staff in one of their organizations.
  const { organizations } = useMyOrganizations();
  const staffSomewhere = organizations.length === 0 || organizations.some((o) => !isTenant(o.role));
  const items = notificationsShownTo(staffSomewhere).map((n) => ({
    ...n,
    enabled: n.optional ? choice(n.kind) : true,
  }));

  function toggle(kind: NotificationKind, enabled: boolean) {
    setDraft((d) => ({ ...d, [kind]: enabled }));
  }

  async function save() {
    if (!changed.length || update.isPending) return;
    try {
      await update.mutateAsync(Object.fromEntries(changed.map((kind) => [kind, choice(kind)])));
      setDraft({});
      toast.success('Notification settings saved', {
        description: 'Your email choices are updated.',
        duration: 3000,
      });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, NOTIFICATIONS_SAVE_ERROR), duration: 5000 });
    }
  }

  return {
    email: session.data?.email ?? null,
    items,
    loading: saved.isPending,
    loadError: saved.error ? errorMessage(saved.error, NOTIFICATIONS_LOAD_ERROR) : null,
    retry: () => void saved.refetch(),
    dirty: changed.length > 0,
    saving: update.isPending,
    toggle,
    save,
    reset: () => setDraft({}),
  };
}
