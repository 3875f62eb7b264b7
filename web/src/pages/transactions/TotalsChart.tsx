import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TransactionTotals } from '../../api/transactions';
import { BarRows } from '../../components/charts/BarRows';
import { CHART_COLORS } from '../../components/charts/colors';
import { formatMoney } from '../../lib/money';

export interface TotalsChartProps {
  totals: TransactionTotals['totals'] | undefined;
  /** The totals shown are of the previous filters while the new ones load. */
  stale: boolean;
}

/**
 * In, out and net compared as three bars on one scale, each labelled with its amount (the server gives totals for a
 * filter, not by month).
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
  const rows = [
    { label: 'Money in', value: totals.in, color: CHART_COLORS.positive },
    { label: 'Money out', value: totals.out, color: CHART_COLORS.negative },
    { label: 'Net', value: totals.net, color: CHART_COLORS.info },
  ].map(({ label, value, color }) => ({ label, bars: [{ value, color }], text: formatMoney(value) }));
  return (
    <div className={stale ? 'rt-totals-chart rt-stale' : 'rt-totals-chart'}>
      <BarRows
        rows={rows}
        testId="totals-bars"
        ariaLabel={`Money in, money out and net of the filtered transactions: money in ${formatMoney(totals.in)}, money out ${formatMoney(totals.out)}, net ${formatMoney(totals.net)}.`}
      />
    </div>
  );
}
