import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { formatMoney } from '../../lib/money';
import { RouterLink } from '../../lib/navigation';
import type { TenantSummaryFigures } from './use-dashboard';

/**
 * A tenant's dashboard beside their home: this month's rent on their current lease (due, received, status) and their
 * open maintenance requests (`useDashboard`). Both lines keep their height while loading, so nothing below moves.
 */
export function TenantSummary({ rentPending, thisMonth, openRequests }: TenantSummaryFigures) {
  return (
    <ColumnLayout columns={2} variant="text-grid" minColumnWidth={140}>
      <div data-testid="tenant-rent-this-month">
        <Box variant="awsui-key-label">Rent this month</Box>
        {rentPending ? (
          <Box color="text-body-secondary">—</Box>
        ) : thisMonth ? (
          <Box>
            <RentStatusBadge month={thisMonth} /> {formatMoney(thisMonth.received, 2)} of{' '}
            {formatMoney(thisMonth.due, 2)}
          </Box>
        ) : (
          <Box color="text-body-secondary">No rent due this month</Box>
        )}
      </div>
      <div data-testid="tenant-open-requests">
        <Box variant="awsui-key-label">Open maintenance requests</Box>
        <Box>
          {openRequests === undefined ? '—' : openRequests} <RouterLink href="/maintenance">See them</RouterLink>
        </Box>
      </div>
    </ColumnLayout>
  );
}
