import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { RentRollLease, RentRollReport } from '../../api/reports';
import { BelowTheFold } from '../../components/BelowTheFold';
import { RentChartLazy } from '../../components/charts/RentChartLazy';
import { EmptyState } from '../../components/EmptyState';
import { PropertyPicker } from '../../components/PropertyPicker';
import { ReportFrame } from '../../components/ReportFrame';
import { RouterButton } from '../../components/RouterButton';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { monthLabel, periodLabel } from '../../features/report-period/period';
import { formatMoney } from '../../lib/money';
import { RentLinksReview } from './RentLinksReview';
import type { useReports } from './use-reports';

type Totals = RentRollReport['totals'];
const CHART_HEIGHT = 300;

const unlinkedNote = (t: Totals) =>
  t.unlinkedMonths > 0
    ? `In ${t.unlinkedMonths} ${t.unlinkedMonths === 1 ? 'month' : 'months'} the property also received rent linked to no lease: link it in the transaction to credit a lease.`
    : null;

function TotalsView({ totals, testId }: { totals: Totals; testId: string }) {
  const note = unlinkedNote(totals);
  return (
    <SpaceBetween size="xs">
      <div data-testid={testId}>
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Due', value: formatMoney(totals.due, 2) },
            { label: 'Received', value: formatMoney(totals.received, 2) },
            { label: 'Balance', value: formatMoney(totals.balance, 2) },
            { label: 'Collection rate', value: totals.collectionRateText },
          ]}
        />
      </div>
      {note ? (
        <Box variant="small" color="text-body-secondary">
          {note}
        </Box>
      ) : null}
    </SpaceBetween>
  );
}

/**
 * About what a lease's section measures on a phone (its header and totals, then a row a month), held until it renders:
 * the leases below the chart render one by one as they come near the screen, not all in the page's first commits.
 */
const leaseHeight = (lease: RentRollLease) => `${LEASE_HEAD_PX + lease.months.length * MONTH_ROW_PX}px`;
const LEASE_HEAD_PX = 300;
const MONTH_ROW_PX = 60;

function LeaseRoll({ lease }: { lease: RentRollLease }) {
  const where = lease.unitLabel ? `${lease.address}, ${lease.unitLabel}` : lease.address;
  const who = lease.tenant.name ?? lease.tenant.email ?? 'A former member';
  return (
    <section data-testid="rent-roll-lease" aria-label={`${who}, ${where}`}>
      <SpaceBetween size="s">
        <Header
          variant="h3"
          description={`${where}. ${formatMoney(lease.monthlyRent, 2)} due on day ${lease.rentDueDay}, late after ${lease.graceDays} grace days.${lease.tenant.email && lease.tenant.name ? ` ${lease.tenant.email}` : ''}`}
        >
          {who}
        </Header>
        <TotalsView totals={lease.totals} testId="rent-roll-lease-totals" />
        <Table
          variant="embedded"
          wrapLines
          items={lease.months}
          trackBy="month"
          ariaLabels={{ tableLabel: `Rent by month for ${who}, ${where}` }}
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
            {
              id: 'received',
              header: 'Received',
              cell: (m) => formatMoney(m.received, 2),
            },
            { id: 'balance', header: 'Balance', cell: (m) => formatMoney(m.balance, 2) },
          ]}
        />
      </SpaceBetween>
    </section>
  );
}

/** The reports page's Rent roll tab: a period and property, the portfolio's totals and chart, a table per lease. */
export function RentRollTab({ r }: { r: ReturnType<typeof useReports> }) {
  const roll = r.rentRoll;
  const data = roll.data;
  return (
    <ReportFrame
      variant="section"
      title="Rent roll"
      description={`${periodLabel(r.period.from, r.period.to)}, up to this month. Due is what the lease's charges that month cost; rent received is rent linked to the lease, and pays its oldest charges first.`}
      downloads={{
        testId: 'rent-roll',
        csv: r.downloadRentRoll,
        pdf: r.downloadRentRollPdf,
        disabled: !data,
        pdfBusy: r.pdf.busy,
      }}
      controls={
        <SpaceBetween direction="horizontal" size="s">
          <PeriodControls
            period={r.period}
            onChange={r.setPeriod}
            today={r.today}
            withProperty={false}
            idPrefix="rent"
          />
          <FormField label="Property" controlId="rent-property">
            <PropertyPicker
              controlId="rent-property"
              testId="rent-property"
              value={r.period.propertyId ?? ''}
              onChange={(id) => r.setPeriod({ propertyId: id || undefined })}
            />
          </FormField>
        </SpaceBetween>
      }
      query={roll}
    >
      {!data ? (
        <StatusIndicator type="loading">Loading the rent roll</StatusIndicator>
      ) : data.leases.length === 0 ? (
        <EmptyState
          title="No leases in this period"
          action={<RouterButton href="/properties">Go to Properties</RouterButton>}
        >
          Add leases in a property's Tenants section; their rent shows here month by month.
        </EmptyState>
      ) : (
        <SpaceBetween size="xl">
          <RentLinksReview />
          <SpaceBetween size="m">
            <Header variant="h3">All leases</Header>
            <TotalsView totals={data.totals} testId="rent-roll-totals" />
            <RentChartLazy
              testId="rent-roll-chart"
              months={data.months}
              height={CHART_HEIGHT}
              ariaLabel="Rent due and received per month"
            />
          </SpaceBetween>
          {data.leases.map((lease) => (
            <BelowTheFold key={lease.id} margin="25% 0px" reserve={leaseHeight(lease)}>
              <LeaseRoll lease={lease} />
            </BelowTheFold>
          ))}
        </SpaceBetween>
      )}
    </ReportFrame>
  );
}
