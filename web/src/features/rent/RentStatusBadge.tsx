import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { RENT_STATUS_LABELS, type RentStatus } from '@rent/shared/core/leases';

const STATUS_TYPES: Record<RentStatus, StatusIndicatorProps.Type> = {
  paid: 'success',
  partial: 'warning',
  unpaid: 'pending',
  late: 'error',
  upcoming: 'info',
};

/** A month's rent status (the tenant's rental history and the rent roll). */
export function RentStatusBadge({ month }: { month: { status: RentStatus } }) {
  return <StatusIndicator type={STATUS_TYPES[month.status]}>{RENT_STATUS_LABELS[month.status]}</StatusIndicator>;
}
