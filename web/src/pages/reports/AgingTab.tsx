import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { AGING_BUCKETS, AGING_LABELS } from '@rent/shared/core/charges';
import { agingLeasesShown } from '@rent/shared/reports/agingTable';
import type { AgingRow } from '../../api/reports';
import { desktopPartOr } from '../../app/pageLoader';
import { BarRows } from '../../components/charts/BarRows';
import { CHART_COLORS } from '../../components/charts/colors';
import { EmptyState } from '../../components/EmptyState';
import { ReportFrame } from '../../components/ReportFrame';
import { RouterButton } from '../../components/RouterButton';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { money, placeOf, TenantLines } from './leaseCells';
import { agingTable } from './parts';
import type { useReports } from './use-reports';

/**
 * The leases with a balance on a phone: who and where, what each owes at the end, and under it the ages that hold
 * money. The table's eight columns do not fit 390 px, and a phone then never loads Cloudscape's table for the tab.
 */
function AgingList({ rows }: { rows: AgingRow[] }) {
  return (
    <SpaceBetween size="xs">
      <Header variant="h3" counter={`(${rows.length})`}>
        Leases
      </Header>
      <ul className="rt-list-list" aria-label="Balance by lease and age" data-testid="aging-list">
        {rows.map((row) => (
          <li
            key={row.leaseId}
            className="rt-list-item rt-list-item-plain rt-list-item-flush"
            data-testid="aging-lease"
          >
            <div className="rt-list-item-main">
              <TenantLines tenant={row.tenant} />
              <span className="rt-list-meta">{placeOf(row)}</span>
              <span className="rt-list-meta">
                {AGING_BUCKETS.filter((b) => row[b] !== 0)
                  .map((b) => `${AGING_LABELS[b]} ${formatMoney(row[b], 2)}`)
                  .join(' · ')}
              </span>
            </div>
            <div className="rt-list-end">
              <div>{money(row.balance)}</div>
              <div className="rt-list-meta">Balance</div>
            </div>
          </li>
        ))}
      </ul>
    </SpaceBetween>
  );
}

/** The leases: the table on a desktop, the list on a phone. */
const AgingLeases = desktopPartOr(agingTable, AgingList);

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
      description="What each lease owes today, by how long its charges are past due. Payments pay the oldest charges first."
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
            <Header variant="h3" description={`Owed on ${formatIsoDate(data.today)}`}>
              All leases
            </Header>
            <div data-testid="aging-totals">
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Balance', value: money(data.totals.balance) },
                  ...AGING_BUCKETS.map((b) => ({ label: AGING_LABELS[b], value: money(data.totals[b]) })),
                ]}
              />
            </div>
            <BarRows
              testId="aging-chart"
              rows={AGING_BUCKETS.map((b) => ({
                label: AGING_LABELS[b],
                bars: [{ value: data.totals[b], color: CHART_COLORS.negative }],
                text: formatMoney(data.totals[b], 2),
              }))}
              ariaLabel={`Money owed by how long it is past due: ${AGING_BUCKETS.map((b) => `${AGING_LABELS[b]} ${formatMoney(data.totals[b], 2)}`).join(', ')}.`}
            />
          </SpaceBetween>
          <AgingLeases rows={rows} />
        </SpaceBetween>
      )}
    </ReportFrame>
  );
}
