import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { RentRollLease } from '../../api/reports';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { monthLabel } from '../../features/report-period/period';
import { formatMoney } from '../../lib/money';

/** A lease's rent by month on a desktop: a row a month, its status (and why), due, received and balance. */
export function LeaseMonthsTable({ lease, label }: { lease: RentRollLease; label: string }) {
  return (
    <Table
      variant="embedded"
      wrapLines
      items={lease.months}
      trackBy="month"
      ariaLabels={{ tableLabel: label }}
      columnDefinitions={[
        { id: 'month', header: 'Month', cell: (m) => monthLabel(m.month), isRowHeader: true },
        {
          id: 'status',
          header: 'Status',
          cell: (m) => (
            <SpaceBetween size="xxxs">
              <span className="rt-nowrap">
                <RentStatusBadge month={m} />
              </span>
              {m.note ? (
                <Box variant="small" color="text-body-secondary">
                  {m.note}
                </Box>
              ) : null}
            </SpaceBetween>
          ),
        },
        { id: 'due', header: 'Due', cell: (m) => formatMoney(m.due, 2) },
        { id: 'received', header: 'Received', cell: (m) => formatMoney(m.received, 2) },
        { id: 'balance', header: 'Balance', cell: (m) => formatMoney(m.balance, 2) },
      ]}
    />
  );
}
