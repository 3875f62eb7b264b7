import Table, { type TableProps } from '@cloudscape-design/components/table';
import { humanizeRole } from '@rent/shared/core/roles';
import type { Member } from '../../api/members';
import { formatDateTime } from '../../lib/dates';
import type { MemberRowsProps } from './MembersSection';
import { memberLabel, memberName } from './use-org-settings';

/** Role right after the name: on a narrow desktop the first columns are the ones on screen. */
const columns = (me: string): TableProps.ColumnDefinition<Member>[] => [
  { id: 'name', header: 'Name', cell: (m) => memberName(m, me), isRowHeader: true },
  { id: 'role', header: 'Role', cell: (m) => <span data-testid="member-role">{humanizeRole(m.role)}</span> },
  { id: 'email', header: 'Email', cell: (m) => m.email },
  { id: 'joined', header: 'Joined', cell: (m) => formatDateTime(m.joinedAt) },
];

/** The members on a desktop (a part: a phone shows MembersSection's list and never downloads Cloudscape's table). */
export function MembersTable({ members, header, empty }: MemberRowsProps) {
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
      empty={empty}
      header={header}
    />
  );
}
