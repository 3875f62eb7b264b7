import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import type { MembershipEvent } from '../../api/myOrganizations';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';
import { MEMBERSHIP_ACTION_TEXT, type useMembershipActivity } from './use-membership-activity';

/** Org Settings' "Membership activity" (ADMIN and LANDLORD): who joined, left, was invited or changed, newest first. */
export function MembershipActivitySection({ activity }: { activity: ReturnType<typeof useMembershipActivity> }) {
  return (
    <Table<MembershipEvent>
      data-testid="membership-activity"
      variant="container"
      header={
        <Header variant="h2" description="Role changes, invitations and people leaving, newest first. Kept for a year.">
          Membership activity
        </Header>
      }
      items={activity.events}
      loading={activity.loading}
      loadingText="Loading membership activity"
      trackBy="id"
      wrapLines
      ariaLabels={{ tableLabel: 'Membership activity' }}
      empty={
        <EmptyState
          title={activity.error ? 'Failed to load membership activity' : 'No activity yet'}
          action={activity.error ? <Button onClick={activity.retry}>Retry</Button> : undefined}
        >
          {activity.error ?? 'Invitations, role changes and people leaving will be listed here.'}
        </EmptyState>
      }
      columnDefinitions={[
        { id: 'when', header: 'When', minWidth: 160, cell: (e) => formatDateTime(e.createdAt) },
        {
          id: 'what',
          header: 'What',
          minWidth: 140,
          cell: (e) => <span data-testid="membership-action">{MEMBERSHIP_ACTION_TEXT[e.action]}</span>,
          isRowHeader: true,
        },
        { id: 'who', header: 'By', minWidth: 160, cell: (e) => e.actor },
        { id: 'details', header: 'Details', minWidth: 200, cell: (e) => e.details },
      ]}
      footer={
        activity.hasMore ? (
          <Box textAlign="center">
            <Button
              data-testid="membership-activity-more"
              variant="link"
              loading={activity.loadingMore}
              loadingText="Loading more events"
              onClick={activity.loadMore}
            >
              Load more
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}
