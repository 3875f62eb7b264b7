import { canManageMembers } from '@rent/shared/core/members';
import type { Role } from '@rent/shared/core/roles';
import { errorMessage } from '../../api/client';
import { type MembershipEvent, useMembershipEvents } from '../../api/myOrganizations';

/** How each membership action reads in Org Settings' "Membership activity". */
export const MEMBERSHIP_ACTION_TEXT: Record<MembershipEvent['action'], string> = {
  ROLE_CHANGED: 'Role changed',
  MEMBER_REMOVED: 'Member removed',
  LEFT_ORGANIZATION: 'Left the organization',
  INVITATION_SENT: 'Invitation sent',
  INVITATION_REVOKED: 'Invitation revoked',
  INVITATION_ACCEPTED: 'Invitation accepted',
};

/** The organization's membership events, newest first, a page at a time (ADMIN and LANDLORD only). */
export function useMembershipActivity(myRole: Role | null) {
  const visible = canManageMembers(myRole);
  const log = useMembershipEvents({ enabled: visible });
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
