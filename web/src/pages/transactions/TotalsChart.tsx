import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import type { TransactionTotals } from '../../api/transactions';
import { formatMoney } from '../../lib/money';

/** Chart colours from Cloudscape's status palette (light fallbacks), so dark mode follows. */
const COLORS = {
  in: 'var(--color-charts-status-positive-bijtpy, #67a353)',
  out: 'var(--color-charts-status-high-36e4y0, #ba2e0f)',
  net: 'var(--color-charts-status-info-u1d8gu, #3184c2)',
};

const X_DOMAIN = ['Money in', 'Money out', 'Net'];

function compactMoney(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}$${(abs / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)}M`;
  if (abs >= 1_000) return `${sign}$${(abs / 1_000).toFixed(abs >= 10_000 ? 0 : 1)}K`;
  return `${sign}$${abs.toFixed(0)}`;
}

export interface TotalsChartProps {
  totals: TransactionTotals['totals'] | undefined;
  loading: boolean;
}

/**
 * In, out and net compared as bars (the server gives totals for a filter, not by month). Its own chunk: the chart
 * library is the largest part of the ledger's code, and the numbers beside it say the same first.
 */
export default function TotalsChart({ totals, loading }: TotalsChartProps) {
  const inValue = totals?.in ?? 0;
  const outValue = Math.abs(totals?.out ?? 0);
  const net = totals?.net ?? 0;
  return (
    <BarChart
      series={[
        {
          title: 'Money in',
          type: 'bar',
          data: [{ x: 'Money in', y: inValue }],
          color: COLORS.in,
          valueFormatter: (v) => formatMoney(v),
        },
        {
          title: 'Money out',
          type: 'bar',
          data: [{ x: 'Money out', y: outValue }],
          color: COLORS.out,
          valueFormatter: (v) => formatMoney(-v),
        },
        {
          title: 'Net',
          type: 'bar',
          data: [{ x: 'Net', y: net }],
          color: COLORS.net,
          valueFormatter: (v) => formatMoney(v),
        },
      ]}
      xDomain={X_DOMAIN}
      xScaleType="categorical"
      stackedBars
      hideFilter
      hideLegend
      fitHeight
      height={100}
      statusType={loading && !totals ? 'loading' : 'finished'}
      loadingText="Loading totals"
      ariaLabel="Money in, money out and net of the filtered transactions"
      ariaDescription={
        totals
          ? `Money in ${formatMoney(inValue)}, money out ${formatMoney(totals.out)}, net ${formatMoney(net)}.`
          : undefined
      }
      i18nStrings={{ yTickFormatter: compactMoney, xTickFormatter: (value) => String(value) }}
      empty={
        <Box textAlign="center" color="inherit">
          No transactions match
        </Box>
      }
    />
  );
}
