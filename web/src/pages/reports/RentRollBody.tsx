import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { RentRollLease, RentRollReport } from '../../api/reports';
import { desktopPartOr } from '../../app/pageLoader';
import { BelowTheFold } from '../../components/BelowTheFold';
import { BarRows } from '../../components/charts/BarRows';
import { CHART_COLORS } from '../../components/charts/colors';
import { RentChartLazy } from '../../components/charts/RentChartLazy';
import { EmptyState } from '../../components/EmptyState';
import { RouterButton } from '../../components/RouterButton';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { monthLabel } from '../../features/report-period/period';
import { formatMoney } from '../../lib/money';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { leaseMonthsTable } from './parts';
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
const MONTH_ROW_PX = 90;

/**
 * A lease's rent by month on a phone: a row a month, the month, its status (and why) and what was due and received,
 * the balance at the end. The table's five columns do not fit 390 px, and a phone then never loads Cloudscape's
 * table (its code and a 217 KB stylesheet) for the rent roll.
 */
function LeaseMonthsList({ lease, label }: { lease: RentRollLease; label: string }) {
  return (
    <ul className="rt-list-list" aria-label={label}>
      {lease.months.map((m) => (
        <li key={m.month} className="rt-list-item rt-list-item-plain rt-list-item-flush" data-testid="rent-roll-month">
          <div className="rt-list-item-main">
            <span className="rt-list-title">{monthLabel(m.month)}</span>
            <span className="rt-nowrap">
              <RentStatusBadge month={m} />
            </span>
            <span className="rt-list-meta">
              Due {formatMoney(m.due, 2)} · Received {formatMoney(m.received, 2)}
            </span>
            {m.note ? <span className="rt-list-meta">{m.note}</span> : null}
          </div>
          <div className="rt-list-end">
            <div>{formatMoney(m.balance, 2)}</div>
            <div className="rt-list-meta">Balance</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

const RENT_SERIES = [
  { key: 'due', label: 'Due', color: CHART_COLORS.neutral },
  { key: 'received', label: 'Received', color: CHART_COLORS.positive },
] as const;

/**
 * Rent due and received per month on a phone: a row a month, its two bars on one scale and what came in of what was
 * due. Cloudscape's chart, near the top of the tab, was the costliest part of a phone's load of the rent roll (its
 * axes measure each label's text in the layout); a desktop keeps it, with its popovers.
 */
function RentMonthBars({ months }: { months: RentRollReport['months'] }) {
  return (
    <BarRows
      testId="rent-roll-chart"
      legend={RENT_SERIES}
      rows={months.map((m) => ({
        label: monthLabel(m.month),
        bars: RENT_SERIES.map((series) => ({ value: m[series.key], color: series.color })),
        text: `${formatMoney(m.received)} of ${formatMoney(m.due)}`,
      }))}
      ariaLabel={`Rent due and received per month: ${months.map((m) => `${monthLabel(m.month)} due ${formatMoney(m.due)}, received ${formatMoney(m.received)}`).join('; ')}.`}
    />
  );
}

function RentByMonth({ months }: { months: RentRollReport['months'] }) {
  return useMediaQuery(DESKTOP_QUERY) ? (
    <RentChartLazy
      testId="rent-roll-chart"
      months={months}
      height={CHART_HEIGHT}
      ariaLabel="Rent due and received per month"
    />
  ) : (
    <RentMonthBars months={months} />
  );
}

/** A lease's months: the table on a desktop, the list on a phone. */
const LeaseMonths = desktopPartOr(leaseMonthsTable, LeaseMonthsList);

function LeaseRoll({ lease }: { lease: RentRollLease }) {
  const where = lease.unitLabel ? `${lease.address}, ${lease.unitLabel}` : lease.address;
  const who = lease.tenant.name ?? lease.tenant.email ?? 'A former member';
  const label = `Rent by month for ${who}, ${where}`;
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
        <LeaseMonths lease={lease} label={label} />
      </SpaceBetween>
    </section>
  );
}

/**
 * The rent roll's body, its code loaded with it: the portfolio's totals and chart, then a table per lease. Its frame
 * (title, period, downloads) is RentRollTab's.
 */
export function RentRollBody({ r }: { r: ReturnType<typeof useReports> }) {
  const data = r.rentRoll.data;
  if (!data) return <StatusIndicator type="loading">Loading the rent roll</StatusIndicator>;
  if (data.leases.length === 0) {
    return (
      <EmptyState
        title="No leases in this period"
        action={<RouterButton href="/properties">Go to Properties</RouterButton>}
      >
        Add leases in a property's Tenants section; their rent shows here month by month.
      </EmptyState>
    );
  }
  return (
    <SpaceBetween size="xl">
      <RentLinksReview />
      <SpaceBetween size="m">
        <Header variant="h3">All leases</Header>
        <TotalsView totals={data.totals} testId="rent-roll-totals" />
        <RentByMonth months={data.months} />
      </SpaceBetween>
      {data.leases.map((lease) => (
        <BelowTheFold key={lease.id} margin="25% 0px" reserve={leaseHeight(lease)}>
          <LeaseRoll lease={lease} />
        </BelowTheFold>
      ))}
    </SpaceBetween>
  );
}
