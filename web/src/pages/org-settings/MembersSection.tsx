import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { humanizeRole } from '@rent/shared/core/roles';
import type { ReactNode } from 'react';
import { partOr } from '../../app/pageLoader';
import { EmptyState } from '../../components/EmptyState';
import { PhoneList } from '../../components/PhoneList';
import { formatDateTime } from '../../lib/dates';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { membersTable } from './parts';
import { memberLabel, memberName, type useOrgSettings } from './use-org-settings';

export type Members = ReturnType<typeof useOrgSettings>['members'];

/* The dialogs load when first opened (the role's with its picker): hidden, each was mounted with the page. */
const RoleModal = lazyWhenShown(() => import('./MemberModals').then((m) => m.MemberRoleModal));
const RemoveModal = lazyWhenShown(() => import('./MemberModals').then((m) => m.MemberRemoveModal));
const LeaveModal = lazyWhenShown(() => import('./MemberModals').then((m) => m.MemberLeaveModal));

/** What the members' rows are shown with: the list on a phone, the table (MembersTable) on a desktop. */
export interface MemberRowsProps {
  members: Members;
  header: ReactNode;
  empty: ReactNode;
}

/** The table on a desktop (it comes with the page there); the list until then, and on a phone, which never loads it. */
const DesktopMembers = partOr(membersTable, MemberList);

/** Org Settings' people: the members (staff), change role / remove (admins and landlords), and leave. */
export function MembersSection({ members, organizationName }: { members: Members; organizationName: string }) {
  const Rows = useMediaQuery(DESKTOP_QUERY) ? DesktopMembers : MemberList;
  const rows: MemberRowsProps = {
    members,
    header: <MembersHeader members={members} />,
    empty: <MembersEmpty members={members} />,
  };
  return (
    <SpaceBetween size="l">
      {members.canView ? <Rows {...rows} /> : null}
      {/* Drawn once the rows above it are in, as Org Settings' sections below: they would push it down. */}
      {members.loading ? null : <LeaveContainer members={members} organizationName={organizationName} />}
      <RoleModal shown={!!members.roleDialog} members={members} />
      <RemoveModal shown={!!members.removing} members={members} organizationName={organizationName} />
      <LeaveModal shown={members.leaving} members={members} organizationName={organizationName} />
    </SpaceBetween>
  );
}

function MembersEmpty({ members }: { members: Members }) {
  return (
    <EmptyState
      title={members.error ? 'Failed to load members' : 'No members'}
      action={members.error ? <Button onClick={members.retry}>Retry</Button> : undefined}
    >
      {members.error}
    </EmptyState>
  );
}

function MembersHeader({ members }: { members: Members }) {
  return (
    <Header
      variant="h2"
      counter={members.items.length ? `(${members.items.length})` : undefined}
      description={
        members.canManage
          ? 'Select a member to change their role or remove them. Only an admin grants or removes Admin, and changes or removes a landlord.'
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
  );
}

/**
 * The members on a phone: a row per member, their name (or email) over their email and when they joined, the role at
 * the end, and for admins and landlords a radio button that selects them for the header's actions (not their own
 * row). The table's columns do not fit 390 px, and its code and first render cost a phone several times this list's.
 */
function MemberList({ members, header, empty }: MemberRowsProps) {
  return (
    <PhoneList
      testId="members-table"
      label="Members"
      header={header}
      loading={members.loading}
      loadingText="Loading members"
      empty={empty}
      rows={members.items.map((m) => (
        <li key={m.userId} className={members.canManage ? 'rt-list-item' : 'rt-list-item rt-list-item-plain'}>
          {members.canManage ? (
            <input
              type="radio"
              name="member-selection"
              checked={members.selected?.userId === m.userId}
              disabled={m.userId === members.me}
              onChange={() => members.select(m)}
              aria-label={memberLabel(m)}
            />
          ) : null}
          <div className="rt-list-item-main">
            <span className="rt-list-title">{memberName(m, members.me)}</span>
            <div className="rt-list-meta">
              {m.email} · Joined {formatDateTime(m.joinedAt)}
            </div>
          </div>
          <div className="rt-list-end">
            <span data-testid="member-role">{humanizeRole(m.role)}</span>
          </div>
        </li>
      ))}
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
