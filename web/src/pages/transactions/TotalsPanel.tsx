import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import type { TransactionTotals } from '../../api/transactions';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';

/** Chart colours from Cloudscape's status palette (light fallbacks), so dark mode follows. */
const COLORS = {
  in: 'var(--color-charts-status-positive-bijtpy, #67a353)',
  out: 'var(--color-charts-status-high-36e4y0, #ba2e0f)',
  net: 'var(--color-charts-status-info-u1d8gu, #3184c2)',
};

/** SPEC §9: summaries are USD with 0 decimals. */
const money = (value: number) => formatCurrency(toCents(value) ?? 0, 0);
const count = new Intl.NumberFormat('en-US');

function compactMoney(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}$${(abs / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)}M`;
  if (abs >= 1_000) return `${sign}$${(abs / 1_000).toFixed(abs >= 10_000 ? 0 : 1)}K`;
  return `${sign}$${abs.toFixed(0)}`;
}

function Metric({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone: 'in' | 'out' | 'neutral';
  testId: string;
}) {
  const color = tone === 'in' ? 'text-status-success' : tone === 'out' ? 'text-status-error' : 'inherit';
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="heading-l" fontWeight="bold" color={color} data-testid={testId}>
        {value}
      </Box>
    </div>
  );
}

export interface TotalsPanelProps {
  totals: TransactionTotals['totals'] | undefined;
  loading: boolean;
  /** The totals shown are of the previous filters while the new ones load. */
  stale: boolean;
  error: boolean;
  onRetry: () => void;
}

/**
 * In, out and net of the whole filtered set (ignored transactions excluded), as numbers and as a
 * small bar chart. The server gives totals for a filter, not by month, so the chart compares the three.
 */
export function TotalsPanel({ totals, loading, stale, error, onRetry }: TotalsPanelProps) {
  // ColumnLayout measures its width after the first paint; start with the count it will settle on (no shift).
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const inValue = totals?.in ?? 0;
  const outValue = Math.abs(totals?.out ?? 0);
  const net = totals?.net ?? 0;
  const x = ['Money in', 'Money out', 'Net'];
  return (
    <Container
      data-testid="transactions-totals"
      data-loading={loading || stale ? 'true' : 'false'}
      header={
        <Header
          variant="h2"
          description="Every transaction that matches the filters. Ignored transactions are excluded."
          info={
            stale ? (
              <StatusIndicator type="loading" data-testid="totals-updating">
                Updating
              </StatusIndicator>
            ) : undefined
          }
        >
          Totals
        </Header>
      }
    >
      {error && !totals ? (
        <StatusIndicator type="error">
          Failed to load the totals.{' '}
          <Button variant="inline-link" onClick={onRetry}>
            Retry
          </Button>
        </StatusIndicator>
      ) : (
        <ColumnLayout columns={desktop ? 2 : 1} variant="text-grid" minColumnWidth={260}>
          <div aria-busy={loading || stale} className={stale ? 'rt-totals-metrics rt-stale' : 'rt-totals-metrics'}>
            <ColumnLayout columns={2} minColumnWidth={120}>
              <Metric label="Money in" value={totals ? money(inValue) : '…'} tone="in" testId="totals-in" />
              <Metric label="Money out" value={totals ? money(totals.out) : '…'} tone="out" testId="totals-out" />
              <Metric
                label="Net"
                value={totals ? money(net) : '…'}
                tone={net < 0 ? 'out' : net > 0 ? 'in' : 'neutral'}
                testId="totals-net"
              />
              <Metric
                label="Transactions"
                value={totals ? count.format(totals.count) : '…'}
                tone="neutral"
                testId="totals-count"
              />
            </ColumnLayout>
          </div>
          <div data-testid="totals-chart">
            <BarChart
              series={[
                {
                  title: 'Money in',
                  type: 'bar',
                  data: [{ x: 'Money in', y: inValue }],
                  color: COLORS.in,
                  valueFormatter: money,
                },
                {
                  title: 'Money out',
                  type: 'bar',
                  data: [{ x: 'Money out', y: outValue }],
                  color: COLORS.out,
                  valueFormatter: (v) => money(-v),
                },
                { title: 'Net', type: 'bar', data: [{ x: 'Net', y: net }], color: COLORS.net, valueFormatter: money },
              ]}
              xDomain={x}
              xScaleType="categorical"
              stackedBars
              hideFilter
              hideLegend
              height={140}
              statusType={loading && !totals ? 'loading' : 'finished'}
              loadingText="Loading totals"
              ariaLabel="Money in, money out and net of the filtered transactions"
              ariaDescription={
                totals ? `Money in ${money(inValue)}, money out ${money(totals.out)}, net ${money(net)}.` : undefined
              }
              i18nStrings={{ yTickFormatter: compactMoney, xTickFormatter: (value) => String(value) }}
              empty={
                <Box textAlign="center" color="inherit">
                  No transactions match
                </Box>
              }
            />
          </div>
        </ColumnLayout>
      )}
    </Container>
  );
}
