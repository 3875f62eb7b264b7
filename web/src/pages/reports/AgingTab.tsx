import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { AGING_BUCKETS, AGING_LABELS } from '@rent/shared/core/charges';
import { agingLeasesShown } from '@rent/shared/reports/agingTable';
import type { AgingRow } from '../../api/reports';
import { AgingChartLazy } from '../../components/charts/AgingChartLazy';
import { EmptyState } from '../../components/EmptyState';
import { ReportFrame } from '../../components/ReportFrame';
import { RouterButton } from '../../components/RouterButton';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import type { useReports } from './use-reports';

const CHART_HEIGHT = 300;

const money = (value: number) => <span className="rt-nowrap">{formatMoney(value, 2)}</span>;
const whoOf = (row: AgingRow) => row.tenant.name ?? row.tenant.email ?? 'A former member';
const whereOf = (row: AgingRow) => (row.unitLabel ? `${row.address}, ${row.unitLabel}` : row.address);

/**
 * The reports page's Aging tab: what tenants owe by how long it is past due, for every lease with a balance. Open
 * charges are bucketed by their due date (not yet due or due today: current); a credit shows as a negative balance.
 */
export function AgingTab({ r }: { r: ReturnType<typeof useReports> }) {
  const aging = r.aging;
  const data = aging.data;
  // The leases with a balance: the same rows as the CSV and the PDF (one table model, agingTable).
  const rows = data ? agingLeasesShown(data) : [];
  return (
    <ReportFrame
      variant="section"
      title="Aging"
      description={`What each lease owes today${data ? ` (${formatIsoDate(data.today)})` : ''}, by how long its charges are past due. Payments pay the oldest charges first.`}
      downloads={{
        testId: 'aging',
        csv: r.downloadAging,
        pdf: r.downloadAgingPdf,
        disabled: rows.length === 0,
        pdfBusy: r.pdf.busy,
      }}
      query={aging}
    >
      {!data ? (
        <StatusIndicator type="loading">Loading the aging report</StatusIndicator>
      ) : rows.length === 0 ? (
        <div data-testid="aging-empty">
          <EmptyState title="Nothing owed" action={<RouterButton href="/properties">Go to Properties</RouterButton>}>
            No lease has a balance today. Charges show here once they are due and unpaid.
          </EmptyState>
        </div>
      ) : (
        <SpaceBetween size="xl">
          <SpaceBetween size="m">
            <Header variant="h3">All leases</Header>
            <div data-testid="aging-totals">
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Balance', value: money(data.totals.balance) },
                  ...AGING_BUCKETS.map((b) => ({ label: AGING_LABELS[b], value: money(data.totals[b]) })),
                ]}
              />
            </div>
            <AgingChartLazy
              testId="aging-chart"
              totals={data.totals}
              height={CHART_HEIGHT}
              ariaLabel="Money owed by how long it is past due"
            />
          </SpaceBetween>
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
                cell: (row) => (
                  <SpaceBetween size="xxxs">
                    <span>{whoOf(row)}</span>
                    {row.tenant.name && row.tenant.email ? (
                      <Box variant="small" color="text-body-secondary">
                        {row.tenant.email}
                      </Box>
                    ) : null}
                  </SpaceBetween>
                ),
              },
              { id: 'property', header: 'Property', cell: whereOf },
              { id: 'balance', header: 'Balance', cell: (row) => money(row.balance) },
              ...AGING_BUCKETS.map((b) => ({
                id: b,
                header: <span className="rt-nowrap">{AGING_LABELS[b]}</span>,
                cell: (row: AgingRow) => money(row[b]),
              })),
            ]}
          />
        </SpaceBetween>
      )}
    </ReportFrame>
  );
}
