import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { missingReceiptFilter, noLandValueText } from '@rent/shared/core/attention';
import { ledgerFilterFor } from '@rent/shared/core/books';
import { UNCATEGORIZED } from '@rent/shared/core/filters';
import { toCents } from '@rent/shared/core/money';
import { collectionRate, occupancyRate } from '@rent/shared/core/occupancy';
import { isTenant } from '@rent/shared/core/roles';
import { memo, useMemo } from 'react';
import { useOrganization } from '../../api/organization';
import { useProperties } from '../../api/properties';
import { quietUntil } from '../../api/quiet';
import { type DashboardSummary, useDashboardSummary } from '../../api/reports';
import { KeyFigures, type KpiCell } from '../../features/books/KeyFigures';
import { kpiCells, periodKpis } from '../../features/books/kpis';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { monthLabel, periodLabel, type ReportPeriod } from '../../features/report-period/period';
import { usePeriod } from '../../features/report-period/usePeriod';
import { formatMoney } from '../../lib/money';
import { RouterLink } from '../../lib/navigation';

/** What needs a person's attention, each a count that links to the list it counts. */
function attentionItems(summary: DashboardSummary | undefined, period: ReportPeriod): AttentionItem[] {
  const a = summary?.attention;
  const { propertyId } = period;
  const scope = {
    from: period.from,
    to: period.to,
    ...(propertyId !== undefined && { propertyId: propertyId === 'none' ? null : propertyId }),
  };
  const ledger = new URLSearchParams(ledgerFilterFor({ ...scope, category: UNCATEGORIZED }));
  const noReceipt = new URLSearchParams(missingReceiptFilter(scope));
  return [
    {
      id: 'uncategorized',
      count: a?.uncategorized,
      one: 'uncategorized transaction in the period',
      many: 'uncategorized transactions in the period',
      href: `/transactions?${ledger}`,
    },
    {
      id: 'waiting',
      count: a?.waitingOnMe,
      one: 'transaction waiting on your review',
      many: 'transactions waiting on your review',
      href: '/transactions?waitingOnMe=true',
    },
    {
      id: 'maintenance',
      count: a?.openMaintenance,
      one: 'open maintenance request',
      many: 'open maintenance requests',
      href: '/maintenance',
    },
    {
      id: 'reconnect',
      count: a?.connectionsToReconnect,
      one: 'bank connection needing reconnect',
      many: 'bank connections needing reconnect',
      href: '/org-settings#bank-connections',
    },
    {
      id: 'receipts',
      count: a?.expensesWithoutReceipt,
      one: 'expense over $75 without a receipt in the period',
      many: 'expenses over $75 without a receipt in the period',
      href: `/transactions?${noReceipt}`,
    },
    overdueRentItem(a?.overdueRent),
    landValueItem(a?.noLandValue),
  ];
}

/** Leases owing rent or fees past their grace period, and how much: the aging report lists them. */
function overdueRentItem(overdue: DashboardSummary['attention']['overdueRent'] | undefined): AttentionItem {
  const one = overdue?.leases === 1;
  return {
    id: 'overdue-rent',
    count: overdue?.leases,
    one: 'lease owing rent past its grace period',
    many: 'leases owing rent past their grace period',
    href: '/reports?tab=aging',
    ...(overdue !== undefined &&
      overdue.leases > 0 && {
        text: `${overdue.leases} ${one ? 'lease owes' : 'leases owe'} ${formatMoney(overdue.amount, 2)} past ${one ? 'its' : 'their'} grace period`,
      }),
  };
}

interface AttentionItem {
  id: string;
  count: number | undefined;
  one: string;
  many: string;
  href: string;
  /** The link's text in place of "count one/many". */
  text?: string;
}

/**
 * Properties whose building cannot be depreciated for want of a land value: one opens its property's form, several
 * the properties page (where each says so).
 */
function landValueItem(missing: DashboardSummary['attention']['noLandValue'] | undefined): AttentionItem {
  return {
    id: 'land-value',
    count: missing?.length,
    one: 'property missing a land value',
    many: 'properties missing a land value',
    href: missing?.length === 1 ? `/properties?edit=${encodeURIComponent(missing[0]!.propertyId)}` : '/properties',
    ...(missing !== undefined && missing.length > 0 && { text: noLandValueText(missing.map((p) => p.address)) }),
  };
}

/**
 * The dashboard's key figures for a period and property (trailing 12 months by default; the period is in
 * the URL like on the cash flow page): income, expenses, NOI, cash flow, the ratios, this month's collection
 * and occupancy, and what needs attention. Shown once the role is known to keep the books.
 */
function useDashboardKeyFigures() {
  const org = useOrganization();
  const { period, setPeriod, today } = usePeriod();
  const books = !!org.role && !isTenant(org.role);
  const summary = useDashboardSummary(
    books ? { from: period.from, to: period.to, propertyId: period.propertyId } : null,
  );
  // The ratios need both; the properties usually answer first, and alone they change nothing here.
  const properties = useProperties({ enabled: books, ...quietUntil(!!summary.data) });
  const data = summary.data;
  const kpis = useMemo((): KpiCell[] => {
    const ratios = kpiCells(data && properties.data ? periodKpis(data, properties.data, period.propertyId) : null);
    const due = data ? toCents(data.collection.due) : null;
    return [
      ...ratios,
      {
        id: 'collection',
        label: `Rent collected (${monthLabel(today.slice(0, 7))})`,
        kpi: data ? collectionRate(due ?? 0, toCents(data.collection.received) ?? 0) : undefined,
      },
      { id: 'occupancy', label: 'Occupancy', kpi: data ? occupancyRate(data.occupancy) : undefined },
    ];
  }, [data, properties.data, period.propertyId, today]);
  return {
    summary,
    period,
    setPeriod,
    today,
    kpis,
    attention: attentionItems(data, period),
    stale: summary.isPlaceholderData,
  };
}

/** Memoized: the dashboard re-renders as each of its own queries lands; this section redraws only for its own data. */
export const DashboardKeyFigures = memo(function DashboardKeyFigures() {
  const k = useDashboardKeyFigures();
  return (
    <>
      <Container
        data-testid="dashboard-key-figures"
        header={
          <Header
            variant="h2"
            description={`${periodLabel(k.period.from, k.period.to)}. Transfers, ignored and uncategorized transactions are not counted.`}
          >
            Key figures
          </Header>
        }
      >
        <SpaceBetween size="l">
          <PeriodControls period={k.period} onChange={k.setPeriod} today={k.today} idPrefix="dashboard" />
          {k.summary.isError && !k.summary.data ? (
            <StatusIndicator type="error">Failed to load the key figures. Please try again.</StatusIndicator>
          ) : (
            <KeyFigures figures={k.summary.data?.figures} kpis={k.kpis} testIdPrefix="dashboard" stale={k.stale} />
          )}
        </SpaceBetween>
      </Container>
      <Container data-testid="dashboard-attention" header={<Header variant="h2">Needs attention</Header>}>
        <ul className="rt-attention" aria-busy={!k.summary.data}>
          {k.attention.map((item) => (
            <li key={item.id} data-testid={`dashboard-attention-${item.id}`}>
              {item.count === undefined ? (
                <Box color="text-body-secondary">…</Box>
              ) : item.count === 0 ? (
                <Box color="text-body-secondary">No {item.many}</Box>
              ) : (
                <RouterLink href={item.href}>
                  {item.text ?? `${item.count} ${item.count === 1 ? item.one : item.many}`}
                </RouterLink>
              )}
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
});
