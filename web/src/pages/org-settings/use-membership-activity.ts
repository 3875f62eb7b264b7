import { canManageMembers } from '@rent/shared/core/members';
import type { Role } from '@rent/shared/core/roles';
import { SECURITY_ACTION_LABELS } from '@rent/shared/core/security';
import { errorMessage } from '../../api/client';
import { type MembershipEvent, useMembershipEvents } from '../../api/myOrganizations';

/** How each membership action reads in Org Settings' "Membership activity": the security log's own labels. */
export const MEMBERSHIP_ACTION_TEXT: Record<MembershipEvent['action'], string> = SECURITY_ACTION_LABELS;

/**
 * The organization's membership events, newest first, a page at a time (ADMIN and LANDLORD only), read once the
 * section is `shown`.
 */
export function useMembershipActivity(myRole: Role | null, shown: boolean) {
  const visible = canManageMembers(myRole);
  const log = useMembershipEvents({ enabled: visible && shown });
  return {
    visible,
    events: log.data?.pages.flatMap((page) => page.events) ?? [],
    loading: log.isPending && log.fetchStatus !== 'idle',
    error: log.error ? errorMessage(log.error) : null,
    retry: () => void log.refetch(),
    hasMore: !!log.hasNextPage,
    loadingMore: log.isFetchingNextPage,
    loadMore: () => void log.fetchNextPage(),
  };
}
