import { ISSUE_TYPE_LABELS } from '@rent/shared/core/maintenance';
import type { ReactNode } from 'react';
import type { MaintenanceRequest } from '../../api/maintenance';
import { PhoneList } from '../../components/PhoneList';
import { formatDateTime } from '../../lib/dates';
import { MaintenanceStatusBadge, reporterLabel } from './columns';

/** What the staff's requests are shown with: this list on a phone, the table (MaintenanceTable) on a desktop. */
export interface RequestRowsProps {
  requests: readonly MaintenanceRequest[];
  /** The first answer (or the role) is on its way: shown instead of the rows. */
  loading: boolean;
  /** Shown when there are no rows: none yet, none matching, or the load failed. */
  empty: ReactNode;
  /** The page header, the counts and filters, and the pagination: the table's. */
  header: ReactNode;
  filter: ReactNode;
  pagination: ReactNode;
  onOpen: (request: MaintenanceRequest) => void;
  assigneeName: (userId: string | null) => string;
}

/**
 * The staff's requests on a phone: a row per request, the title (which opens it, as the table's does) over its
 * property, issue type, reporter, assignee and when it was reported, its status at the end. The table's seven
 * columns do not fit 390 px, and its code and first render cost a phone several times this list's.
 */
export function MaintenanceList({
  requests,
  loading,
  empty,
  header,
  filter,
  pagination,
  onOpen,
  assigneeName,
}: RequestRowsProps) {
  return (
    <PhoneList
      testId="maintenance-table"
      label="Maintenance requests"
      header={header}
      filter={filter}
      pagination={pagination}
      loading={loading}
      loadingText="Loading maintenance requests"
      empty={empty}
      rows={requests.map((r) => (
        <li key={r.id} className="rt-list-item rt-list-item-plain" data-testid="maintenance-item">
          <div className="rt-list-item-main">
            <button type="button" className="rt-list-open" onClick={() => onOpen(r)} aria-label={`Open ${r.title}`}>
              {r.title}
            </button>
            <div className="rt-list-meta">
              {[r.property?.address ?? 'No property', ISSUE_TYPE_LABELS[r.issueType]].join(' · ')}
            </div>
            <div className="rt-list-meta">
              {`Reported by ${reporterLabel(r)}, ${formatDateTime(r.reportedAt)} · Assigned to ${assigneeName(r.assignedToId)}`}
            </div>
          </div>
          <div className="rt-list-end">
            <MaintenanceStatusBadge status={r.status} />
          </div>
        </li>
      ))}
    />
  );
}
