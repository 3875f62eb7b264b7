import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TransactionTotals } from '../../api/transactions';
import { formatMoney } from '../../lib/money';

/** Chart colours from Cloudscape's status palette (light fallbacks), so dark mode follows. */
const COLORS = {
  in: 'var(--color-charts-status-positive-bijtpy, #67a353)',
  out: 'var(--color-charts-status-high-36e4y0, #ba2e0f)',
  net: 'var(--color-charts-status-info-u1d8gu, #3184c2)',
};

/** A bar's share of the largest; one that is not zero stays visible however small. */
function barWidth(value: number, largest: number): string {
  if (value === 0) return '0';
  return `max(2px, ${(Math.abs(value) / largest) * 100}%)`;
}

export interface TotalsChartProps {
  totals: TransactionTotals['totals'] | undefined;
  /** The totals shown are of the previous filters while the new ones load. */
  stale: boolean;
}

/**
 * In, out and net compared as three bars on one scale, each labelled with its amount (the server gives totals for a
 * filter, not by month). Drawn with CSS rather than Cloudscape's bar chart: three bars need no axis, and the chart's
 * axis measures every tick label's text in the browser's layout, the longest task of the ledger's load on a phone
 * (docs/performance.md "Parts").
 */
export function TotalsChart({ totals, stale }: TotalsChartProps) {
  if (!totals) {
    return (
      <div className="rt-totals-chart">
        <StatusIndicator type="loading">Loading totals</StatusIndicator>
      </div>
    );
  }
  if (totals.count === 0) {
    return (
      <div className="rt-totals-chart">
        <Box textAlign="center" color="inherit">
          No transactions match
        </Box>
      </div>
    );
  }
  const bars = [
    { label: 'Money in', value: totals.in, color: COLORS.in },
    { label: 'Money out', value: totals.out, color: COLORS.out },
    { label: 'Net', value: totals.net, color: COLORS.net },
  ];
  const largest = Math.max(...bars.map((bar) => Math.abs(bar.value)));
  return (
    <div
      className={stale ? 'rt-totals-chart rt-stale' : 'rt-totals-chart'}
      role="img"
      aria-label={`Money in, money out and net of the filtered transactions: money in ${formatMoney(totals.in)}, money out ${formatMoney(totals.out)}, net ${formatMoney(totals.net)}.`}
      data-testid="totals-bars"
    >
      <div className="rt-totals-bars" aria-hidden="true">
        {bars.map((bar) => (
          <div key={bar.label} className="rt-totals-bar-row">
            <Box variant="small" color="text-body-secondary">
              {bar.label}
            </Box>
            <div className="rt-totals-bar-track">
              <div
                className="rt-totals-bar"
                style={{ inlineSize: barWidth(bar.value, largest), background: bar.color }}
              />
            </div>
            <Box variant="small" textAlign="right">
              {formatMoney(bar.value)}
            </Box>
          </div>
        ))}
      </div>
    </div>
  );
}
