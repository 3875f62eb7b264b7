import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { AGING_BUCKETS, AGING_LABELS } from '@rent/shared/core/charges';
import type { AgingRow } from '../../api/reports';
import { money, placeOf, TenantCell } from './leaseCells';

/** The leases with a balance on a desktop, a column per age. Its own chunk: a phone lists them (AgingTab). */
export function AgingTable({ rows }: { rows: AgingRow[] }) {
  return (
    <Table
      data-testid="aging-table"
      variant="embedded"
      wrapLines
      stickyColumns={{ first: 1 }}
      items={rows}
      trackBy="leaseId"
      header={
        <Header variant="h3" counter={`(${rows.length})`}>
          Leases
        </Header>
      }
      ariaLabels={{ tableLabel: 'Balance by lease and age' }}
      columnDefinitions={[
        {
          id: 'tenant',
          header: 'Tenant',
          isRowHeader: true,
          cell: (row) => <TenantCell tenant={row.tenant} />,
        },
        { id: 'property', header: 'Property', cell: (row) => placeOf(row) },
        { id: 'balance', header: 'Balance', cell: (row) => money(row.balance) },
        ...AGING_BUCKETS.map((b) => ({
          id: b,
          header: <span className="rt-nowrap">{AGING_LABELS[b]}</span>,
          cell: (row: AgingRow) => money(row[b]),
        })),
      ]}
    />
  );
}
