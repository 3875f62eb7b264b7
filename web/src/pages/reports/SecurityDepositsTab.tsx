import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { fromCents, toCents } from '@rent/shared/core/money';
import { useMemo } from 'react';
import type { SecurityDepositsProperty, SecurityDepositsReport } from '../../api/reports';
import { desktopPartOr } from '../../app/pageLoader';
import { EmptyState } from '../../components/EmptyState';
import { ReportFrame } from '../../components/ReportFrame';
import { RouterButton } from '../../components/RouterButton';
import { monthChoices, monthLabel } from '../../features/report-period/period';
import { formatMoney } from '../../lib/money';
import { money, NO_DEPOSIT_LEASE, TenantLines } from './leaseCells';
import { depositsTable } from './parts';
import type { useReports } from './use-reports';

type Totals = SecurityDepositsReport['totals'];

/** held − required, to the cent. */
const differenceOf = (t: Pick<Totals, 'held' | 'required'>) =>
  fromCents((toCents(t.held) ?? 0) - (toCents(t.required) ?? 0));

/** What the difference between held and asked for means, when there is one. */
function differenceNote(difference: number) {
  if (difference === 0) return null;
  const amount = formatMoney(Math.abs(difference), 2);
  return difference < 0
    ? `You hold ${amount} less than the leases ask for: a deposit not received yet, or not booked in the Security deposit category.`
    : `You hold ${amount} more than the leases ask for: a deposit of an ended lease not returned yet, or one booked twice.`;
}

function TotalsView({ totals }: { totals: Totals }) {
  const difference = differenceOf(totals);
  const note = differenceNote(difference);
  return (
    <SpaceBetween size="xs">
      <div data-testid="deposits-totals">
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Held', value: <span data-testid="deposits-held">{money(totals.held)}</span> },
            { label: 'Leases ask for', value: money(totals.required) },
            ...(difference !== 0 ? [{ label: 'Difference', value: money(difference) }] : []),
            { label: 'Received', value: money(totals.received) },
            { label: 'Returned', value: money(totals.returned) },
          ]}
        />
      </div>
      <Box variant="small" color="text-body-secondary">
        Deposits are money you hold for your tenants until they move out: a liability, not income. They count on no
        profit and loss or Schedule E line. {note}
      </Box>
    </SpaceBetween>
  );
}

/**
 * A property's leases and their deposits on a phone: the tenant (and email) and unit, the deposit at the end. A phone
 * then never loads Cloudscape's table for the tab.
 */
function DepositsList({ property }: { property: SecurityDepositsProperty }) {
  if (property.leases.length === 0) return <Box color="text-body-secondary">{NO_DEPOSIT_LEASE}</Box>;
  return (
    <ul className="rt-list-list" aria-label={`Deposits the leases of ${property.address} ask for`}>
      {property.leases.map((lease) => (
        <li
          key={lease.leaseId}
          className="rt-list-item rt-list-item-plain rt-list-item-flush"
          data-testid="deposits-lease"
        >
          <div className="rt-list-item-main">
            <TenantLines tenant={lease.tenant} />
            {lease.unitLabel ? <span className="rt-list-meta">{lease.unitLabel}</span> : null}
          </div>
          <div className="rt-list-end">
            <div>{money(lease.deposit)}</div>
            <div className="rt-list-meta">Deposit</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A property's leases: the table on a desktop, the list on a phone. */
const DepositLeases = desktopPartOr(depositsTable, DepositsList);

function PropertyDeposits({ property }: { property: SecurityDepositsProperty }) {
  return (
    <section data-testid="deposits-property" aria-label={property.address}>
      <SpaceBetween size="s">
        <Header variant="h3">{property.address}</Header>
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Held', value: money(property.held) },
            { label: 'Leases ask for', value: money(property.required) },
            { label: 'Received', value: money(property.received) },
            { label: 'Returned', value: money(property.returned) },
          ]}
        />
        <DepositLeases property={property} />
      </SpaceBetween>
    </section>
  );
}

/**
 * The reports page's Security deposits tab: what the ledger says is held at a month's end (received less returned,
 * per property) beside what the leases running then ask for, a table per property with its leases.
 */
export function SecurityDepositsTab({ r }: { r: ReturnType<typeof useReports> }) {
  const deposits = r.deposits;
  const data = deposits.data;
  const months = useMemo(() => monthChoices(r.today).map((m) => ({ value: m, label: monthLabel(m) })), [r.today]);
  return (
    <ReportFrame
      variant="section"
      title="Security deposits"
      description={`Held at the end of ${monthLabel(r.depositsMonth)}: received less returned in the Security deposit category, per property, beside what the leases running then ask for.`}
      downloads={{
        testId: 'deposits',
        csv: r.downloadDeposits,
        pdf: r.downloadDepositsPdf,
        disabled: !data || data.properties.length === 0,
        pdfBusy: r.pdf.busy,
      }}
      controls={
        <FormField label="Month" controlId="deposits-month">
          <Select
            controlId="deposits-month"
            data-testid="deposits-month"
            filteringType="auto"
            selectedOption={months.find((m) => m.value === r.depositsMonth) ?? null}
            options={months}
            onChange={({ detail }) => detail.selectedOption.value && r.setDepositsMonth(detail.selectedOption.value)}
          />
        </FormField>
      }
      query={deposits}
    >
      {!data ? (
        <StatusIndicator type="loading">Loading the security deposits</StatusIndicator>
      ) : data.properties.length === 0 ? (
        <div data-testid="deposits-empty">
          <EmptyState
            title="No security deposits"
            action={<RouterButton href="/properties">Go to Properties</RouterButton>}
          >
            Set a deposit on a lease, and book the money in the Security deposit category with the property.
          </EmptyState>
        </div>
      ) : (
        <SpaceBetween size="xl">
          <SpaceBetween size="m">
            <Header variant="h3">All properties</Header>
            <TotalsView totals={data.totals} />
          </SpaceBetween>
          {data.properties.map((property) => (
            <PropertyDeposits key={property.propertyId} property={property} />
          ))}
        </SpaceBetween>
      )}
    </ReportFrame>
  );
}
