import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { humanizeRole } from '@rent/shared/core/roles';
import type { Member } from '../../api/members';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { memberLabel, type useOrgSettings } from './use-org-settings';

export type Members = ReturnType<typeof useOrgSettings>['members'];

/* The dialogs load when first opened (the role's with its picker): hidden, each was mounted with the page. */
const RoleModal = lazyWhenShown(() => import('./MemberModals').then((m) => m.MemberRoleModal));
const RemoveModal = lazyWhenShown(() => import('./MemberModals').then((m) => m.MemberRemoveModal));
const LeaveModal = lazyWhenShown(() => import('./MemberModals').then((m) => m.MemberLeaveModal));

/** Role right after the name: on a phone the first columns are the ones on screen. */
const columns = (me: string): TableProps.ColumnDefinition<Member>[] => [
  {
    id: 'name',
    header: 'Name',
    cell: (m) => (m.userId === me ? `${m.name || m.email} (you)` : m.name || '—'),
    isRowHeader: true,
  },
  { id: 'role', header: 'Role', cell: (m) => <span data-testid="member-role">{humanizeRole(m.role)}</span> },
  { id: 'email', header: 'Email', cell: (m) => m.email },
  { id: 'joined', header: 'Joined', cell: (m) => formatDateTime(m.joinedAt) },
];

/** Org Settings' people: the members table (staff), change role / remove (admins and landlords), and leave. */
export function MembersSection({ members, organizationName }: { members: Members; organizationName: string }) {
  return (
    <SpaceBetween size="l">
      {members.canView ? <MembersTable members={members} /> : null}
      <LeaveContainer members={members} organizationName={organizationName} />
      <RoleModal shown={!!members.roleDialog} members={members} />
      <RemoveModal shown={!!members.removing} members={members} organizationName={organizationName} />
      <LeaveModal shown={members.leaving} members={members} organizationName={organizationName} />
    </SpaceBetween>
  );
}

function MembersTable({ members }: { members: Members }) {
  return (
    <Table
      data-testid="members-table"
      variant="container"
      items={members.items}
      columnDefinitions={columns(members.me)}
      trackBy="userId"
      wrapLines
      selectionType={members.canManage ? 'single' : undefined}
      selectedItems={members.selected ? [members.selected] : []}
      onSelectionChange={({ detail }) => members.select(detail.selectedItems[0] ?? null)}
      isItemDisabled={(m) => m.userId === members.me}
      ariaLabels={{
        selectionGroupLabel: 'Member selection',
        itemSelectionLabel: (_, m) => memberLabel(m),
        tableLabel: 'Members',
      }}
      loading={members.loading}
      loadingText="Loading members"
      empty={
        <EmptyState
          title={members.error ? 'Failed to load members' : 'No members'}
          action={members.error ? <Button onClick={members.retry}>Retry</Button> : undefined}
        >
          {members.error}
        </EmptyState>
      }
      header={
        <Header
          variant="h2"
          counter={members.items.length ? `(${members.items.length})` : undefined}
          description={
            members.canManage
              ? 'Select a member to change their role or remove them. Only an admin grants or removes Admin.'
              : 'The people in your organization. Admins and landlords manage members.'
          }
          actions={
            members.canManage ? (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  disabled={!members.canChangeSelected}
                  onClick={members.openRoleDialog}
                  data-testid="member-change-role"
                >
                  Change role
                </Button>
                <Button disabled={!members.canChangeSelected} onClick={members.openRemove} data-testid="member-remove">
                  Remove
                </Button>
              </SpaceBetween>
            ) : undefined
          }
        >
          Members
        </Header>
      }
    />
  );
}

function LeaveContainer({ members, organizationName }: { members: Members; organizationName: string }) {
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <Button disabled={members.leaveBlocked} onClick={members.openLeave} data-testid="member-leave">
              Leave organization
            </Button>
          }
        >
          Leave organization
        </Header>
      }
    >
      {members.leaveBlocked ? (
        <Box data-testid="member-leave-blocked">
          You are the last admin of {organizationName}. Make someone else an admin before you leave.
        </Box>
      ) : (
        <Box color="text-body-secondary">
          You lose access to {organizationName} at once. If you sign in again, you start in a new organization of your
          own.
        </Box>
      )}
    </Container>
  );
}
