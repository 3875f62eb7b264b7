import Button from '@cloudscape-design/components/button';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { ISSUE_TYPE_LABELS, MAINTENANCE_STATUS_LABELS, type MaintenanceStatus } from '@rent/shared/core/maintenance';
import type { MaintenanceRequest } from '../../api/maintenance';
import { formatDateTime } from '../../lib/dates';
import { withRememberedCells } from '../../lib/rememberedCells';

const STATUS_TYPES: Record<MaintenanceStatus, StatusIndicatorProps.Type> = {
  NEW: 'info',
  PENDING: 'pending',
  IN_PROGRESS: 'in-progress',
  RESOLVED: 'success',
};

export function MaintenanceStatusBadge({ status }: { status: MaintenanceStatus }) {
  return <StatusIndicator type={STATUS_TYPES[status]}>{MAINTENANCE_STATUS_LABELS[status]}</StatusIndicator>;
}

export const reporterLabel = (r: MaintenanceRequest) => r.reportedBy.name || r.reportedBy.email || 'Unknown';

/** The staff table's columns; the title opens the request in the maintenance flyout. */
export function maintenanceColumns(
  open: (request: MaintenanceRequest) => void,
  assigneeName: (userId: string | null) => string,
): TableProps.ColumnDefinition<MaintenanceRequest>[] {
  return withRememberedCells([
    {
      id: 'title',
      header: 'Title',
      isRowHeader: true,
      minWidth: 200,
      cell: (r) => (
        <Button variant="inline-link" onClick={() => open(r)} ariaLabel={`Open ${r.title}`}>
          {r.title}
        </Button>
      ),
    },
    { id: 'status', header: 'Status', minWidth: 140, cell: (r) => <MaintenanceStatusBadge status={r.status} /> },
    { id: 'property', header: 'Property', minWidth: 180, cell: (r) => r.property?.address ?? '—' },
    { id: 'issueType', header: 'Issue type', minWidth: 130, cell: (r) => ISSUE_TYPE_LABELS[r.issueType] },
    { id: 'reportedBy', header: 'Reported by', minWidth: 150, cell: reporterLabel },
    { id: 'assignedTo', header: 'Assigned to', minWidth: 140, cell: (r) => assigneeName(r.assignedToId) },
    { id: 'reportedAt', header: 'Reported', minWidth: 180, cell: (r) => formatDateTime(r.reportedAt) },
  ]);
}
