import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import { currentLease } from '@rent/shared/core/leases';
import { isOpenMaintenance } from '@rent/shared/core/maintenance';
import { useRentalHistory } from '../../api/leases';
import { useMaintenancePage } from '../../api/maintenance';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { formatMoney } from '../../lib/money';
import { RouterLink } from '../../lib/navigation';

/** Requests read for the count: a tenant's own, newest first (more than anyone has open at once). */
const OWN_REQUESTS = 50;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A tenant's dashboard beside their home: this month's rent on their current lease (`currentLease`, the rule behind the
 * API's currentAssignmentId: due, received, status, as Rental History shows it) and their open maintenance requests.
 * Both lines keep their height while loading, so nothing below moves.
 */
export function TenantSummary() {
  const history = useRentalHistory({ enabled: true });
  const requests = useMaintenancePage({}, { limit: OWN_REQUESTS, cursor: null });
  const month = today().slice(0, 7);
  const lease = history.data ? currentLease(history.data.leases, today()) : null;
  const thisMonth = lease?.months.find((m) => m.month === month);
  const open = requests.data?.maintenanceRequests.filter((r) => isOpenMaintenance(r.status)).length;
  return (
    <ColumnLayout columns={2} variant="text-grid" minColumnWidth={140}>
      <div data-testid="tenant-rent-this-month">
        <Box variant="awsui-key-label">Rent this month</Box>
        {history.isPending ? (
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
          {open === undefined ? '—' : open} <RouterLink href="/maintenance">See them</RouterLink>
        </Box>
      </div>
    </ColumnLayout>
  );
}
