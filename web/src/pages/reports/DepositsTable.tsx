import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import type { SecurityDepositsProperty } from '../../api/reports';
import { money, NO_DEPOSIT_LEASE, TenantCell } from './leaseCells';

/** A property's leases and their deposits on a desktop. Its own chunk: a phone lists them (SecurityDepositsTab). */
export function DepositsTable({ property }: { property: SecurityDepositsProperty }) {
  return (
    <Table
      data-testid="deposits-table"
      variant="embedded"
      wrapLines
      items={property.leases}
      trackBy="leaseId"
      ariaLabels={{ tableLabel: `Deposits the leases of ${property.address} ask for` }}
      empty={
        <Box textAlign="center" color="text-body-secondary">
          {NO_DEPOSIT_LEASE}
        </Box>
      }
      columnDefinitions={[
        {
          id: 'tenant',
          header: 'Tenant',
          isRowHeader: true,
          cell: (lease) => <TenantCell tenant={lease.tenant} />,
        },
        { id: 'unit', header: 'Unit', cell: (lease) => lease.unitLabel ?? '—' },
        { id: 'deposit', header: 'Deposit', cell: (lease) => money(lease.deposit) },
      ]}
    />
  );
}
