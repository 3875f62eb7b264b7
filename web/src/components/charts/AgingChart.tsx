import Box from '@cloudscape-design/components/box';
import MixedLineBarChart from '@cloudscape-design/components/mixed-line-bar-chart';
import { AGING_BUCKETS, AGING_LABELS, type AgingBucket } from '@rent/shared/core/charges';
import { formatCurrency } from '@rent/shared/core/money';

/** What is owed by how long it is past due, one bar per bucket (the aging report). Loaded lazily (AgingChartLazy). */
export interface AgingChartProps {
  /** Wire money (dollars) per bucket. */
  totals: Record<AgingBucket, number>;
  /** The whole chart's height (plot, axes and legend): the chart fits it. */
  height: number;
  ariaLabel: string;
}

const COLOR = 'var(--color-charts-status-high-36e4y0, #cc5f21)';
const money = (dollars: number) => formatCurrency(Math.round(dollars * 100), 2);
const compact = (dollars: number) =>
  Math.abs(dollars) >= 1000 ? `$${(dollars / 1000).toFixed(1)}K` : `$${dollars.toFixed(0)}`;

export default function AgingChart({ totals, height, ariaLabel }: AgingChartProps) {
  const labels = AGING_BUCKETS.map((b) => AGING_LABELS[b]);
  return (
    <MixedLineBarChart
      series={[
        {
          title: 'Owed',
          type: 'bar',
          data: AGING_BUCKETS.map((b) => ({ x: AGING_LABELS[b], y: totals[b] })),
          color: COLOR,
          valueFormatter: money,
        },
      ]}
      xDomain={labels}
      xScaleType="categorical"
      fitHeight
      height={Math.max(80, height - 150)}
      ariaLabel={ariaLabel}
      hideFilter
      i18nStrings={{ yTickFormatter: compact, xTickFormatter: (value) => String(value) }}
      empty={
        <Box textAlign="center" color="inherit">
          Nothing owed
        </Box>
      }
    />
  );
}
